import { Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../app/EmptyState';

/** A titled view with its empty state, for the views later issues build. */
export function PlaceholderView({ titleKey, bodyKey }: { titleKey: string; bodyKey: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <Title2 as="h1">{t(titleKey)}</Title2>
      <div style={{ marginTop: 24 }}>
        <EmptyState title={t('home.emptyTitle')} body={t(bodyKey)} />
      </div>
    </section>
  );
}
