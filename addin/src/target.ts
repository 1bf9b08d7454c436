import { editorPath } from '@shared/ui/portalPaths';

/** Where the questions go: a test of My Library and one of its sections (names kept for display). */
export interface UploadTarget {
  testId: string;
  testName: string;
  sectionId: string;
  sectionName: string;
}

const KEY = 'testforge.addin.target';

/** The last target, per user (two teachers may share a Word installation). */
export function loadTarget(userId: string): UploadTarget | null {
  try {
    const stored = JSON.parse(localStorage.getItem(`${KEY}.${userId}`) ?? 'null') as UploadTarget | null;
    return stored && typeof stored.testId === 'string' && typeof stored.sectionId === 'string' ? stored : null;
  } catch {
    return null;
  }
}

export function saveTarget(userId: string, target: UploadTarget | null): void {
  if (target) localStorage.setItem(`${KEY}.${userId}`, JSON.stringify(target));
  else localStorage.removeItem(`${KEY}.${userId}`);
}

/** The test in the portal's editor. */
export const editorUrl = (testId: string) => `${location.origin}${editorPath('local', testId)}`;
