import { fromDurationMs } from '../duration';
import type { DefaultTestSettings } from '../testSettings';
import {
  DEFAULT_MARKS,
  defaultTestSettings,
  FILL_UPS_DEFAULT_OPTION_MARKS,
  FILL_UPS_DEFAULT_OPTION_NAME,
  GPSC_NOT_ATTEMPTED_OPTION,
  TRUE_FALSE_OPTION_NAMES,
  UNLIMITED_ATTEMPTS,
} from './defaults';
import { TestRuleError } from './errors';
import { htmlText } from './html';
import {
  CHILD_QUESTION_TYPES,
  QUESTION_TYPES,
  type ChildQuestion,
  type ChoiceOption,
  type DifficultyLevel,
  type FillUpsOption,
  type FillUpsOptionType,
  type Marks,
  type Question,
  type QuestionTranslation,
  type QuestionType,
  type Section,
  type Test,
  type TestType,
} from './types';

/** Makes a new unique id (the server: a UUID; the editor: crypto.randomUUID). */
export type IdFactory = () => string;

export interface ChoiceOptionDraft {
  id?: string;
  name?: string;
  isCorrect?: boolean;
  solution?: string;
  isNotAttempted?: boolean;
}
export interface FillUpsOptionDraft {
  id?: string;
  optionId?: string;
  type?: FillUpsOptionType;
  name?: string;
  floor?: number | null;
  cap?: number | null;
  positiveMarks?: number;
  solution?: string;
}

/** A question as a client sends it: only `type` is needed; the rest gets its default. */
export interface QuestionDraft {
  _id?: string;
  type: QuestionType;
  name?: string;
  solution?: string;
  marks?: Partial<Marks>;
  positiveMarks?: number;
  negativeMarks?: number;
  negativeUnattemptedMarks?: number;
  isNegativeMarkingEnabled?: boolean;
  isNegativeMarkingEnabledIfUnattempted?: boolean;
  isPartialMarkingEnabled?: boolean;
  isGpscType?: boolean;
  difficultyLevel?: DifficultyLevel | null;
  tags?: string[];
  isDummyQuestion?: boolean;
  isImported?: boolean;
  isGlobal?: boolean;
  sourceQuestionId?: string;
  translations?: Record<string, Partial<QuestionTranslation>>;
  options?: (ChoiceOptionDraft | FillUpsOptionDraft)[];
  paragraph?: string;
  questions?: QuestionDraft[];
}

export interface BuildContext {
  ids: IdFactory;
  /** The test's languages; the first is the one `name`, `solution`... are written in. */
  languages: string[];
  multilingual: boolean;
  /** GPSC-type questions allowed (the organisation's allowGpscType); stored ones are always kept. */
  allowGpscType: boolean;
  /**
   * Take isImported, isGlobal and sourceQuestionId from the draft (stored content, imports).
   * Otherwise they come from `keep` (the question being edited) or are off: a client never sets them.
   */
  trusted: boolean;
  /** Where the draft stands in the input, for refusals (`question`, `questions.2`). */
  field: string;
  /** An edit: the stored translations of the questions edited, by question id. */
  storedTranslations?: Map<string, Record<string, QuestionTranslation>>;
}

/** Marks are kept to 4 decimals, so sums of 0.25s and 0.1s do not drift. */
export const roundMarks = (value: number) => Math.round(value * 10_000) / 10_000;

const finiteOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const bool = (value: unknown) => value === true;
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** `marks` wins over the flat copies; what neither gives is the type's default. */
function marksOf(draft: QuestionDraft): Marks {
  const base = DEFAULT_MARKS[draft.type];
  return {
    positive: roundMarks(finiteOr(draft.marks?.positive, finiteOr(draft.positiveMarks, base.positive))),
    negative: roundMarks(finiteOr(draft.marks?.negative, finiteOr(draft.negativeMarks, base.negative))),
    negativeUnattempted: roundMarks(finiteOr(draft.marks?.negativeUnattempted, finiteOr(draft.negativeUnattemptedMarks, base.negativeUnattempted))),
  };
}

