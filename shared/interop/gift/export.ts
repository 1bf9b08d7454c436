import { toMoodleMath } from '../math';
import type { ExportResult, InteropQuestion, InteropSection } from '../model';
import { Losses } from '../problems';
import { BLANK_RUN, blanksOf, hasOwnMarks } from '../questions';
import { titledSections } from '../passages';
import { escapeGift } from './escape';

/**
 * GIFT out: each question as `::title::[html]text{answers####solution}`, sections as
 * `$CATEGORY:` lines, a passage as a description with its questions after it (../passages.ts).
 * GIFT has no marks, negative marking, difficulty or tags: those are named as dropped.
 */

const text = (html: string) => escapeGift(toMoodleMath(html));
const number = (x: number) => String(x);

function answerBlock(q: Exclude<InteropQuestion, { type: 'comprehension' }>, label: string, losses: Losses): string {
  switch (q.type) {
    case 'true_false':
      return q.options[0]?.isCorrect ? 'TRUE' : 'FALSE';
    case 'integer':
      return `#${q.solution.trim()}`;
    case 'multiple_choice': {
      const right = q.options.filter((o) => o.isCorrect).length;
      // Several correct options share the marks; a wrong one takes them all away (all or nothing, as ours).
      const weight = right > 1 ? `%${Number((100 / right).toFixed(5))}%` : '';
      return q.options.map((o) => (o.isCorrect ? (right > 1 ? `~${weight}` : '=') : right > 1 ? '~%-100%' : '~') + text(o.name)).join('\n');
    }
    case 'fill_ups': {
      const blanks = blanksOf(q);
      if (blanks.length > 1) losses.add('blanks', label);
      const first = blanks[0] ?? [];
      const words = first.filter((a) => a.type === 'constants');
      const ranges = first.filter((a) => a.type === 'range');
      if (words.length && ranges.length) losses.add('mixedBlank', label);
      if (!words.length)
        return `#${ranges.map((r) => (r.type === 'range' ? `${ranges.length > 1 ? '=' : ''}${number(r.floor)}..${number(r.cap)}` : '')).join(' ')}`;
      return words.map((w) => `=${escapeGift(w.name)}`).join(' ');
    }
  }
}

function questionText(q: InteropQuestion, title: string, label: string, losses: Losses): string {
  if (q.type === 'comprehension') return `::${escapeGift(title)}::[html]${text(q.paragraph)}`;
  if (hasOwnMarks(q)) losses.add('marks', label);
  if (q.difficultyLevel) losses.add('difficulty', label);
  if (q.tags?.length) losses.add('tags', label);
  const solution = q.type !== 'integer' && q.solution ? `\n####${text(q.solution)}` : '';
  if (q.type === 'integer' && q.solution.trim() === '') losses.add('types', label, 'an integer question without its answer');
  const block = `{${q.type === 'multiple_choice' ? '\n' : ''}${answerBlock(q, label, losses)}${solution}${q.type === 'multiple_choice' || solution ? '\n' : ''}}`;
  const stem = text(q.name);
  // A blank written in the text is where the answer goes (Moodle's "missing word").
  const blank = q.type === 'fill_ups' ? stem.search(BLANK_RUN) : -1;
  const body = blank >= 0 ? stem.slice(0, blank) + block + stem.slice(blank).replace(/^_{3,}/, '') : `${stem}${block}`;
  return `::${escapeGift(title)}::[html]${body}`;
}

export function exportGift(sections: InteropSection[], fileName = 'questions'): ExportResult {
  const losses = new Losses('gift');
  const out: string[] = [];
  for (const { section, questions } of titledSections(sections)) {
    if (section.name) out.push(`$CATEGORY: $course$/top/${escapeGift(section.name)}`);
    for (const { question, label, title } of questions) out.push(`// question: ${label}\n${questionText(question, title, label, losses)}`);
  }
  return {
    format: 'gift',
    fileName: `${fileName}.gift.txt`,
    mimeType: 'text/plain;charset=utf-8',
    data: new TextEncoder().encode(out.join('\n\n') + '\n'),
    losses: losses.list(),
  };
}
