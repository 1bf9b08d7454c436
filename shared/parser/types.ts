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
  | 'tableWithoutQuestion';

export interface Problem {
  /** An error keeps the document from being uploaded; a warning is shown and the upload goes on. */
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
}

export const hasErrors = (doc: Pick<ParsedDocument, 'problems'>) => doc.problems.some((p) => p.severity === 'error');
