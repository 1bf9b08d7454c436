import { LIMITS } from './defaults';
import { invalidField, TestRuleError } from './errors';
import {
  answerableQuestions,
  buildQuestion,
  isMultilingual,
  normalizeTest,
  roundMarks,
  type BuildContext,
  type IdFactory,
  type KeptFields,
  type QuestionDraft,
} from './normalize';
import type { ComprehensionQuestion, Marks, Question, QuestionTranslation, Section, Test } from './types';
import { isDraftQuestion } from './validation';

/**
 * The editor's changes to a test (spec section 4, Test editing), shared by the editor and the
 * server. Each one changes `test` in place (pass a copy, or an immer draft), keeps every
 * derived field right (normalizeTest), and throws TestRuleError when a rule refuses it.
 */

export interface EditContext {
  ids: IdFactory;
  /** The organisation allows GPSC-type questions (allowGpscType). */
  allowGpscType: boolean;
}

export interface SectionDraft {
  name?: string;
  instructions?: string;
  /** Milliseconds. */
  sectionDuration?: number;
  hasOptionalQuestions?: boolean;
  /** Attempt any N of the section's questions; null: no limit. A number turns the section's optional flag on. */
  attemptAny?: number | null;
}

export function findSection(test: Test, sectionId: string, field = 'sectionId'): Section {
  const section = test.sections.find((s) => s._id === sectionId);
  if (!section) throw invalidField(field, 'sectionNotInTest');
  return section;
}

interface Located {
  question: Question;
  /** The comprehension holding it, for a child. */
  parent?: ComprehensionQuestion;
  /** The list it is in (the section's questions, or the comprehension's). */
  list: Question[];
  index: number;
}

/** A question of the section, top-level or a comprehension child. */
export function locateQuestion(section: Section, questionId: string): Located | undefined {
  for (let i = 0; i < section.questions.length; i++) {
    const question = section.questions[i];
    if (question._id === questionId) return { question, list: section.questions, index: i };
    if (question.type === 'comprehension') {
      const j = question.questions.findIndex((c) => c._id === questionId);
      if (j >= 0) return { question: question.questions[j], parent: question, list: question.questions, index: j };
    }
  }
  return undefined;
}

function locateOrRefuse(section: Section, questionId: string, field: string): Located {
  const found = locateQuestion(section, questionId);
  if (!found) throw invalidField(field, 'questionNotInSection');
  return found;
}

/** Spec section 6: a Global Library question may be edited only inside a Global Library test. */
export function canEditQuestion(test: Pick<Test, 'isGlobal'>, question: Pick<Question, 'isGlobal'>): boolean {
  return !question.isGlobal || test.isGlobal;
}

function refuseIfAttempted(test: Test): void {
  if (test.isAttempted) throw new TestRuleError(409, 'TEST_ATTEMPTED', 'testAttemptedNoDelete');
}

function buildContext(test: Test, ctx: EditContext, field: string, trusted = false): BuildContext {
  return { ids: ctx.ids, languages: test.languages, multilingual: isMultilingual(test), allowGpscType: ctx.allowGpscType, trusted, field };
}

/** A question's and its children's stored translations, which an edit keeps for removed languages. */
function storedTranslationsOf(question: Question): Map<string, Record<string, QuestionTranslation>> {
  const children = question.type === 'comprehension' ? question.questions : [];
  return new Map([question, ...children].map((q) => [q._id, q.translations]));
}

function checkQuestionLimit(test: Test): void {
  if (test.totalNumberOfQuestions > LIMITS.questionsPerTest) {
    throw new TestRuleError(400, 'VALIDATION_ERROR', 'tooManyQuestions', { max: LIMITS.questionsPerTest, field: 'questions' }, 'questions');
  }
}

// ---- Sections ----

