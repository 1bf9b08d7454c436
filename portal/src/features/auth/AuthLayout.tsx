import type { ReactNode } from 'react';
import { Body1, Card, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../language/LanguagePicker';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    background: `linear-gradient(160deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground2} 60%)`,
    padding: tokens.spacingHorizontalL,
  },
  card: { width: 'min(420px, 100%)', padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalM },
  brand: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The frame of the signed-out pages: brand, a card, and the language choice. */
export function AuthLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <div className={styles.brand}>{t('common.appName')}</div>
      <Card className={styles.card}>
        <Title2 as="h1">{title}</Title2>
        {intro && <Body1>{intro}</Body1>}
        {children}
      </Card>
      <LanguagePicker />
    </div>
  );
}

export const useAuthFormStyles = () => useStyles().form;
