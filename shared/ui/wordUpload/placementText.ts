import type { TFunction } from 'i18next';
import type { DocumentPlacement } from '../../domain/test/wordDocument';

/**
 * What an upload did, in sentences: questions added (unless `withCount` is false: the add-in says
 * it with the test's name), sections made, a section renamed, `Section:` names not used.
 */
export function placementText(t: TFunction, placement: DocumentPlacement, { withCount = true } = {}): string {
  return [
    withCount ? t('wordUpload.uploaded', { count: placement.questions }) : null,
    placement.sectionsCreated > 0 ? t('wordUpload.sectionsCreated', { count: placement.sectionsCreated }) : null,
    placement.renamed ? t('wordUpload.sectionRenamed', placement.renamed) : null,
    placement.ignoredSections.length
      ? t('wordUpload.sectionsIgnored', { count: placement.ignoredSections.length, names: placement.ignoredSections.join(', ') })
      : null,
  ]
    .filter(Boolean)
    .join(' ');
}