export function addSection(test: Test, draft: SectionDraft, ids: IdFactory): Section {
  if (test.sections.length >= LIMITS.sectionsPerTest) {
    throw new TestRuleError(409, 'TOO_MANY_SECTIONS', 'tooManySections', { max: LIMITS.sectionsPerTest });
  }
  const section: Section = {
    _id: ids(),
    name: draft.name ?? `Section ${test.sections.length + 1}`,
    order: 0,
    sectionDuration: draft.sectionDuration ?? 0,
    sectionHours: 0,
    sectionMinutes: 0,
    sectionMarks: 0,
    numberOfQuestions: 0,
    instructions: draft.instructions ?? '',
    hasOptionalQuestions: draft.hasOptionalQuestions ?? false,
    attemptAny: null,
    questions: [],
  };
  test.sections.push(section);
  if (draft.attemptAny !== undefined) setAttemptAny(test, section, draft.attemptAny);
  normalizeTest(test);
  return section;
}

export function updateSection(test: Test, sectionId: string, patch: SectionDraft): Section {
  const section = findSection(test, sectionId);
  if (patch.name !== undefined) section.name = patch.name;
  if (patch.instructions !== undefined) section.instructions = patch.instructions;
  if (patch.sectionDuration !== undefined) section.sectionDuration = patch.sectionDuration;
  if (patch.hasOptionalQuestions !== undefined) section.hasOptionalQuestions = patch.hasOptionalQuestions;
  if (patch.attemptAny !== undefined) setAttemptAny(test, section, patch.attemptAny);
  normalizeTest(test);
  return section;
}

/**
 * "Attempt any N of M" (issue 17): N from 1 to the section's questions, and only while the test
 * has optional questions (its settings); a number turns the section's optional flag on.
 */
function setAttemptAny(test: Test, section: Section, attemptAny: number | null): void {
  if (attemptAny === null) {
    section.attemptAny = null;
    return;
  }
  if (!test.settings.hasOptionalQuestions) throw invalidField('attemptAny', 'attemptAnyNeedsOptional');
  if (attemptAny > section.numberOfQuestions) throw invalidField('attemptAny', 'attemptAnyTooMany', { count: section.numberOfQuestions });
  section.hasOptionalQuestions = true;
  section.attemptAny = attemptAny;
}

/** Deletes a section with its questions; the others are renumbered and its RTG entry goes. */
export function deleteSection(test: Test, sectionId: string): void {
  const section = findSection(test, sectionId);
  refuseIfAttempted(test);
  test.sections.splice(test.sections.indexOf(section), 1);
  normalizeTest(test);
}

/** Drag and drop: the source section takes the target's place; those between shift by one. */
export function moveSection(test: Test, sourceSectionId: string, targetSectionId: string): void {
  const source = findSection(test, sourceSectionId, 'sourceSectionId');
  const target = findSection(test, targetSectionId, 'targetSectionId');
  const to = test.sections.indexOf(target);
  test.sections.splice(test.sections.indexOf(source), 1);
  test.sections.splice(to, 0, source);
  normalizeTest(test);
}

/**
 * Which section the editor selects after one is deleted (spec section 4): none when no section
 * is left; section 1 when the first was deleted; otherwise the selection stays, or moves to the
 * section before the deleted one when that was the selected one.
 */
export function sectionToSelectAfterDelete(sectionsBefore: Pick<Section, '_id'>[], deletedId: string, selectedId: string | null): string | null {
  const index = sectionsBefore.findIndex((s) => s._id === deletedId);
  const remaining = sectionsBefore.filter((s) => s._id !== deletedId);
  if (remaining.length === 0) return null;
  if (index === 0) return remaining[0]._id;
  if (selectedId !== deletedId && remaining.some((s) => s._id === selectedId)) return selectedId;
  return remaining[Math.max(0, index - 1)]._id;
}

// ---- Questions ----

function comprehensionOrRefuse(section: Section, questionId: string, field: string): ComprehensionQuestion {
  const found = locateOrRefuse(section, questionId, field);
  if (found.question.type !== 'comprehension') throw invalidField(field, 'notAComprehension');
  return found.question;
}