const isChildType = (type: QuestionType): type is ChildQuestion['type'] => (CHILD_QUESTION_TYPES as readonly string[]).includes(type);

/** Option ids as given where they are unique within the question, else new ones. */
function uniqueIds(ctx: BuildContext): (given: string | undefined) => string {
  const seen = new Set<string>();
  return (given) => {
    const id = given && !seen.has(given) ? given : ctx.ids();
    seen.add(id);
    return id;
  };
}

function choiceOptions(draft: QuestionDraft, ctx: BuildContext, gpsc: boolean): ChoiceOption[] {
  const given = (draft.options ?? []) as ChoiceOptionDraft[];
  const notAttempted = given.find((o) => o.isNotAttempted);
  let options: ChoiceOptionDraft[] = given.filter((o) => !o.isNotAttempted);
  if (draft.type === 'true_false' && options.length === 0) options = TRUE_FALSE_OPTION_NAMES.map((name) => ({ name, isCorrect: false }));
  const id = uniqueIds(ctx);
  const built: ChoiceOption[] = options.map((o) => ({
    id: id(o.id),
    name: str(o.name),
    nameText: htmlText(str(o.name)),
    isCorrect: bool(o.isCorrect),
    order: 0,
    solution: str(o.solution),
  }));
  // GPSC type (multiple_choice): the extra 'Not attempted' option, last, never correct.
  if (gpsc && draft.type === 'multiple_choice') {
    built.push({
      id: id(notAttempted?.id),
      name: GPSC_NOT_ATTEMPTED_OPTION,
      nameText: GPSC_NOT_ATTEMPTED_OPTION,
      isCorrect: false,
      order: 0,
      solution: '',
      isNotAttempted: true,
    });
  }
  built.forEach((o, i) => (o.order = i + 1));
  return built;
}

function fillUpsOptions(draft: QuestionDraft, ctx: BuildContext): FillUpsOption[] {
  let options = (draft.options ?? []) as FillUpsOptionDraft[];
  // Spec section 5: no option yet, so the default one.
  if (options.length === 0) options = [{ name: FILL_UPS_DEFAULT_OPTION_NAME, type: 'constants', positiveMarks: FILL_UPS_DEFAULT_OPTION_MARKS }];
  const unique = uniqueIds(ctx);
  return options.map((o, i) => {
    const id = unique(o.id);
    const range = o.type === 'range';
    return {
      id,
      optionId: o.optionId || id,
      type: range ? 'range' : 'constants',
      name: str(o.name),
      nameText: htmlText(str(o.name)),
      floor: range ? finiteOr(o.floor, 0) : null,
      cap: range ? finiteOr(o.cap, finiteOr(o.floor, 0)) : null,
      positiveMarks: roundMarks(finiteOr(o.positiveMarks, FILL_UPS_DEFAULT_OPTION_MARKS)),
      order: i + 1,
      solution: str(o.solution),
    };
  });
}

/**
 * Translations keyed by the test's languages. In a multilingual test the first language's
 * text is the question's own (`name`, `solution`, `paragraph`, option names): a translation
 * sent for it wins and is copied onto the question, else the question's text is copied into it.
 */
