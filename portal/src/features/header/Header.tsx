import { useLocation, useNavigate } from 'react-router-dom';
import {
  Avatar,
  Badge,
  Button,
  makeStyles,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tab,
  TabList,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { QuestionCircle24Regular, Sparkle24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { formatBadgeCount } from '@shared/domain/badge';
import { LANGUAGE_LABELS, SUPPORTED_LANGUAGES } from '@shared/i18n/languages';
import { selectCanBulkUpload, selectCanUseGlobalLibrary, selectIsExpired, selectUser } from '../auth/selectors';
import { dialogOpened } from '../../app/uiSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isGlobalMode, libraryPath, REPORT_DASHBOARD_PATH } from '../../app/routes';
import { useReportedCount } from './useReportedCount';
import { bar, stickyTop } from '../../app/surfaces';

export const HELP_VIDEOS_URL = 'https://www.youtube.com/@testforge';

const useStyles = makeStyles({
  header: {
    ...bar,
    ...stickyTop,
    // Above the pages' own sticky bars (the editor's, the student's).
    zIndex: 10,
    gap: tokens.spacingHorizontalL,
    padding: `0 ${tokens.spacingHorizontalXL}`,
    height: '56px',
    // A phone (issue 17: 360 px, long Korean and Vietnamese tab names): the tabs take a row of their
    // own under the brand and the buttons, and scroll sideways inside it, never the page.
    '@media (max-width: 600px)': {
      flexWrap: 'wrap',
      height: 'auto',
      rowGap: 0,
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM} 0`,
    },
  },
  brand: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500, color: tokens.colorBrandForeground1, whiteSpace: 'nowrap' },
  nav: { flexGrow: 1, minWidth: 0, overflowX: 'auto', '@media (max-width: 600px)': { order: 3, flexBasis: '100%' } },
  tabLabel: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  end: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, '@media (max-width: 600px)': { marginInlineStart: 'auto' } },
});

type TabValue = 'local' | 'global' | 'reports';

export function Header() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const canUseGlobal = useAppSelector(selectCanUseGlobalLibrary);
  const canBulkUpload = useAppSelector(selectCanBulkUpload);
  const expired = useAppSelector(selectIsExpired);
  const reported = useReportedCount(!expired);

  const selected: TabValue = location.pathname.includes('/errorReports') ? 'reports' : isGlobalMode(location.pathname) ? 'global' : 'local';
  // At 0 days the Global Library and Report Dashboard links go to / instead.
  const targets: Record<TabValue, string> = {
    local: libraryPath('local'),
    global: expired ? '/' : libraryPath('global'),
    reports: expired ? '/' : REPORT_DASHBOARD_PATH,
  };

  const openChangePassword = () => dispatch(dialogOpened(expired ? 'subscriptionExpired' : 'changePassword'));

  return (
    <header className={styles.header} data-testid="app-header">
      <span className={styles.brand}>{t('common.appName')}</span>
      <TabList
        className={styles.nav}
        aria-label={t('header.mainNavigation')}
        selectedValue={selected}
        onTabSelect={(_, data) => {
          const tab = data.value as TabValue;
          // A locked area explains itself: back to / with the expired modal.
          if (expired && tab !== 'local') dispatch(dialogOpened('subscriptionExpired'));
          navigate(targets[tab]);
        }}
      >
        <Tab value="local">{t('header.myLibrary')}</Tab>
        {canUseGlobal && <Tab value="global">{t('header.globalLibrary')}</Tab>}
        <Tab value="reports">
          <span className={styles.tabLabel}>
            {t('header.reportDashboard')}
            {reported !== null && reported > 0 && (
              <Badge size="small" color="danger" data-testid="report-badge" aria-label={t('header.reportedCount', { count: reported })}>
                {formatBadgeCount(reported)}
              </Badge>
            )}
          </span>
        </Tab>
      </TabList>
      <div className={styles.end}>
        {canBulkUpload && (
          <Button appearance="subtle" onClick={() => dispatch(dialogOpened('bulkUploadInfo'))} data-testid="bulk-upload-button">
            <span className={styles.tabLabel}>
              <Badge size="small" color="brand">
                {t('header.new')}
              </Badge>
              {t('header.bulkUpload')}
            </span>
          </Button>
        )}
        <Tooltip content={t('header.whatsNew')} relationship="label">
          <Button appearance="subtle" icon={<Sparkle24Regular />} onClick={() => dispatch(dialogOpened('whatsNew'))} data-testid="whats-new-button" />
        </Tooltip>
        <Tooltip content={t('header.helpVideos')} relationship="label">
          <Button as="a" href={HELP_VIDEOS_URL} target="_blank" rel="noreferrer" appearance="subtle" icon={<QuestionCircle24Regular />} />
        </Tooltip>
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            {/* The name comes from the avatar (its initials are hidden from screen readers), so the
                visible text and the accessible name agree (axe: label-content-name-mismatch). */}
            <Button appearance="subtle" data-testid="user-menu">
              <Avatar name={user?.name} size={28} color="colorful" aria-label={`${t('header.account')}: ${user?.name ?? ''}`} />
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem disabled>
                {user?.name} · {user?.organization.name}
              </MenuItem>
              <MenuDivider />
              <MenuItem onClick={openChangePassword}>{t('header.changePassword')}</MenuItem>
              <MenuDivider />
              {SUPPORTED_LANGUAGES.map((lng) => (
                <MenuItem key={lng} lang={lng} onClick={() => void i18n.changeLanguage(lng)} data-testid={`language-${lng}`}>
                  {LANGUAGE_LABELS[lng]}
                  {i18n.language === lng ? ' ✓' : ''}
                </MenuItem>
              ))}
              <MenuDivider />
              <MenuItem onClick={() => navigate('/logout')}>{t('header.logout')}</MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
    </header>
  );
}