function appendTo(test: Test, section: Section, parent: ComprehensionQuestion | undefined, questions: Question[]): void {
  if (parent) {
    if (parent.questions.length + questions.length > LIMITS.childrenPerComprehension) {
      throw new TestRuleError(400, 'VALIDATION_ERROR', 'tooManyChildren', { max: LIMITS.childrenPerComprehension, field: 'questions' }, 'questions');
    }
    parent.questions.push(...(questions as ComprehensionQuestion['questions']));
  } else {
    section.questions.push(...questions);
  }
  normalizeTest(test);
  checkQuestionLimit(test);
}

/**
 * Adds questions at the end of the section, or of the comprehension `parentQuestionId` (whose
 * children cannot be comprehensions). New ids are given; whatever a draft leaves out gets its
 * default (marks per type, the fill_ups default option, true/false options, GPSC option).
 */
export function addQuestions(
  test: Test,
  sectionId: string,
  drafts: QuestionDraft[],
  ctx: EditContext,
  parentQuestionId?: string,
  inputField = 'questions',
): Question[] {
  const section = findSection(test, sectionId);
  const parent = parentQuestionId ? comprehensionOrRefuse(section, parentQuestionId, 'parentQuestionId') : undefined;
  const questions = drafts.map((draft, i) => {
    const field = `${inputField}.${i}`;
    if (parent && draft.type === 'comprehension')
      throw invalidField(`${field}.type`, 'fieldInvalid', { reason: 'a comprehension cannot hold a comprehension' });
    return buildQuestion({ ...draft, _id: undefined }, buildContext(test, ctx, field));
  });
  appendTo(test, section, parent, questions);
  return questions;
}

/**
 * Replaces a question (top-level or child) with the edited one. It keeps its id, its place and
 * where it came from (isImported, isGlobal); a comprehension keeps the ids of the children
 * the edit still lists. Global Library questions are refused (spec section 6).
 */
export function editQuestion(test: Test, sectionId: string, draft: QuestionDraft & { _id: string }, ctx: EditContext): Question {
  const section = findSection(test, sectionId);
  const found = locateOrRefuse(section, draft._id, 'question._id');
  // A Global Library question may still be re-marked (spec section 6): an edit of its marks alone passes.
  const readOnly = !canEditQuestion(test, found.question);
  if (found.parent && draft.type === 'comprehension')
    throw invalidField('question.type', 'fieldInvalid', { reason: 'a comprehension cannot hold a comprehension' });
  const kept = (q: Question): KeptFields => ({ _id: q._id, isImported: q.isImported, isGlobal: q.isGlobal, sourceQuestionId: q.sourceQuestionId });
  const existingChildren = new Map(found.question.type === 'comprehension' ? found.question.questions.map((c) => [c._id, kept(c)] as const) : []);
  const build = { ...buildContext(test, ctx, 'question'), storedTranslations: storedTranslationsOf(found.question) };
  const question = buildQuestion(draft, build, kept(found.question));
  if (question.type === 'comprehension') {
    const given = draft.questions ?? [];
    question.questions.forEach((child, i) => {
      const keep = given[i]?._id ? existingChildren.get(given[i]._id!) : undefined;
      if (keep) Object.assign(child, keep);
      if (child.sourceQuestionId === undefined) delete child.sourceQuestionId;
    });
  }
  if (readOnly && contentOf(question) !== contentOf(found.question)) throw new TestRuleError(403, 'GLOBAL_QUESTION_READ_ONLY', 'globalQuestionReadOnly');
  found.list[found.index] = question;
  normalizeTest(test);
  return question;
}

/** What a re-mark changes, and what the test derives: left out when telling a re-mark from an edit. */
const MARK_FIELDS = new Set([
  'marks',
  'positiveMarks',
  'negativeMarks',
  'negativeUnattemptedMarks',
  'isNegativeMarkingEnabled',
  'isNegativeMarkingEnabledIfUnattempted',
  'isPartialMarkingEnabled',
  'order',
  'parentQuestionOrder',
  'isAttemptedEdited',
]);

