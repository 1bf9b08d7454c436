import type { z } from 'zod';
import { applySettings, findSection, importQuestions, setLanguages, type ImportSource, type Test } from '@shared/domain/test';
import { badRequest, notFound } from '../../http/errors';
import { newId } from '../../security';
import { assertMayMakeTbTest, type Caller } from '../../access';
import { ROOT_FOLDER_ID } from '../library/selection';
import type { TestEditorRepository } from './repository';
import type { importQuestionsBody, updateTestBody } from '@shared/contract/editor';

/** The kinds of change a test update made: its answer's message names them. */
export type UpdateKind = 'settings' | 'grades' | 'instructions' | 'details';

const MAX_IMPORT_SOURCES = 50;

/** The editor's changes that are more than one rule of shared/domain/test: each is one `change` of the test. */
export class TestEditorService {
  constructor(private readonly repo: TestEditorRepository) {}

  /** An update of the test's details, instructions, grades or settings, or a move to another folder. */
  update(caller: Caller, body: z.infer<typeof updateTestBody>) {
    return this.repo.change(caller, body.testId, body.version, async (test, context) => {
      const kinds = new Set<UpdateKind>();
      if (body.testType !== undefined || body.languages !== undefined) {
        const testType = body.testType ?? test.testType;
        if (testType === 'TB_TEST' && test.testType !== 'TB_TEST') assertMayMakeTbTest(caller);
        setLanguages(test, testType, body.languages ?? test.languages, newId);
        kinds.add('details');
      }
      if (body.name !== undefined) test.name = body.name;
      if (body.tags !== undefined) test.tags = [...new Set(body.tags)];
      if (body.duration !== undefined) test.duration = body.duration;
      if (body.attempts !== undefined) test.attempts = body.attempts;
      if (body.isTemplateSelected !== undefined) test.isTemplateSelected = body.isTemplateSelected;
      if (body.translations !== undefined) {
        const unknown = Object.keys(body.translations).find((language) => !test.languages.includes(language));
        if (unknown) throw badRequest(`translations.${unknown}`, 'unknownLanguage', { language: unknown });
        test.translations = body.translations;
      }
      if (body.parentFolderId !== undefined) {
        context.moveTo(body.parentFolderId === ROOT_FOLDER_ID ? null : await this.repo.folderOf(context.trx, context.row, body.parentFolderId));
      }
      if ([body.name, body.tags, body.duration, body.attempts, body.isTemplateSelected, body.translations, body.parentFolderId].some((v) => v !== undefined)) {
        kinds.add('details');
      }
      if (body.instructions !== undefined) {
        test.instructions = body.instructions;
        kinds.add('instructions');
      }
      if (body.grades !== undefined) {
        test.grades = body.grades;
        kinds.add('grades');
      }
      if (body.settings !== undefined || body.fonts !== undefined) {
        applySettings(test, { ...body.settings, fonts: { ...body.settings?.fonts, ...body.fonts } });
        kinds.add('settings');
      }
      return kinds;
    });
  }

  /**
   * Import: copies of questions of other tests the caller may open (My Library, or the Global
   * Library with shared-global access), each named with the test it is in. Drafts are skipped.
   */
  async importQuestions(caller: Caller, body: z.infer<typeof importQuestionsBody>) {
    const sourceIds = [...new Set(body.questions.map((q) => q.testId))];
    if (sourceIds.length > MAX_IMPORT_SOURCES) throw badRequest('questions', 'fieldInvalid', { reason: `at most ${MAX_IMPORT_SOURCES} tests at once` });
    return this.repo.change(caller, body.testId, body.version, async (test, context) => {
      findSection(test, body.sectionId);
      const tests = new Map<string, { test: Test; global: boolean }>();
      for (const id of sourceIds) {
        const source = id === test._id ? context.row : await this.repo.read(caller, id, context.trx);
        if (!source) throw notFound('test');
        tests.set(id, { test: id === test._id ? test : await this.repo.hydrate(caller, source, context.trx), global: source.is_global });
      }
      const sources: ImportSource[] = body.questions.map((ref, i) => {
        const from = tests.get(ref.testId)!;
        const question = from.test.sections.flatMap((s) => s.questions).find((q) => q._id === ref._id);
        if (!question) throw badRequest(`questions.${i}._id`, 'importSourceQuestion');
        return { question, fromGlobal: from.global };
      });
      return importQuestions(test, body.sectionId, sources, newId);
    });
  }
}
