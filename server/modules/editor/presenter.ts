import { isMultilingual, validateTest, type Section, type Test } from '@shared/domain/test';
import type { EditorSection, EditorTest, SectionSummary, TestTotals } from '@shared/api/testTypes';
import type { TestRow } from '../../db/schema';
import { ROOT_FOLDER_ID } from '../library/selection';

export function presentSection(section: Section): EditorSection {
  return { ...section, sectionInstructions: section.instructions };
}

export function sectionSummary(section: Section): SectionSummary {
  const { questions: _questions, ...rest } = section;
  return { ...rest, sectionInstructions: section.instructions };
}

export const totalsOf = (test: Test): TestTotals => ({ totalMarks: test.totalMarks, totalNumberOfQuestions: test.totalNumberOfQuestions });

/** The whole test, as the editor opens it (spec section 3, Test). */
export function presentTest(test: Test, row: TestRow, publicUrl: string): EditorTest {
  return {
    _id: test._id,
    name: test.name,
    instructions: test.instructions,
    tags: test.tags,
    duration: test.duration,
    parentFolder: row.parent_folder_id ?? ROOT_FOLDER_ID,
    ...totalsOf(test),
    isPublic: false,
    isSectionEnable: test.sections.length > 0,
    isSharedTest: row.is_shared_test,
    sharedBy: row.shared_by,
    isAttempted: test.isAttempted,
    isReadyToLink: validateTest(test).length === 0,
    isGlobal: test.isGlobal,
    sections: test.sections.map(presentSection),
    settings: test.settings,
    grades: test.grades,
    attempts: test.attempts,
    translations: test.translations,
    languagesList: test.languages,
    languageList: test.languages,
    isMultilingual: isMultilingual(test),
    testType: test.testType,
    fonts: test.settings.fonts,
    previewUrl: `${publicUrl}/t/preview/${test._id}`,
    isTemplateSelected: test.isTemplateSelected,
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
