import { labelledQuestions, type InteropQuestion, type InteropSection, type ParsedChildQuestion } from './model';
import type { ParsedQuestion } from '../parser/types';
import type { Problems } from './problems';

/**
 * Moodle's formats (GIFT, Moodle XML) have no comprehension passage. We write one as a
 * description question named "Passage 3" followed by its questions named "Passage 3 (1)",
 * "Passage 3 (2)"..., and read that back as the passage. A description that no question follows
 * that way is text with no question: left out, with a note.
 */
export const passageTitle = (label: string) => `Passage ${label}`;
export const childTitle = (passage: string, k: number) => `${passage} (${k})`;

/** Each section with its questions as Moodle's formats write them, in order: a passage, then its questions. */
export function titledSections(
  sections: InteropSection[],
): { section: InteropSection; questions: { question: ParsedQuestion; label: string; title: string }[] }[] {
  const items = labelledQuestions(sections);
  let at = 0;
  return sections.map((section) => {
    const count = section.questions.reduce((n, q) => n + 1 + (q.type === 'comprehension' ? q.questions.length : 0), 0);
    const questions = items.slice(at, at + count).map(({ question, label, passage }) => {
      const [passageLabel, k] = label.split('.');
      const title = passage ? childTitle(passageTitle(passageLabel), Number(k)) : question.type === 'comprehension' ? passageTitle(label) : `Q${label}`;
      return { question, label, title };
    });
    at += count;
    return { section, questions };
  });
}

export interface ReadItem {
  number: number;
  title: string | null;
  /** A description reads as a comprehension without questions. */
  question: InteropQuestion | null;
}

export function passageOf(items: ReadItem[], problems: Problems): InteropQuestion[] {
  const out: InteropQuestion[] = [];
  for (let i = 0; i < items.length; i++) {
    const { question, title, number } = items[i];
    if (!question) continue;
    if (question.type !== 'comprehension' || question.questions.length) {
      out.push(question);
      continue;
    }
    const children: ParsedChildQuestion[] = [];
    while (title && i + 1 < items.length && items[i + 1].title === childTitle(title, children.length + 1)) {
      const next = items[++i].question;
      if (next && next.type !== 'comprehension') children.push(next);
    }
    if (children.length) out.push({ ...question, questions: children });
    else problems.warning(number, 'description', 'a description (text with no question) left out: our tests hold text only as a comprehension passage');
  }
  return out;
}