function translationsOf(question: Question, draft: QuestionDraft, ctx: BuildContext): Record<string, QuestionTranslation> {
  const result: Record<string, QuestionTranslation> = {};
  const optionIds = new Set('options' in question ? question.options.map((o) => o.id) : []);
  const stored = draft._id ? ctx.storedTranslations?.get(draft._id) : undefined;
  for (const [language, given] of Object.entries(draft.translations ?? {})) {
    // Stored translations of a language the test no longer has are kept (not lost by mistake):
    // an edit keeps them as stored (nothing shows them to edit), any other is refused.
    if (!ctx.languages.includes(language) && !ctx.trusted) {
      if (stored?.[language]) continue;
      throw new TestRuleError(
        400,
        'VALIDATION_ERROR',
        'unknownLanguage',
        { language, field: `${ctx.field}.translations.${language}` },
        `${ctx.field}.translations.${language}`,
      );
    }
    const translation: QuestionTranslation = { name: str(given?.name), solution: str(given?.solution) };
    if (question.type === 'comprehension') translation.paragraph = str(given?.paragraph);
    if (given?.options) translation.options = given.options.filter((o) => o && optionIds.has(o.id)).map((o) => ({ id: o.id, name: str(o.name) }));
    result[language] = translation;
  }
  for (const [language, translation] of Object.entries(stored ?? {})) {
    if (!ctx.languages.includes(language)) result[language] = translation;
  }
  if (ctx.languages.length === 0) return result;
  const first = ctx.languages[0];
  if (!ctx.multilingual) {
    // A single-language test's text is the question's own: a first-language copy sent with an
    // edit is stale, and would win over the edited text if the test became multilingual again.
    if (!ctx.trusted) delete result[first];
    return result;
  }
  const own = result[first];
  if (own) {
    question.name = own.name;
    question.solution = own.solution;
    if (question.type === 'comprehension') question.paragraph = own.paragraph ?? '';
    if ('options' in question && own.options) {
      const names = new Map(own.options.map((o) => [o.id, o.name]));
      for (const option of question.options) {
        if (names.has(option.id)) {
          option.name = names.get(option.id)!;
          option.nameText = htmlText(option.name);
        }
      }
    }
  }
  result[first] = {
    name: question.name,
    solution: question.solution,
    ...(question.type === 'comprehension' ? { paragraph: question.paragraph } : {}),
    ...('options' in question ? { options: (question.options as { id: string; name: string }[]).map((o) => ({ id: o.id, name: o.name })) } : {}),
  };
  return result;
}

/** What an edit keeps from the question it replaces. */
export type KeptFields = Pick<Question, '_id' | 'isImported' | 'isGlobal' | 'sourceQuestionId'>;

/**
 * A complete question from a draft: ids for it, its options and children where missing, the
 * type's default marks, flat copies of the marks, option text, the fill_ups default option,
 * true/false options, the GPSC option, and translations.
 */
export function buildQuestion(draft: QuestionDraft, ctx: BuildContext, keep?: KeptFields): Question {
  if (!(QUESTION_TYPES as readonly string[]).includes(draft.type)) {
    throw new TestRuleError(400, 'VALIDATION_ERROR', 'fieldInvalid', { field: `${ctx.field}.type`, reason: 'unknown question type' }, `${ctx.field}.type`);
  }
  const gpsc = bool(draft.isGpscType) && draft.type === 'multiple_choice';
  if (gpsc && !ctx.allowGpscType) throw new TestRuleError(403, 'FEATURE_DISABLED', 'gpscDisabled', {}, `${ctx.field}.isGpscType`);
  const marks = marksOf(draft);
  const base = {
    // A client's ids are not taken for new questions (they must be unique in the test).
    _id: keep?._id ?? (ctx.trusted && draft._id ? draft._id : ctx.ids()),
    name: str(draft.name),
    solution: draft.type === 'integer' ? str(draft.solution).trim() : str(draft.solution),
    order: 0,
    marks,
    positiveMarks: marks.positive,
    negativeMarks: marks.negative,
    negativeUnattemptedMarks: marks.negativeUnattempted,
    isNegativeMarkingEnabled: bool(draft.isNegativeMarkingEnabled),
    isNegativeMarkingEnabledIfUnattempted: bool(draft.isNegativeMarkingEnabledIfUnattempted),
    isPartialMarkingEnabled: bool(draft.isPartialMarkingEnabled),
    isGpscType: gpsc,
    difficultyLevel: draft.difficultyLevel ?? null,
    tags: [...new Set((draft.tags ?? []).map((t) => t.trim()).filter(Boolean))],
    isDummyQuestion: bool(draft.isDummyQuestion),
    isImported: keep ? keep.isImported : ctx.trusted && bool(draft.isImported),
    isGlobal: keep ? keep.isGlobal : ctx.trusted && bool(draft.isGlobal),
    translations: {},
  };
  const source = keep ? keep.sourceQuestionId : ctx.trusted ? draft.sourceQuestionId : undefined;
  if (source) Object.assign(base, { sourceQuestionId: source });

  let question: Question;
  switch (draft.type) {
    case 'multiple_choice':
    case 'true_false':
      question = { ...base, type: draft.type, options: choiceOptions(draft, ctx, gpsc) };
      // True or false: one answer, never both (issue 14: both could be saved, and scored oddly).
      // None is a draft (MCQ_ONE_ANS). Stored content is kept as it is and listed as TF_ONE_ANS.
      if (question.type === 'true_false' && !ctx.trusted && question.options.filter((o) => o.isCorrect).length > 1) {
        throw new TestRuleError(400, 'VALIDATION_ERROR', 'trueFalseOneAnswer', { field: `${ctx.field}.options` }, `${ctx.field}.options`);
      }
      break;
    case 'fill_ups':
      question = { ...base, type: 'fill_ups', options: fillUpsOptions(draft, ctx) };
      break;
    case 'integer':
      question = { ...base, type: 'integer' };
      break;
    case 'comprehension': {
      // Stored content is taken as it is, less what cannot be there.
      const given = (draft.questions ?? []).filter((child) => !ctx.trusted || isChildType(child.type));
      const children = given.map((child, i) => {
        const childField = `${ctx.field}.questions.${i}`;
        if (!isChildType(child.type)) {
          throw new TestRuleError(
            400,
            'VALIDATION_ERROR',
            'fieldInvalid',
            { field: `${childField}.type`, reason: 'a comprehension cannot hold a comprehension' },
            `${childField}.type`,
          );
        }
        return buildQuestion(child, { ...ctx, field: childField }) as ChildQuestion;
      });
      question = { ...base, type: 'comprehension', paragraph: str(draft.paragraph), questions: children };
      break;
    }
  }
  question.translations = translationsOf(question, draft, ctx);
  return question;
}

