import {
  EXPORT_TESTS_MAX,
  type ExportSelection,
  type ImportOutcome,
  type ImportPreview,
  type ImportProblem,
  type InteropExportFormat,
} from '@shared/contract/interop';
import { findSection, placeDocument, TestRuleError } from '@shared/domain/test';
import type { Language } from '@shared/i18n/languages';
import { serverMessage } from '@shared/i18n/serverMessages';
import { imageSources, mapImages } from '@shared/interop/html';
import { exportSections, importFile, type ColumnMapping, type ExportResult, type ImportFormat, type ImportResult, type InteropSection } from '@shared/interop';
import { sectionsOfTest } from '@shared/interop/fromTest';
import { mapHtml } from '@shared/parser/upload';
import { badRequest, notFound } from '../../http/errors';
import { newId } from '../../security';
import type { LibraryRepository } from '../library/repository';
import { assertMayChangeTest, type LibraryScope } from '../../access';
import { selectionFrom } from '../library/selection';
import { appErrorOf, type EditorCaller, type TestEditorRepository } from '../editor/repository';
import { question as questionSchema } from '@shared/contract/editor';
import type { PictureRefusal, PictureStore } from './pictures';
import { pictureProblems, presentPreview } from './presenter';
import type { InteropRepository } from './repository';

export interface ImportFile {
  name: string;
  bytes: Uint8Array;
  from?: ImportFormat;
  /** A spreadsheet's column mapping (checked by the contract's schema; against the sheet here). */
  mapping?: ColumnMapping;
}

/** The file read (a spreadsheet through its mapping when one came); a mapping the sheet cannot take is 400 naming the field. */
async function readFile(file: ImportFile): Promise<ImportResult> {
  const read = await importFile(file.bytes, file.name, file.from, file.mapping ? { mapping: { columns: file.mapping } } : {});
  if (read.mappingError) {
    const { field, message } = read.mappingError;
    throw badRequest(field ? `mapping.${field}` : 'mapping', 'fieldInvalid', { reason: message });
  }
  return read;
}

export interface ImportTarget {
  testId: string;
  sectionId: string;
  useFileSections: boolean;
  version?: number;
}

const SECTION_NAME_MAX = 200;
const mapSections = (sections: InteropSection[], map: (html: string) => string): InteropSection[] =>
  sections.map((s) => ({ name: s.name, questions: s.questions.map((q) => mapHtml(q, map)) }));

/**
 * Questions in and out (issue 20; docs/interop.md). An import reads the file with the shared
 * converters, stores its pictures as the Word upload does, checks every question as the
 * editor's calls do, and places them with the Word upload's rule in one change of the test:
 * all of them or none. An export reads the test as the editor does (another organisation's is
 * not found) and hands its questions to the converters.
 */
export class InteropService {
  constructor(
    private readonly tests: TestEditorRepository,
    private readonly repo: InteropRepository,
    private readonly library: LibraryRepository,
    private readonly pictures: PictureStore,
  ) {}

  async preview(file: ImportFile): Promise<ImportPreview> {
    return presentPreview(await readFile(file));
  }

  async import(caller: EditorCaller, target: ImportTarget, file: ImportFile, lang: Language): Promise<ImportOutcome> {
    // Where the questions go is checked before the file is read or a picture stored.
    const row = await this.tests.read(caller, target.testId);
    if (!row) throw notFound('test');
    assertMayChangeTest(caller, row);
    try {
      findSection(await this.tests.hydrate(caller, row), target.sectionId);
    } catch (error) {
      throw error instanceof TestRuleError ? appErrorOf(error) : error;
    }
    const read = await readFile(file);
    if (read.questionCount === 0) {
      const reason = read.problems.find((p) => p.question === null)?.message ?? read.problems[0]?.message ?? 'no questions';
      throw badRequest('file', 'importNothing', { reason });
    }
    const problems: ImportProblem[] = [...read.problems];
    const { sections, pictures } = await this.storePictures(caller.orgId, read.sections, problems);
    const drafts = this.checked(sections, problems);
    const { row: saved, result } = await this.tests.change(caller, target.testId, target.version, (test) =>
      placeDocument(test, target.sectionId, drafts, target.useFileSections, { ids: newId, allowGpscType: caller.allowGpscType }),
    );
    return { message: serverMessage(lang, 'questionsAdded', { count: result.questions }), version: saved.version, ...result, pictures, problems };
  }

