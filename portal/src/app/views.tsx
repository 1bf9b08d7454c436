import { lazy, type ReactElement } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import type { LibraryKind } from '@shared/api/libraryTypes';
import { selectCanUseGlobalLibrary, selectIsExpired } from '../features/auth/selectors';
import { useAppSelector } from './hooks';
import { DEFAULT_PATH, REPORT_DASHBOARD_PATH } from './routes';
import { LibraryPage } from '../features/library/LibraryPage';
import { PrintPage } from '../features/print/PrintPage';
import { EditorPage } from '../features/editor/EditorPage';
import { ReportDashboard } from '../features/reports/ReportDashboard';

// The Results screen and its charting library are a chunk of their own, fetched when opened:
// the views' chunk (preloaded at sign-in) does not grow.
const TrashPage = lazy(() => import('../features/trash/TrashPage').then((module) => ({ default: module.TrashPage })));
const ResultsPage = lazy(() => import('../features/results/ResultsPage').then((module) => ({ default: module.ResultsPage })));

/**
 * The library a `/home/{library}/...` route names, or where to send the user instead: an unknown
 * library goes to the default path; the Global Library needs shared-global access, and at 0 days
 * its link leads to /; an expired account sees the locked library without asking the server
 * (it would refuse).
 */
function LibraryRoute({ children }: { children: (library: LibraryKind) => ReactElement }) {
  const { library = 'local' } = useParams();
  const canUseGlobal = useAppSelector(selectCanUseGlobalLibrary);
  const expired = useAppSelector(selectIsExpired);
  if (library !== 'local' && library !== 'global') return <Navigate to={DEFAULT_PATH} replace />;
  if (library === 'global' && (!canUseGlobal || expired)) return <Navigate to="/" replace />;
  if (expired) return <ExpiredLibrary />;
  return children(library);
}

export function LibraryView() {
  const { folderId = '0' } = useParams();
  const { search } = useLocation();
  // The spec's form of the dashboard's address: /home/local/0?errorReports&statusType=REPORTED.
  const query = new URLSearchParams(search);
  if (query.has('errorReports'))
    return <Navigate to={`${REPORT_DASHBOARD_PATH.split('?')[0]}?statusType=${encodeURIComponent(query.get('statusType') ?? 'REPORTED')}`} replace />;
  return <LibraryRoute>{(library) => <LibraryPage key={`${library}/${folderId}`} library={library} folderId={folderId} />}</LibraryRoute>;
}

function ExpiredLibrary() {
  const { t } = useTranslation();
  return (
    <section data-testid="library-expired">
      <Title2 as="h1">{t('home.myLibraryTitle')}</Title2>
      <div style={{ marginTop: 24 }}>
        <EmptyState title={t('subscription.expiredTitle')} body={t('subscription.expiredBody')} />
      </div>
    </section>
  );
}

export function ReportDashboardView() {
  const expired = useAppSelector(selectIsExpired);
  if (expired) return <Navigate to="/" replace />;
  return <ReportDashboard />;
}

/** The test editor (`/home/{local|global}/editTest/{testId}`); the header is hidden there. */
export function EditorView() {
  const { testId = '' } = useParams();
  return <LibraryRoute>{(library) => <EditorPage key={testId} library={library} testId={testId} />}</LibraryRoute>;
}

export function PrintView() {
  const { id = '' } = useParams();
  return <PrintPage testId={id} />;
}

/** The Results screen of a test's free test (`/home/{library}/results/{testId}`, issue 16). */
export function ResultsView() {
  const { testId = '' } = useParams();
  return <LibraryRoute>{(library) => <ResultsPage key={testId} library={library} testId={testId} />}</LibraryRoute>;
}

/** The Trash of a library (`/home/{library}/trash`, issue 17): a chunk of its own, fetched when opened. */
export function TrashView() {
  return <LibraryRoute>{(library) => <TrashPage key={library} library={library} />}</LibraryRoute>;
}