/** Answerable questions of a list: comprehension children count, the comprehension itself does not. */
export function answerableQuestions(questions: Question[]): ChildQuestion[] {
  return questions.flatMap((q) => (q.type === 'comprehension' ? q.questions : [q]));
}

/**
 * Recomputes everything derived, in place, after any change: orders (sections, questions,
 * comprehension children, options), section marks and counts, hours and minutes, the test's
 * totals, RTG entries of sections that are gone, and the optional flag of sections (with its
 * "attempt any N") when the test has no optional questions.
 */
export function normalizeTest(test: Test): Test {
  let totalMarks = 0;
  let totalQuestions = 0;
  const sectionIds = new Set<string>();
  test.sections.forEach((section, i) => {
    section.order = i + 1;
    sectionIds.add(section._id);
    section.questions.forEach((question, j) => {
      question.order = j + 1;
      delete question.parentQuestionOrder;
      if (question.type === 'comprehension') {
        question.questions.forEach((child, k) => {
          child.order = k + 1;
          child.parentQuestionOrder = question.order;
        });
      }
    });
    const answerable = answerableQuestions(section.questions);
    section.numberOfQuestions = answerable.length;
    section.sectionMarks = roundMarks(answerable.reduce((sum, q) => sum + q.marks.positive, 0));
    const { hours, minutes } = fromDurationMs(section.sectionDuration);
    section.sectionHours = hours;
    section.sectionMinutes = minutes;
    if (!test.settings.hasOptionalQuestions) section.hasOptionalQuestions = false;
    if (!section.hasOptionalQuestions) section.attemptAny = null;
    totalMarks += section.sectionMarks;
    totalQuestions += section.numberOfQuestions;
  });
  for (const id of Object.keys(test.settings.settingsForRTG)) {
    if (!sectionIds.has(id)) delete test.settings.settingsForRTG[id];
  }
  test.totalMarks = roundMarks(totalMarks);
  test.totalNumberOfQuestions = totalQuestions;
  return test;
}

/** A test is multilingual only when its type is TB_TEST and it has languages (spec section 4). */
export function isMultilingual(test: Pick<Test, 'testType' | 'languages'>): boolean {
  return test.testType === 'TB_TEST' && test.languages.length > 0;
}