/** A question's content without its marks, keys sorted (stored jsonb does not keep their order). */
function contentOf(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>).filter(([key, x]) => x !== undefined && !MARK_FIELDS.has(key));
      return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, x]) => [key, canonical(x)]));
    }
    return v;
  };
  return JSON.stringify(canonical(value));
}

/**
 * Deletes questions (top-level, or children of a comprehension) of one section. Refused for an
 * attempted test, and when a random test would lose questions it needs (spec section 5).
 */
export function deleteQuestions(test: Test, sectionId: string, questionIds: string[]): void {
  const section = findSection(test, sectionId);
  questionIds.forEach((id, i) => locateOrRefuse(section, id, `questionIds.${i}`));
  refuseIfAttempted(test);
  const gone = new Set(questionIds);
  const remaining = section.questions
    .filter((q) => !gone.has(q._id))
    .map((q) => (q.type === 'comprehension' ? { ...q, questions: q.questions.filter((c) => !gone.has(c._id)) } : q));
  refuseRtgShortfall(test, section, remaining);
  section.questions = remaining;
  normalizeTest(test);
}

/** A random test drawing from the section needs at least its count of answerable questions left. */
function refuseRtgShortfall(test: Test, section: Section, remaining: Question[]): void {
  const needed = test.settings.settingsForRTG[section._id]?.totalQuestions ?? 0;
  if (test.settings.generateRandomTest && answerableQuestions(remaining).length < needed) {
    throw new TestRuleError(409, 'RTG_MINIMUM', 'rtgMinimum', { count: needed });
  }
}

/**
 * Moves top-level questions of one section to the end of another, in the order they have now,
 * keeping their ids (issue 17). Refused for an attempted test (the questions leave their section,
 * as in a delete), for a comprehension child (it moves with its comprehension), for the section
 * itself as target, and when a random test would lose questions it needs.
 */
export function moveQuestions(test: Test, sectionId: string, questionIds: string[], targetSectionId: string): Question[] {
  const section = findSection(test, sectionId);
  const target = findSection(test, targetSectionId, 'targetSectionId');
  questionIds.forEach((id, i) => {
    const found = locateOrRefuse(section, id, `questionIds.${i}`);
    if (found.parent) throw invalidField(`questionIds.${i}`, 'moveChildQuestion');
  });
  if (target === section) throw invalidField('targetSectionId', 'moveSameSection');
  if (test.isAttempted) throw new TestRuleError(409, 'TEST_ATTEMPTED', 'testAttemptedNoMove');
  const moving = new Set(questionIds);
  const moved = section.questions.filter((q) => moving.has(q._id));
  const remaining = section.questions.filter((q) => !moving.has(q._id));
  refuseRtgShortfall(test, section, remaining);
  section.questions = remaining;
  target.questions.push(...moved);
  normalizeTest(test);
  return moved;
}

/**
 * New order of the section's questions, or of one comprehension's children: `questionIds`
 * lists each of them exactly once.
 */
export function reorderQuestions(test: Test, sectionId: string, questionIds: string[], parentQuestionId?: string): void {
  const section = findSection(test, sectionId);
  const parent = parentQuestionId ? comprehensionOrRefuse(section, parentQuestionId, 'parentQuestionId') : undefined;
  const list: Question[] = parent ? parent.questions : section.questions;
  const byId = new Map(list.map((q) => [q._id, q]));
  questionIds.forEach((id, i) => {
    if (!byId.has(id)) throw invalidField(`questionIds.${i}`, 'questionNotInSection');
  });
  if (new Set(questionIds).size !== questionIds.length || questionIds.length !== list.length) throw invalidField('questionIds', 'reorderNeedsAll');
  const ordered = questionIds.map((id) => byId.get(id)!);
  if (parent) parent.questions = ordered as ComprehensionQuestion['questions'];
  else section.questions = ordered;
  normalizeTest(test);
}

export interface Remark {
  marks?: Partial<Marks>;
  isNegativeMarkingEnabled?: boolean;
  isNegativeMarkingEnabledIfUnattempted?: boolean;
  isPartialMarkingEnabled?: boolean;
}

