import { LIMITS } from '../../domain/test/defaults';
import { problemAt } from '../problems';
import type { ParsedChildQuestion, ParsedQuestion, ParsedSection, Problem } from '../types';
import { asciiDigits } from './patterns';
import { buildPassage, buildQuestion, type FieldValue, type PassageDraft, type QuestionDraft } from './draft';

/** What an engine collects: sections of question and passage drafts, and the answer key's entries. */
export interface DraftSection {
  name: string | null;
  items: (QuestionDraft | PassageDraft)[];
}
export interface KeyEntry extends FieldValue {
  number: number;
}
export const isPassage = (item: QuestionDraft | PassageDraft): item is PassageDraft => 'children' in item;

/** Applies the answer key by question number, then builds every question; sections left empty are dropped. */
export function assemble(sections: DraftSection[], key: KeyEntry[], problems: Problem[]): ParsedSection[] {
  const drafts = sections.flatMap((s) => s.items.flatMap((item) => (isPassage(item) ? item.children : [item])));
  if (key.length) {
    const byNumber = new Map<number, QuestionDraft>();
    for (const draft of drafts) {
      if (draft.number === null) continue;
      if (byNumber.has(draft.number)) problems.push(problemAt(draft.paragraph, 'duplicateNumber', { question: draft.number }));
      else byNumber.set(draft.number, draft);
    }
    for (const entry of key) {
      const draft = byNumber.get(entry.number);
      if (draft) draft.keyAnswer = entry;
      else problems.push(problemAt(entry.paragraph, 'keyUnmatched', { question: entry.number }));
    }
  }
  if (drafts.length > LIMITS.questionsPerTest) problems.push(problemAt(null, 'tooManyQuestions', { count: drafts.length, max: LIMITS.questionsPerTest }));
  return sections
    .map((section) => ({
      name: section.name,
      questions: section.items
        .map((item): ParsedQuestion | null => {
          if (!isPassage(item)) return buildQuestion(item, problems);
          const children = item.children.map((child) => buildQuestion(child, problems)).filter((q): q is ParsedChildQuestion => q !== null);
          return buildPassage(item, children, problems);
        })
        .filter((q): q is ParsedQuestion => q !== null),
    }))
    .filter((section) => section.questions.length > 0);
}

/**
 * Answer-key entries in a line: "1. b  2. a, c  3. True  4. 2.5 - 3.5", "1-b, 2-c", "1(b) 2(c)".
 * A '.' after a number separates only when no digit follows, so "3.5" stays a number.
 */
const ENTRY = /(\d{1,4})\s*(?:\.(?!\d)|[):\-–=]|(?=\())\s*(.+?)\s*[,;]?\s*(?=[\s,;]+\d{1,4}\s*(?:\.(?!\d)|[):\-–=]|\()|$)/g;
export function keyEntriesOf(text: string, paragraph: FieldValue['paragraph']): KeyEntry[] {
  return [...asciiDigits(text).matchAll(ENTRY)].map((m) => ({ number: Number(m[1]), text: m[2].replace(/[,;]$/, '').trim(), paragraph }));
}
