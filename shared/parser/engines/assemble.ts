import { mergeAnsweredCopy } from './answeredCopy';
import { LIMITS } from '../../domain/test/defaults';
import { isBlankHtml } from '../../domain/test/html';
import type { Paragraph } from '../docx/document';
import { problemAt } from '../problems';
import type { ParsedChildQuestion, ParsedQuestion, ParsedSection, Problem } from '../types';
import { asciiDigits, fieldOf, withoutQuestionWords } from './patterns';
import {
  buildPassage,
  buildQuestion,
  buildStatementGroup,
  paperMarkOf,
  statementsOf,
  unmarkedStatements,
  type FieldValue,
  type PassageDraft,
  type QuestionDraft,
} from './draft';

/** What an engine collects: sections of question and passage drafts, and the answer key's entries. */
export interface DraftSection {
  name: string | null;
  /** The heading line that started it ("PART II – GRAMMAR"), when it was one. */
  heading?: Paragraph;
  items: (QuestionDraft | PassageDraft)[];
}
export interface KeyEntry extends FieldValue {
  number: number;
  /** The part of the key it is under ("Phần II:", "Part B"), 0 before any: part n answers the n-th section with questions. */
  part?: number;
  /** Its worked solution, when the reader knows the paragraphs under it are one (a Hangul endnote's body). */
  solution?: string[];
}
export const isPassage = (item: QuestionDraft | PassageDraft): item is PassageDraft => 'children' in item;

/** Applies the answer key by question number, then builds every question; sections left empty are dropped. */
export function assemble(sections: DraftSection[], key: KeyEntry[], problems: Problem[], unreadable: ReadonlySet<number> = new Set()): ParsedSection[] {
  const drafts = sections.flatMap((s) => s.items.flatMap((item) => (isPassage(item) ? item.children : [item])));
  if (key.length) {
    // A key in parts ("Phần I: … Phần II: …") answers the document's sections with questions in order, each numbered from 1.
    const filled = sections.filter((s) => s.items.length > 0);
    const parts = new Set(key.map((e) => e.part ?? 0));
    const byPart = parts.size > 1 && parts.size === filled.length;
    const scopes = byPart ? filled.map((s) => s.items.flatMap((item) => (isPassage(item) ? item.children : [item]))) : [drafts];
    // A number the paper gives several questions (elective parts each numbered 23-30) and the key as many entries, in order:
    // the k-th entry answers the k-th question of that number. Otherwise the first question of a number takes its entries.
    const entriesOf = (part: number | null, number: number) => key.filter((e) => e.number === number && (part === null || (e.part ?? 0) === part)).length;
    const partIndex = [...parts].sort((a, b) => a - b);
    const byNumber = scopes.map((scope, at) => {
      const numbers = new Map<number, QuestionDraft[]>();
      for (const draft of scope) if (draft.number !== null) numbers.set(draft.number, [...(numbers.get(draft.number) ?? []), draft]);
      for (const [number, drafts] of numbers) {
        if (drafts.length > 1 && entriesOf(byPart ? partIndex[at] : null, number) === drafts.length) continue;
        if (!byPart) for (const draft of drafts.slice(1)) problems.push(problemAt(draft.paragraph, 'duplicateNumber', { question: number }));
        numbers.set(number, drafts.slice(0, 1));
      }
      return numbers;
    });
    for (const entry of key) {
      const drafts = byNumber[byPart ? partIndex.indexOf(entry.part ?? 0) : 0].get(entry.number) ?? [];
      if (!drafts.length) problems.push(problemAt(entry.paragraph, 'keyUnmatched', { question: entry.number }));
      // The first entry for a question wins: numbers in a key's explanations ("Step 2: …") must not replace it.
      const draft = drafts.find((d) => !d.keyAnswer);
      if (!draft) continue;
      draft.keyAnswer = entry;
      // A solution written with the question stands; the key's is used only when it has none.
      if (entry.solution?.length && draft.solution.every((html) => isBlankHtml(html))) draft.solution.push(...entry.solution);
    }
  }
  const paperMark = paperMarkOf(drafts);
  if (drafts.length > LIMITS.questionsPerTest) problems.push(problemAt(null, 'tooManyQuestions', { count: drafts.length, max: LIMITS.questionsPerTest }));
  const built = sections
    .map((section) => {
      const partOf = (item: QuestionDraft) => item.context ?? section.name ?? '';
      const read = section.items.map((item) => (isPassage(item) ? null : statementsOf(item, partOf(item))));
      // A part that marks its true statements: a question of statements none marked has every one false.
      const partMarked = read.some((values) => values?.includes(true));
      const statements = section.items.map((item, i) => read[i] ?? (partMarked && !isPassage(item) ? unmarkedStatements(item, partOf(item)) : null));
      return { section, statements };
    })
    .map(({ section, statements: all }) => ({
      name: section.name,
      questions: section.items
        .map((item, i): ParsedQuestion | null => {
          if (!isPassage(item)) {
            const statements = all[i];
            return statements ? buildStatementGroup(item, statements, problems) : buildQuestion(item, problems, unreadable, paperMark);
          }
          const children = item.children
            .map((child) => buildQuestion(child, problems, unreadable, paperMark))
            .filter((q): q is ParsedChildQuestion => q !== null);
          return buildPassage(item, children, problems);
        })
        .filter((q): q is ParsedQuestion => q !== null),
    }))
    .filter((section) => section.questions.length > 0);
  // The paper printed again with its answers answers the paper (engines/answeredCopy.ts).
  return mergeAnsweredCopy(built, problems);
}

/**
 * Answer-key entries in a line: "1. b  2. a, c  3. True  4. 2.5 - 3.5", "1-b, 2-c", "1(b) 2(c)".
 * A '.' after a number separates only when no digit follows, so "3.5" stays a number.
 */
const ENTRY =
  /(\d{1,4})\s*(?:\.(?!\d)|[):\-–=、]|(?=\()|(?=[A-Ha-h①-⑩](?![\p{L}\d])))\s*(.+?)\s*[,;]?\s*(?=[\s,;]+\d{1,4}\s*(?:\.(?!\d)|[):\-–=、]|\(|[A-Ha-h①-⑩](?![\p{L}\d]))|$)/gu;
export function keyEntriesOf(text: string, paragraph: FieldValue['paragraph']): KeyEntry[] {
  const entries = [...withoutQuestionWords(asciiDigits(text)).matchAll(ENTRY)].map((m) => {
    // "1、参考答案：B", "3. Answer: C": the answer's word between the number and the answer is no part of it.
    const field = fieldOf(m[2]);
    const value = field?.kind === 'answer' ? m[2].slice(field.end) : m[2];
    return { number: Number(m[1]), text: value.replace(/[,;]$/, '').trim(), paragraph };
  });
  // "1. 23_09 교육 1) ⑤": a tag naming where the question comes from repeats its number; the last entry of a number is its answer.
  return entries.filter((entry, i) => entries[i + 1]?.number !== entry.number);
}