/** What a test row holds besides its content. */
export interface StoredTest {
  _id: string;
  name: string;
  tags: string[];
  duration: number;
  testType: string;
  languages: string[];
  isGlobal: boolean;
  isAttempted: boolean;
  content: unknown;
}

/** Ids for content stored without them (older or hand-made rows): the same on every read. */
function stableIds(prefix: string): IdFactory {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

/**
 * A test from what is stored, tolerating content written by older code or by hand: whatever
 * is missing gets its default, and derived fields are recomputed. Settings missing altogether
 * are `settingsDefaults` (the owner's default settings).
 */
export function hydrateTest(stored: StoredTest, settingsDefaults: Partial<DefaultTestSettings> = {}): Test {
  const content = (stored.content && typeof stored.content === 'object' ? stored.content : {}) as Record<string, any>;
  const testType: TestType = stored.testType === 'TB_TEST' ? 'TB_TEST' : 'CMS';
  const languages = Array.isArray(stored.languages) ? stored.languages : [];
  const multilingual = isMultilingual({ testType, languages });
  const ids = stableIds(stored._id);
  const ctx: BuildContext = { ids, languages, multilingual, allowGpscType: true, trusted: true, field: 'content' };
  const settings = { ...defaultTestSettings(settingsDefaults), ...(content.settings ?? {}) };
  settings.settingsForRTG = { ...(settings.settingsForRTG ?? {}) };
  settings.fonts = { list: settings.fonts?.list ?? [], include: settings.fonts?.include === true };
  const sections: Section[] = (Array.isArray(content.sections) ? content.sections : []).map((s: Record<string, any>) => ({
    _id: typeof s._id === 'string' && s._id ? s._id : ids(),
    name: str(s.name),
    order: 0,
    sectionDuration: finiteOr(s.sectionDuration, 0),
    sectionHours: 0,
    sectionMinutes: 0,
    sectionMarks: 0,
    numberOfQuestions: 0,
    instructions: str(s.instructions ?? s.sectionInstructions),
    hasOptionalQuestions: bool(s.hasOptionalQuestions),
    attemptAny: Number.isInteger(s.attemptAny) && s.attemptAny > 0 ? s.attemptAny : null,
    // Questions written by this model are complete: only older or hand-made ones are rebuilt.
    questions:
      content.model === CONTENT_MODEL && Array.isArray(s.questions)
        ? (s.questions as Question[])
        : (Array.isArray(s.questions) ? s.questions : [])
            .filter((q: unknown) => q && typeof q === 'object' && (QUESTION_TYPES as readonly string[]).includes((q as QuestionDraft).type))
            .map((q: QuestionDraft) => buildQuestion(q, ctx)),
  }));
  return normalizeTest({
    _id: stored._id,
    name: stored.name,
    isGlobal: stored.isGlobal,
    isAttempted: stored.isAttempted,
    instructions: str(content.instructions),
    tags: stored.tags ?? [],
    duration: stored.duration,
    testType,
    languages,
    attempts: finiteOr(content.attempts, UNLIMITED_ATTEMPTS),
    settings,
    grades: Array.isArray(content.grades) ? content.grades : [],
    translations: content.translations && typeof content.translations === 'object' ? content.translations : {},
    isTemplateSelected: bool(content.isTemplateSelected),
    sections,
    totalMarks: 0,
    totalNumberOfQuestions: 0,
  });
}

/**
 * The shape `tests.content` is written in. Content carrying it was built by these rules, so a
 * read takes its questions as they are (a test of 500 questions opens in a few milliseconds
 * less); content without it (older rows, copies made by hand) is rebuilt question by question.
 */
export const CONTENT_MODEL = 1;

/** What `tests.content` stores of a test (the rest lives in the row's columns). */
export function contentOf({ instructions, attempts, settings, grades, translations, isTemplateSelected, sections }: Test) {
  return { model: CONTENT_MODEL, instructions, attempts, settings, grades, translations, isTemplateSelected, sections };
}
