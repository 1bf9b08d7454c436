import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '@shared/i18n/languages';
import { loadContentFonts } from '@shared/ui/fonts';
import { Outlet, useLocation } from 'react-router-dom';
import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { HELP_BUTTON_CLEARANCE_PX } from './layout';
import { isHeaderHidden } from './routes';
import { useEscapeClosesDialogs } from './useEscapeClosesDialogs';
import { useReturnFocusAfterDialogs } from './useReturnFocusAfterDialogs';
import { Header } from '../features/header/Header';
import { SubscriptionBanner } from '../features/subscription/SubscriptionBanner';
import { SubscriptionDialogs } from '../features/subscription/SubscriptionDialogs';
import { ChangePasswordDialog } from '../features/auth/ChangePasswordDialog';
import { HelpWidget } from '../features/help/HelpWidget';
import { WhatsNewDialog } from '../features/whatsNew/WhatsNewDialog';
import { BulkUploadInfoDialog } from '../features/bulkUpload/BulkUploadInfoDialog';
import { UpdateAvailableDialog, useVersionCheck } from '../features/version/versionCheck';

const useStyles = makeStyles({
  main: {
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    // The page ends below the help button, so its last row (and that row's menu) can scroll clear of it.
    paddingBottom: `${HELP_BUTTON_CLEARANCE_PX}px`,
    maxWidth: '1280px',
    margin: '0 auto',
  },
});

/** The signed-in app: header, subscription notices, app-wide dialogs around the current view. */
export default function Shell() {
  const styles = useStyles();
  const location = useLocation();
  const headerHidden = isHeaderHidden(location.pathname, location.search);
  useVersionCheck();
  useEscapeClosesDialogs();
  const { i18n } = useTranslation();
  const language = pickLanguage(i18n.language);
  // Korean questions show on every screen, not only the Korean one (after sign-in: not in /auth's download).
  useEffect(() => void loadContentFonts(language), [language]);
  useReturnFocusAfterDialogs();
  return (
    <>
      {!headerHidden && <Header />}
      {!headerHidden && <SubscriptionBanner />}
      <main className={styles.main}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SubscriptionDialogs />
      <ChangePasswordDialog />
      <WhatsNewDialog />
      <BulkUploadInfoDialog />
      <UpdateAvailableDialog />
      {!headerHidden && <HelpWidget />}
    </>
  );
}
