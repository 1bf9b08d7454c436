/** Route paths of spec section 2, and the sub-views of /home read from path and query. */
export const DEFAULT_PATH = '/home/local/0';
export const AUTH_PATH = '/auth';

export const libraryPath = (library: 'local' | 'global', folderId = '0') => `/home/${library}/${folderId}`;
export { editorPath } from '@shared/ui/portalPaths';
/** The Results screen of a test's free test (issue 16). */
export const resultsPath = (library: 'local' | 'global', testId: string) => `/home/${library}/results/${encodeURIComponent(testId)}`;
/** The Trash of a library (issue 17). */
export const trashPath = (library: 'local' | 'global') => `/home/${library}/trash`;
/** A tutor's preview of a test as students see it (the test's previewUrl). */
export const previewPath = (testId: string) => `/t/preview/${encodeURIComponent(testId)}`;
export const REPORT_DASHBOARD_PATH = '/home/local/errorReports?statusType=REPORTED';

/** A path containing the word global marks global-library mode. */
export function isGlobalMode(pathname: string): boolean {
  return /(^|\/)global(\/|$)/.test(pathname);
}

/** The header is hidden on the print-pdf, importing and edit-test views. */
export function isHeaderHidden(pathname: string, search: string): boolean {
  if (pathname.startsWith('/printPdf/')) return true;
  if (/\/editTest(\/|$)/.test(pathname)) return true;
  return new URLSearchParams(search).get('isImporting') === 'true';
}