  /** The file's data: pictures stored, their addresses in the HTML; pictures refused are dropped and named. */
  private async storePictures(orgId: string, sections: InteropSection[], problems: ImportProblem[]) {
    const sources: string[] = [];
    mapSections(sections, (html) => {
      sources.push(...imageSources(html).filter((src) => src.startsWith('data:')));
      return html;
    });
    const stored = await this.pictures.storeAll(orgId, sources);
    const refused: PictureRefusal[] = [];
    stored.forEach((address) => (address.startsWith('/') || address.startsWith('http') ? null : refused.push(address as PictureRefusal)));
    problems.push(...pictureProblems(refused));
    const address = (src: string) => {
      if (!src.startsWith('data:')) return src;
      const at = stored.get(src);
      return at && (at.startsWith('/') || at.startsWith('http')) ? at : null;
    };
    return { sections: mapSections(sections, (html) => mapImages(html, address)), pictures: stored.size - refused.length };
  }

  /**
   * Every question through the editor's own schema (sanitised HTML, limits, strict fields): one
   * it refuses is left out and named, as a converter's error is; the others come in.
   */
  private checked(sections: InteropSection[], problems: ImportProblem[]) {
    let n = 0;
    return sections.map((s) => ({
      name: s.name?.trim().slice(0, SECTION_NAME_MAX) || null,
      questions: s.questions.flatMap((q) => {
        n++;
        const parsed = questionSchema.safeParse(q);
        if (parsed.success) return [parsed.data];
        const issue = parsed.error.issues[0];
        problems.push({
          severity: 'error',
          question: null,
          code: 'invalid',
          message: `question ${n} of those read: ${issue.path.join('.') || 'question'}: ${issue.message}`,
        });
        return [];
      }),
    }));
  }

  /** One test as a file of `format`, its stored pictures inside. Another organisation's test is not found. */
  async exportTest(caller: EditorCaller, testId: string, format: InteropExportFormat): Promise<ExportResult & { testName: string }> {
    const row = await this.tests.read(caller, testId);
    if (!row) throw notFound('test');
    const test = await this.tests.hydrate(caller, row);
    const sections = await this.inlinePictures(sectionsOfTest(test.sections));
    return { ...(await exportSections(sections, format, 'test', test.name)), testName: test.name };
  }

  private async inlinePictures(sections: InteropSection[]): Promise<InteropSection[]> {
    const sources = new Set<string>();
    mapSections(sections, (html) => (imageSources(html).forEach((src) => sources.add(src)), html));
    const inlined = new Map<string, string>();
    for (const src of sources) {
      const data = await this.pictures.inline(src);
      if (data) inlined.set(src, data);
    }
    return inlined.size ? mapSections(sections, (html) => mapImages(html, (src) => inlined.get(src) ?? src)) : sections;
  }

  /**
   * The tests a library selection names, checked before the first byte goes out: a folder or a
   * listed test the caller cannot see is not found, and more than EXPORT_TESTS_MAX is refused.
   */
  async selection(caller: EditorCaller, scope: LibraryScope, body: ExportSelection & { format: InteropExportFormat }) {
    await this.library.folderOrRoot(scope, body.parentFolderId ?? '0');
    const ids = [...new Set(body.testIds ?? [])];
    if (!body.selectAll && ids.length > EXPORT_TESTS_MAX) throw badRequest('testIds', 'exportTooManyTests', { limit: EXPORT_TESTS_MAX, count: ids.length });
    const selection = selectionFrom(
      { parentFolderId: body.parentFolderId ?? '0', selectAll: body.selectAll ?? false, searchString: body.searchString, filters: body.filters },
      ids,
    );
    const tests = await this.repo.selectedTests(scope, selection, EXPORT_TESTS_MAX);
    if (!body.selectAll && tests.length !== ids.length) throw notFound('test');
    if (tests.length === 0) throw badRequest('testIds', 'exportNothing');
    if (tests.length > EXPORT_TESTS_MAX) throw badRequest('testIds', 'exportTooManyTests', { limit: EXPORT_TESTS_MAX, count: `${EXPORT_TESTS_MAX}+` });
    const exportOne = (id: string) => this.exportTest(caller, id, body.format);
    return { tests, exportOne };
  }
}