function applyRemark(question: Question, remark: Remark): void {
  const marks = {
    positive: roundMarks(remark.marks?.positive ?? question.marks.positive),
    negative: roundMarks(remark.marks?.negative ?? question.marks.negative),
    negativeUnattempted: roundMarks(remark.marks?.negativeUnattempted ?? question.marks.negativeUnattempted),
  };
  Object.assign(question, {
    marks,
    positiveMarks: marks.positive,
    negativeMarks: marks.negative,
    negativeUnattemptedMarks: marks.negativeUnattempted,
  });
  for (const flag of ['isNegativeMarkingEnabled', 'isNegativeMarkingEnabledIfUnattempted', 'isPartialMarkingEnabled'] as const) {
    if (remark[flag] !== undefined) question[flag] = remark[flag]!;
  }
}

/**
 * New marks for questions of the section (Global Library ones included: re-marking is allowed,
 * spec section 6). Re-marking a comprehension re-marks its children too.
 */
export function remarkQuestions(test: Test, sectionId: string, questionIds: string[], remark: Remark): Question[] {
  const section = findSection(test, sectionId);
  const questions = questionIds.map((id, i) => locateOrRefuse(section, id, `questionIds.${i}`).question);
  for (const question of questions) {
    applyRemark(question, remark);
    if (question.type === 'comprehension') question.questions.forEach((child) => applyRemark(child, remark));
  }
  normalizeTest(test);
  return questions;
}

/** A question as a draft for a copy: the same content without its and its children's ids. */
export function questionCopy(question: Question): QuestionDraft {
  // JSON: questions are plain data, and this also reads an immer draft.
  const copy = JSON.parse(JSON.stringify(question)) as QuestionDraft;
  delete copy._id;
  copy.questions?.forEach((child) => delete child._id);
  return copy;
}

/**
 * Copies a question (spec section 4): the copy goes after the last question of the section, or
 * of the comprehension holding it. It keeps everything, the origin flags included.
 */
export function copyQuestion(test: Test, sectionId: string, questionId: string, ctx: EditContext): Question {
  const section = findSection(test, sectionId);
  const found = locateOrRefuse(section, questionId, 'questionId');
  const copy = buildQuestion(questionCopy(found.question), buildContext(test, { ...ctx, allowGpscType: true }, 'question', true));
  appendTo(test, section, found.parent, [copy]);
  return copy;
}

export interface ImportSource {
  question: Question;
  /** The question comes from a Global Library test. */
  fromGlobal: boolean;
}

/**
 * Import (spec section 4): copies of the questions at the end of the section, marked isImported
 * (and isGlobal when they come from the Global Library), remembering their source. Questions in
 * draft mode (see isDraftQuestion) are skipped and counted.
 */
export function importQuestions(test: Test, sectionId: string, sources: ImportSource[], ids: IdFactory): { imported: Question[]; skipped: number } {
  const section = findSection(test, sectionId);
  const ready = sources.filter((s) => !isDraftQuestion(s.question));
  const ctx = buildContext(test, { ids, allowGpscType: true }, 'questions', true);
  const imported = ready.map(({ question, fromGlobal }) => {
    const global = question.isGlobal || fromGlobal;
    const mark = (draft: QuestionDraft): QuestionDraft => ({ ...draft, isImported: true, isGlobal: global, sourceQuestionId: question._id });
    const draft = mark(questionCopy(question));
    draft.questions = draft.questions?.map(mark);
    return buildQuestion(draft, ctx);
  });
  appendTo(test, section, undefined, imported);
  return { imported, skipped: sources.length - ready.length };
}

/**
 * The import modal's "select all" (spec section 4): the candidates not yet imported into the
 * test (no question of the test was copied from them), and not in draft mode (the import would
 * skip them). A comprehension is a candidate whole; its children are never picked alone.
 */
