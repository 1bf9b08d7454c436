import { htmlToPlain, plainToHtml } from '../html';
import { fromMoodleMath, toMoodleMath } from '../math';
import { labelledQuestions, type ExportResult, type ImportResult, type InteropQuestion, type InteropSection } from '../model';
import { Losses, Problems } from '../problems';
import { hasOwnMarks } from '../questions';

/**
 * Aiken (Moodle's plain multiple-choice format): the question on its lines, options `A.` or
 * `A)`, then `ANSWER: B`. One correct option, no sections, no solutions, no marks.
 */

const OPTION = /^([A-Z])[.)]\s+(.*)$/;
const ANSWER = /^ANSWER\s*:\s*(.*)$/i;

export function importAiken(text: string): ImportResult {
  const problems = new Problems('aiken');
  const questions: InteropQuestion[] = [];
  let stem: string[] = [];
  let options: { letter: string; text: string }[] = [];
  let number = 0;
  const finish = (answer: string | null) => {
    number++;
    const letter = answer?.trim().toUpperCase() ?? '';
    const at = options.findIndex((o) => o.letter === letter);
    if (!stem.length) problems.error(number, 'emptyQuestion', 'the question has no text');
    else if (options.length < 2) problems.error(number, 'tooFewOptions', 'a question needs two options or more');
    else if (answer === null) problems.error(number, 'noCorrectAnswer', 'no ANSWER line');
    else if (at < 0) problems.error(number, 'answerNotAnOption', `the answer "${answer.trim()}" is not one of the options`);
    else {
      questions.push({
        type: 'multiple_choice',
        name: fromMoodleMath(plainToHtml(stem.join('\n'))),
        solution: '',
        options: options.map((o, i) => ({ name: fromMoodleMath(plainToHtml(o.text)), isCorrect: i === at })),
      });
    }
    stem = [];
    options = [];
  };
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n?|\n/)) {
    const line = raw.trim();
    if (!line) {
      // A blank line between questions; a question cut short by one is an error of its own.
      if (options.length && !stem.length) continue;
      continue;
    }
    const answer = ANSWER.exec(line);
    if (answer && (options.length || stem.length)) {
      finish(answer[1]);
      continue;
    }
    const option = OPTION.exec(line);
    if (option && stem.length) options.push({ letter: option[1], text: option[2] });
    else if (options.length) {
      // Text after the options without an ANSWER line: the last question never ended.
      finish(null);
      stem.push(line);
    } else stem.push(line);
  }
  if (stem.length || options.length) finish(null);
  return { format: 'aiken', sections: questions.length ? [{ name: null, questions }] : [], problems: problems.list, questionCount: questions.length };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function exportAiken(sections: InteropSection[], fileName = 'questions'): ExportResult {
  const losses = new Losses('aiken');
  const blocks: string[] = [];
  if (sections.some((s) => s.name)) for (const s of sections.filter((s) => s.name)) losses.add('sections', s.name!);
  for (const { question: q, label, passage } of labelledQuestions(sections)) {
    if (q.type === 'comprehension') {
      losses.add('passages', label);
      continue;
    }
    if (q.type === 'fill_ups' || q.type === 'integer') {
      losses.add('types', label, 'fill-in-the-blanks or integer questions');
      continue;
    }
    if (q.options.filter((o) => o.isCorrect).length !== 1) {
      losses.add('multipleAnswers', label);
      continue;
    }
    if (q.type === 'true_false') losses.add('trueFalseAsChoice', label);
    if (q.options.length > LETTERS.length) losses.add('tooManyOptions', label, String(LETTERS.length));
    if (q.solution) losses.add('solutions', label);
    if (hasOwnMarks(q)) losses.add('marks', label);
    if (q.difficultyLevel) losses.add('difficulty', label);
    if (q.tags?.length) losses.add('tags', label);
    const plain = (html: string) => {
      if (/<img\b/i.test(html)) losses.add('pictures', label);
      const { text, lossy } = htmlToPlain(toMoodleMath(html));
      if (lossy || text.includes('\n')) losses.add('formatting', label);
      return text.replace(/\s*\n\s*/g, ' ');
    };
    const stem = (passage ? `${plain(passage.paragraph)} ` : '') + plain(q.name);
    const options = q.options.slice(0, LETTERS.length).map((o, i) => `${LETTERS[i]}. ${q.type === 'true_false' ? o.name : plain(o.name)}`);
    blocks.push([stem, ...options, `ANSWER: ${LETTERS[q.options.findIndex((o) => o.isCorrect)]}`].join('\n'));
  }
  return {
    format: 'aiken',
    fileName: `${fileName}.txt`,
    mimeType: 'text/plain;charset=utf-8',
    data: new TextEncoder().encode(blocks.join('\n\n') + '\n'),
    losses: losses.list(),
  };
}
