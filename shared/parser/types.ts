import type { ParserEngine } from './engines';
import type { ChildQuestionType, DifficultyLevel, QuestionType } from '../domain/test/types';

/**
 * What the Word parser gives: the questions of a document in the shape `POST /v2/question/create`
 * takes, grouped by the document's sections, and every problem with the place where it stands.
 */

export type EngineId = ParserEngine;

export type ProblemCode =
  | 'file'
  | 'legacyFont'
  | 'legacyEquation'
  | 'equationScript'
  | 'pictureFormat'
  | 'pictureTooLarge'
  | 'noQuestions'
  | 'textBeforeFirstQuestion'
  | 'emptyQuestion'
  | 'noCorrectAnswer'
  | 'unknownType'
  | 'answerNotAnOption'
  | 'answerUnreadable'
  | 'emptyOption'
  | 'emptyOptionDropped'
  | 'answeredCopy'
  | 'paragraphUnreadable'
  | 'tooManyOptions'
  | 'tooFewOptions'
  | 'optionsNotAllowed'
  | 'unknownTypeName'
  | 'unknownDifficulty'
  | 'marksUnreadable'
  | 'integerSolutionDropped'
  | 'answerConflict'
  | 'trueFalseOneAnswer'
  | 'keyUnmatched'
  | 'duplicateNumber'
  | 'emptyPassage'
  | 'tooManyChildren'
  | 'tooManyQuestions'
  | 'notAttached'
  | 'tableWithoutQuestion'
  | 'answerNotMarked'
  | 'keyAnswerUnreadable'
  | 'answerNotGiven'
  | 'answerAmbiguous'
  | 'numberOutOfOrder'
  | 'instruction'
  | 'equationPicture';

/** Which rule found a question's correct answer: shown in the preview, so a teacher can check the few it got wrong. */
export type AnswerRule =
  | 'answerLine'
  | 'answerKey'
  | 'asterisk'
  | 'tick'
  | 'bold'
  | 'underline'
  | 'italic'
  | 'colour'
  | 'highlight'
  | 'tableMark'
  | 'circle'
  | 'sign'
  | 'answerColumn'
  | 'statements'
  | 'none';

export interface Problem {
  /**
   * An error leaves out what it stands in (a question, a passage); the rest of the document
   * uploads. A warning is a note: the thing is uploaded. Only a broken file, or a document with
   * no question at all, stops the upload (`blocksUpload`).
   */
  severity: 'error' | 'warning';
  code: ProblemCode;
  params: Record<string, string | number>;
  /** In English, for the command line and logs; the portal and the add-in translate by code. */
  message: string;
  /** 1-based, counting every paragraph in reading order, table cells included (as Word's body.paragraphs does); null for the whole file. */
  paragraph: number | null;
  /** 1-based place in its table, when the paragraph is in one. */
  cell: { table: number; row: number; column: number } | null;
  /** The beginning of the paragraph's text, to find it by eye. */
  excerpt: string;
}

interface ParsedQuestionBase {
  name: string;
  /** For the preview only (never sent): where the question starts (1-based paragraph) and which rule found its answer. */
  docParagraph?: number;
  answerFrom?: AnswerRule;
  solution: string;
  marks?: { positive: number; negative: number };
  isNegativeMarkingEnabled?: boolean;
  difficultyLevel?: DifficultyLevel;
  tags?: string[];
}
export interface ParsedChoiceQuestion extends ParsedQuestionBase {
  type: 'multiple_choice' | 'true_false';
  options: { name: string; isCorrect: boolean }[];
}
export interface ParsedFillUpsQuestion extends ParsedQuestionBase {
  type: 'fill_ups';
  options: ({ optionId: string; type: 'constants'; name: string } | { optionId: string; type: 'range'; floor: number; cap: number; name: string })[];
}
export interface ParsedIntegerQuestion extends ParsedQuestionBase {
  type: 'integer';
}
export type ParsedChildQuestion = ParsedChoiceQuestion | ParsedFillUpsQuestion | ParsedIntegerQuestion;
export interface ParsedComprehension extends ParsedQuestionBase {
  type: 'comprehension';
  paragraph: string;
  questions: ParsedChildQuestion[];
}
export type ParsedQuestion = ParsedChildQuestion | ParsedComprehension;

export interface ParsedSection {
  /** A `Section:` line's name; null for the questions before any (they go to the section chosen for the upload). */
  name: string | null;
  questions: ParsedQuestion[];
}

/**
 * What the reader took each paragraph for (issue 28): nothing is dropped unseen. "notUnderstood"
 * is text outside every question that is no heading, instruction or key: a label left over, a
 * field with no question, a title before the first question.
 */
export type ParagraphRole = 'question' | 'option' | 'answer' | 'solution' | 'key' | 'passage' | 'heading' | 'notUnderstood';

export interface ParsedDocument {
  engine: EngineId;
  sections: ParsedSection[];
  problems: Problem[];
  /** The pictures the HTML refers to as `docx:<path>`, to upload before the questions. */
  pictures: string[];
  /** Every font face the text is written in (for the font check). */
  fonts: string[];
  /** Questions, comprehension children included. */
  questionCount: number;
  countsByType: Partial<Record<QuestionType | ChildQuestionType, number>>;
  /** How many paragraphs with something in them were read as each role (the numbered-text engine; {} from the tables engine). */
  paragraphRoles: Partial<Record<ParagraphRole, number>>;
}

/** Problems that leave nothing to upload: a file that cannot be read, no questions, more than a test holds. */
const BLOCKING: ReadonlySet<ProblemCode> = new Set(['file', 'noQuestions', 'tooManyQuestions']);
export const isBlocking = (problem: Problem) => BLOCKING.has(problem.code);
export const blocksUpload = (doc: Pick<ParsedDocument, 'problems' | 'questionCount'>) => doc.questionCount === 0 || doc.problems.some(isBlocking);