export function selectAllForImport(candidates: Question[], test: Pick<Test, 'sections'>): string[] {
  const imported = new Set(test.sections.flatMap((s) => s.questions.map((q) => q.sourceQuestionId).filter((id): id is string => Boolean(id))));
  return candidates.filter((c) => !imported.has(c._id) && !isDraftQuestion(c)).map((c) => c._id);
}

/**
 * Changes the test's type and languages. More than one language needs a TB test (a test is
 * multilingual only when it is TB_TEST, spec section 4). Every question's translations follow:
 * the new first language's translation, where there is one, becomes the question's text.
 */
export function setLanguages(test: Test, testType: Test['testType'], languages: string[], ids: IdFactory): void {
  if (languages.length > 1 && testType !== 'TB_TEST') throw invalidField('languages', 'multilingualNeedsTbTest');
  test.testType = testType;
  test.languages = languages;
  const ctx: BuildContext = { ids, languages, multilingual: isMultilingual(test), allowGpscType: true, trusted: true, field: 'question' };
  for (const section of test.sections) section.questions = section.questions.map((q) => buildQuestion(q as QuestionDraft, ctx));
  normalizeTest(test);
}

/** Where a deleted question stood (the Trash, issue 17): its section, its comprehension for a child, its index there. */
export interface QuestionPlace {
  sectionId: string;
  parentQuestionId: string | null;
  index: number;
}

/** The questions a delete of `questionIds` takes away, each with its place (a child whose comprehension goes too goes with it). */
export function questionsLeaving(test: Test, sectionId: string, questionIds: string[]): { question: Question; place: QuestionPlace }[] {
  const section = findSection(test, sectionId);
  const gone = new Set(questionIds);
  return [...gone].flatMap((id) => {
    const found = locateQuestion(section, id);
    if (!found || (found.parent && gone.has(found.parent._id))) return [];
    return [{ question: found.question, place: { sectionId, parentQuestionId: found.parent?._id ?? null, index: found.index } }];
  });
}

/**
 * Puts a deleted question back (the Trash, issue 17): into its section at its place, or at the
 * end when the section now holds fewer questions; a child into its comprehension when that is
 * still there, else into the section. When its section is gone, at the end of the last section.
 * Refused when the test has no section, or already holds the question. Totals follow
 * (normalizeTest), and the test's limits apply as for an added question.
 */
export function restoreQuestion(
  test: Test,
  question: Question,
  place: QuestionPlace,
): { placed: 'place' | 'end' | 'otherSection'; sectionId: string; sectionName: string } {
  const last = test.sections[test.sections.length - 1];
  if (!last) throw new TestRuleError(409, 'TRASH_NO_SECTION', 'trashNoSection');
  const ids = [question, ...(question.type === 'comprehension' ? question.questions : [])].map((q) => q._id);
  if (test.sections.some((s) => ids.some((id) => locateQuestion(s, id)))) throw new TestRuleError(409, 'TRASH_QUESTION_PRESENT', 'trashQuestionPresent');
  const own = test.sections.find((s) => s._id === place.sectionId);
  const section = own ?? last;
  const parent =
    own && place.parentQuestionId && question.type !== 'comprehension'
      ? section.questions.find((q): q is ComprehensionQuestion => q._id === place.parentQuestionId && q.type === 'comprehension')
      : undefined;
  if (parent && parent.questions.length >= LIMITS.childrenPerComprehension) {
    throw new TestRuleError(400, 'VALIDATION_ERROR', 'tooManyChildren', { max: LIMITS.childrenPerComprehension, field: 'questions' }, 'questions');
  }
  const list: Question[] = parent ? parent.questions : section.questions;
  let placed: 'place' | 'end' | 'otherSection' = own ? 'place' : 'otherSection';
  if (own && place.index <= list.length && (parent || !place.parentQuestionId)) list.splice(place.index, 0, question);
  else {
    list.push(question);
    if (own) placed = 'end';
  }
  normalizeTest(test);
  checkQuestionLimit(test);
  return { placed, sectionId: section._id, sectionName: section.name };
}
