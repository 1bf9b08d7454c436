import { lazy, Suspense, useEffect, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Spinner } from '@fluentui/react-components';
import { loadCurrentUser, logout } from '../features/auth/authSlice';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';
import { useAppDispatch, useAppSelector } from './hooks';
import { AUTH_PATH, DEFAULT_PATH } from './routes';
import { preloadable } from './preloadable';
import { ToastBridge } from '../features/toasts/ToastBridge';
import { LoginPage } from '../features/auth/LoginPage';

// The signed-in app is its own chunk: the sign-in page loads without it. With a stored session
// its code is fetched at once, beside /api/auth/user, and renders without a Suspense pause.
const Shell = preloadable(() => import('./Shell').then((module) => module.default));
const view = <K extends 'LibraryView' | 'ReportDashboardView' | 'EditorView' | 'PrintView' | 'ResultsView' | 'TrashView'>(name: K) =>
  preloadable(() => import('./views').then((module) => module[name]));
const LibraryView = view('LibraryView');
const ReportDashboardView = view('ReportDashboardView');
const EditorView = view('EditorView');
const PrintView = view('PrintView');
const ResultsView = view('ResultsView');
const TrashView = view('TrashView');
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
// The student page of a free test (and a tutor's preview of it): its own chunk, outside the shell.
const StudentTestRoute = lazy(() => import('../features/student/StudentPage').then((module) => ({ default: module.StudentTestRoute })));
const StudentPreviewRoute = lazy(() => import('../features/student/StudentPage').then((module) => ({ default: module.StudentPreviewRoute })));

export function PageSpinner() {
  return <Spinner style={{ marginTop: '20vh' }} />;
}

/** An unauthenticated user goes to /auth; the wanted path with its query is remembered. */
function RequireAuth({ children }: { children: ReactElement }) {
  const location = useLocation();
  const { token, user } = useAppSelector((state) => state.auth);
  if (!token) {
    localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, location.pathname + location.search);
    return <Navigate to={AUTH_PATH} replace />;
  }
  if (!user) return <PageSpinner />;
  return children;
}

function Logout() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(logout());
  }, [dispatch]);
  const token = useAppSelector((state) => state.auth.token);
  // /home is the destination after logout too; without a session it leads to sign in.
  return token ? <PageSpinner /> : <Navigate to="/home" replace />;
}

export function App() {
  const dispatch = useAppDispatch();
  const { token, user, status } = useAppSelector((state) => state.auth);
  useEffect(() => {
    if (token && !user && status === 'start') void dispatch(loadCurrentUser());
  }, [dispatch, token, user, status]);
  useEffect(() => {
    if (!token) return;
    void Shell.preload();
    void LibraryView.preload(); // the views share one chunk
  }, [token]);

  return (
    <>
      <ToastBridge />
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path={AUTH_PATH} element={<LoginPage />} />
          <Route path="/forgotPassword" element={<ForgotPasswordPage />} />
          <Route path="/resetPassword" element={<ResetPasswordPage />} />
          <Route path="/logout" element={<Logout />} />
          <Route
            path="/t/preview/:testId"
            element={
              <RequireAuth>
                <StudentPreviewRoute />
              </RequireAuth>
            }
          />
          <Route path="/t/:sharedTestId" element={<StudentTestRoute />} />
          <Route path="/home" element={<Navigate to={DEFAULT_PATH} replace />} />
          <Route
            element={
              <RequireAuth>
                <Shell />
              </RequireAuth>
            }
          >
            <Route path="/home/:library/errorReports" element={<ReportDashboardView />} />
            <Route path="/home/:library/editTest/:testId" element={<EditorView />} />
            <Route path="/home/:library/results/:testId" element={<ResultsView />} />
            <Route path="/home/:library/trash" element={<TrashView />} />
            <Route path="/home/:library/:folderId?" element={<LibraryView />} />
            <Route path="/printPdf/:id" element={<PrintView />} />
          </Route>
          <Route path="*" element={<Navigate to={DEFAULT_PATH} replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
