import { FORMAT_NAMES, type ExportFormat, type ImportFormat, type InteropProblem, type Loss, type SkipReason } from './model';

/**
 * Problems of an import and losses of an export, in English (the command line, logs); the portal
 * will translate by code. One place for the wording, so every format names the same cause alike.
 */
const LOSS_MESSAGES: Record<string, string> = {
  sections: '{format} has no sections: {count} section names dropped',
  passages: '{format} has no comprehension passages: {count} passages written as their questions, each with the passage before its text',
  passageText: '{format} has no comprehension passages: {count} passages dropped',
  types: '{format} cannot hold {detail}: {count} questions left out',
  multipleAnswers: '{format} holds one correct option only: {count} questions with several left out',
  trueFalseAsChoice: '{format} has no true/false questions: {count} written as multiple choice with the options True and False',
  solutions: '{format} has no solutions: {count} solutions dropped',
  marks: "{format} has no marks: {count} questions' marks dropped",
  negativeMarks: "{format} has no negative marking: {count} questions' negative marks dropped",
  difficulty: '{format} has no difficulty: {count} difficulty levels dropped',
  tags: "{format} has no tags: {count} questions' tags dropped",
  formatting: '{format} holds plain text only: formatting, tables or line breaks of {count} questions dropped',
  pictures: "{format} cannot hold pictures: {count} questions' pictures dropped",
  tooManyOptions: "{format} holds at most {detail} options: {count} questions' extra options dropped",
  blanks: "{format} holds one blank per question: {count} questions' other blanks dropped",
  mixedBlank: "{format} cannot mix words and number ranges in one blank: {count} questions' ranges dropped",
  cellTooLong: '{format} cells hold at most 32,767 characters: {count} questions left out (write them to CSV instead)',
  equations: '{detail}: {count} equations kept as LaTeX text',
  blankMarkers: '{format} puts blanks where "____" stands: {count} questions had none, their blanks were added at the end',
};

export class Losses {
  private readonly byCode = new Map<string, { questions: string[]; detail: string }>();
  constructor(private readonly format: ExportFormat) {}

  add(code: keyof typeof LOSS_MESSAGES, label: string, detail = ''): void {
    const entry = this.byCode.get(code) ?? { questions: [], detail };
    if (!entry.questions.includes(label)) entry.questions.push(label);
    this.byCode.set(code, entry);
  }

  list(): Loss[] {
    return [...this.byCode].map(([code, { questions, detail }]) => ({
      code,
      count: questions.length,
      questions,
      ...(detail ? { detail } : {}),
      message: LOSS_MESSAGES[code].replace('{format}', FORMAT_NAMES[this.format]).replace('{count}', String(questions.length)).replace('{detail}', detail),
    }));
  }
}

/** Collects an import's problems, numbering them by the question the reader is on. */
export class Problems {
  readonly list: InteropProblem[] = [];
  constructor(readonly format: ImportFormat) {}
  /** `skip`: why a question of a kind we do not have was left out, as a code (the portal words it). */
  error(question: number | null, code: string, message: string, skip?: { reason: SkipReason; kind?: string }): void {
    this.list.push({ severity: 'error', question, code, message, ...skip });
  }
  warning(question: number | null, code: string, message: string): void {
    this.list.push({ severity: 'warning', question, code, message });
  }
}

/** "question 3: no correct answer" as the command line prints a problem. */
export const describeProblem = (p: InteropProblem) =>
  `${p.severity === 'error' ? 'error' : 'note '} ${p.question === null ? 'file' : `question ${p.question}`}: ${p.message}`;
