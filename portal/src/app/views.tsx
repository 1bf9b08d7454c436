import { Navigate, useParams } from 'react-router-dom';
import { Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import { selectCanUseGlobalLibrary, selectIsExpired } from '../../../shared/state/selectors';
import { useAppSelector } from './hooks';
import { DEFAULT_PATH } from './routes';
import { PlaceholderView } from '../features/home/HomePage';
import { LibraryPage } from '../features/library/LibraryPage';
import { PrintPage } from '../features/print/PrintPage';
import { EditorPage } from '../features/editor/EditorPage';

/** Global Library needs shared-global access; at 0 days its link sends the user to /. */
export function LibraryView() {
  const { library = 'local', folderId = '0' } = useParams();
  const canUseGlobal = useAppSelector(selectCanUseGlobalLibrary);
  const expired = useAppSelector(selectIsExpired);
  if (library !== 'local' && library !== 'global') return <Navigate to={DEFAULT_PATH} replace />;
  if (library === 'global' && (!canUseGlobal || expired)) return <Navigate to="/" replace />;
  // An expired account is blocked from the library: nothing is asked of the server (it would refuse).
  if (expired) return <ExpiredLibrary />;
  return <LibraryPage key={`${library}/${folderId}`} library={library} folderId={folderId} />;
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
  return <PlaceholderView titleKey="home.reportDashboardTitle" bodyKey="home.reportDashboardEmpty" />;
}

/** The test editor (`/home/{local|global}/editTest/{testId}`); the header is hidden there. */
export function EditorView() {
  const { library = 'local', testId = '' } = useParams();
  const canUseGlobal = useAppSelector(selectCanUseGlobalLibrary);
  const expired = useAppSelector(selectIsExpired);
  if (library !== 'local' && library !== 'global') return <Navigate to={DEFAULT_PATH} replace />;
  if (library === 'global' && (!canUseGlobal || expired)) return <Navigate to="/" replace />;
  if (expired) return <ExpiredLibrary />;
  return <EditorPage key={testId} library={library} testId={testId} />;
}

export function PrintView() {
  const { id = '' } = useParams();
  return <PrintPage testId={id} />;
}
