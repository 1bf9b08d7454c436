import { Navigate, useParams } from 'react-router-dom';
import { selectCanUseGlobalLibrary, selectIsExpired } from '../../../shared/state/selectors';
import { useAppSelector } from './hooks';
import { DEFAULT_PATH } from './routes';
import { PlaceholderView } from '../features/home/HomePage';
import { LibraryPage } from '../features/library/LibraryPage';

/** Global Library needs shared-global access; at 0 days its link sends the user to /. */
export function LibraryView() {
  const { library = 'local', folderId = '0' } = useParams();
  const canUseGlobal = useAppSelector(selectCanUseGlobalLibrary);
  const expired = useAppSelector(selectIsExpired);
  if (library !== 'local' && library !== 'global') return <Navigate to={DEFAULT_PATH} replace />;
  if (library === 'global' && (!canUseGlobal || expired)) return <Navigate to="/" replace />;
  return <LibraryPage key={`${library}/${folderId}`} library={library} folderId={folderId} />;
}

export function ReportDashboardView() {
  const expired = useAppSelector(selectIsExpired);
  if (expired) return <Navigate to="/" replace />;
  return <PlaceholderView titleKey="home.reportDashboardTitle" bodyKey="home.reportDashboardEmpty" />;
}

export function EditorView() {
  return <PlaceholderView titleKey="home.editorTitle" bodyKey="home.emptyBody" />;
}

export function PrintView() {
  return <PlaceholderView titleKey="home.printTitle" bodyKey="home.emptyBody" />;
}
