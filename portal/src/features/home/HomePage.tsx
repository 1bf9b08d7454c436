import { Body1, makeStyles, Subtitle2, Title2, tokens } from '@fluentui/react-components';
import { FolderOpen24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  empty: {
    marginTop: tokens.spacingVerticalXXL,
    padding: tokens.spacingVerticalXXXL,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    textAlign: 'center',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground2,
  },
});

/** A titled view with its empty state. */
export function PlaceholderView({ titleKey, bodyKey }: { titleKey: string; bodyKey: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <section>
      <Title2 as="h1">{t(titleKey)}</Title2>
      <div className={styles.empty}>
        <FolderOpen24Regular />
        <Subtitle2>{t('home.emptyTitle')}</Subtitle2>
        <Body1>{t(bodyKey)}</Body1>
      </div>
    </section>
  );
}

/** The library listing of /home/{library}/{folderId}; folders and tests come with the library issue. */
export function HomePage({ library, folderId }: { library: 'local' | 'global'; folderId: string }) {
  return (
    <div data-testid={`library-${library}-${folderId}`}>
      <PlaceholderView titleKey={library === 'global' ? 'home.globalLibraryTitle' : 'home.myLibraryTitle'} bodyKey="home.emptyBody" />
    </div>
  );
}
