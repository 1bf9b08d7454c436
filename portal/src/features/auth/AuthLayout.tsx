import type { CSSProperties, ReactNode } from 'react';
import { Body1, Caption1, Card, makeStyles, mergeClasses, Title2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { OrgBranding } from '@shared/domain/branding';
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
  // The organisation's colour tints the page; its own colour (checked for 4.5:1 under white) fills the button.
  branded: { background: `linear-gradient(160deg, color-mix(in srgb, var(--org-brand) 16%, white) 0%, ${tokens.colorNeutralBackground2} 60%)` },
  card: { width: 'min(420px, 100%)', padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalM },
  brandedCard: { borderTop: '4px solid var(--org-brand)' },
  brand: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500 },
  org: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS, textAlign: 'center', maxWidth: 'min(420px, 100%)' },
  logo: { maxHeight: '64px', maxWidth: '240px', objectFit: 'contain' },
  orgName: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500, overflowWrap: 'anywhere' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  brandButton: {
    backgroundColor: 'var(--org-brand)',
    ':hover': { backgroundColor: 'var(--org-brand)', filter: 'brightness(0.9)' },
    ':hover:active': { backgroundColor: 'var(--org-brand)', filter: 'brightness(0.8)' },
  },
});

/** The organisation a sign-in page is branded for (spec: the organisation's login settings). */
export interface AuthBranding extends OrgBranding {
  name: string;
}

/** The frame of the signed-out pages: brand (the organisation's once known), a card, and the language choice. */
export function AuthLayout({ title, intro, branding, children }: { title: string; intro?: ReactNode; branding?: AuthBranding | null; children: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const color = branding?.brandColor;
  return (
    <div
      className={mergeClasses(styles.page, color ? styles.branded : undefined)}
      style={color ? ({ '--org-brand': color } as CSSProperties) : undefined}
      data-testid="auth-page"
    >
      {branding ? (
        <div className={styles.org} data-testid="org-branding">
          {branding.logoUrl && <img className={styles.logo} src={branding.logoUrl} alt={branding.name} data-testid="org-logo" />}
          {!branding.logoUrl && <div className={styles.orgName}>{branding.name}</div>}
          {branding.welcome && <Body1 data-testid="org-welcome">{branding.welcome}</Body1>}
          <Caption1>{t('common.appName')}</Caption1>
        </div>
      ) : (
        <div className={styles.brand}>{t('common.appName')}</div>
      )}
      <Card className={mergeClasses(styles.card, color ? styles.brandedCard : undefined)}>
        <Title2 as="h1">{title}</Title2>
        {intro && <Body1>{intro}</Body1>}
        {children}
      </Card>
      <LanguagePicker />
    </div>
  );
}

export const useAuthFormStyles = () => useStyles().form;
/** The class of the page's main button in the organisation's colour (only when it has one). */
export const useBrandButtonClass = (branding?: AuthBranding | null) => {
  const styles = useStyles();
  return branding?.brandColor ? styles.brandButton : undefined;
};
