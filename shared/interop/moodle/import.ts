import { plainToHtml } from '../html';
import { fromMoodleMath } from '../math';
import { skipReasonOf, type ImportResult, type InteropQuestion, type InteropSection, type ParsedChildQuestion, type SkipReason } from '../model';
import { passageOf, type ReadItem } from '../passages';
import { Problems } from '../problems';
import { fillUps, isWholeNumber, marksFrom, rangeAnswer, TRUE_FALSE, wordAnswer } from '../questions';
import { attr, child, elements, parseXml, textAt, type XmlElement } from '../xml';
import { readCloze } from './cloze';
import { textWithFiles } from './files';

/**
 * Moodle XML in: multichoice (single and multiple), truefalse, shortanswer, numerical (answer
 * and tolerance as a range), description (a passage, ../passages.ts), cloze (its blanks as a
 * fill-in-the-blanks question where they are words or numbers), categories as sections, tags
 * (`difficulty:hard` as the difficulty), pictures from their base64 files, `\(...\)` and `$$...$$`.
 */

const DIFFICULTY = /^difficulty:(easy|medium|hard)$/i;

class Reader {
  constructor(
    readonly q: XmlElement,
    readonly number: number,
    readonly problems: Problems,
  ) {}
  /** A text element as our HTML (pictures in, maths as `$...$`), noting the pictures it lacks. */
  html(holder: XmlElement | null): string {
    if (!holder) return '';
    const { html, missing } = textWithFiles(holder);
    if (missing.length) this.problems.warning(this.number, 'pictureMissing', `pictures not in the file, left out: ${missing.join(', ')}`);
    const format = attr(holder, 'format') ?? 'html';
    return fromMoodleMath(format === 'html' || format === 'moodle_auto_format' ? html.trim() : plainToHtml(html));
  }
  /** The old format's <image> and <image_base64> (Moodle 1.x): the picture after the text. */
  oldPicture(): string {
    const data = textAt(this.q, 'image_base64').replace(/\s+/g, '');
    const name = textAt(this.q, 'image').trim();
    if (!data) return '';
    const type = /\.jpe?g$/i.test(name) ? 'image/jpeg' : /\.gif$/i.test(name) ? 'image/gif' : 'image/png';
    return `<p><img src="data:${type};base64,${data}"></p>`;
  }
  answers(): { fraction: number; html: string; text: string; tolerance: number; feedback: boolean }[] {
    return elements(this.q, 'answer').map((a) => ({
      fraction: Number(attr(a, 'fraction') ?? 0),
      html: this.html(a),
      text: textAt(a, 'text').trim(),
      tolerance: Math.abs(Number(textAt(a, 'tolerance') || 0)),
      feedback: !!textAt(a, 'feedback', 'text').trim(),
    }));
  }
  partial(count: number): void {
    if (count) this.problems.warning(this.number, 'partialCredit', `${count} answers with partial credit left out (our answers are right or wrong)`);
  }
  error(code: string, message: string, skip?: { reason: SkipReason; kind?: string }): null {
    this.problems.error(this.number, code, message, skip);
    return null;
  }
}

function body(r: Reader, type: string): ParsedChildQuestion | InteropQuestion | null {
  switch (type) {
    case 'multichoice': {
      const answers = r.answers();
      const feedback = answers.filter((a) => a.feedback).length;
      if (feedback) r.problems.warning(r.number, 'optionFeedback', `the feedback of ${feedback} options left out (our options have none)`);
      if (answers.length < 2) return r.error('tooFewOptions', 'a question needs two options or more');
      if (!answers.some((a) => a.fraction > 0)) return r.error('noCorrectAnswer', 'no option gets marks');
      return { type: 'multiple_choice', name: '', solution: '', options: answers.map((a) => ({ name: a.html, isCorrect: a.fraction > 0 })) };
    }
    case 'truefalse': {
      const right = r.answers().find((a) => a.fraction >= 100);
      if (!right) return r.error('noCorrectAnswer', 'neither true nor false gets marks');
      const isTrue = /^(true|1|t)$/i.test(right.text.replace(/<[^>]*>/g, ''));
      return { type: 'true_false', name: '', solution: '', options: TRUE_FALSE.map((name, i) => ({ name, isCorrect: (i === 0) === isTrue })) };
    }
    case 'shortanswer': {
      const answers = r.answers();
      const right = answers.filter((a) => a.fraction >= 100);
      r.partial(answers.length - right.length);
      if (!right.length) return r.error('noCorrectAnswer', 'no answer gets full marks');
      return fillUps('', [right.map((a) => wordAnswer(a.text))]);
    }
    case 'numerical': {
      const answers = r.answers().filter((a) => a.text !== '*');
      const right = answers.filter((a) => a.fraction >= 100 && Number.isFinite(Number(a.text)));
      r.partial(answers.length - right.length);
      if (!right.length) return r.error('noCorrectAnswer', 'no answer gets full marks');
      // One exact whole number is an integer question; anything else a blank that takes a range.
      if (right.length === 1 && right[0].tolerance === 0 && isWholeNumber(right[0].text))
        return { type: 'integer', name: '', solution: String(Number(right[0].text)) };
      return fillUps('', [right.map((a) => rangeAnswer(Number(a.text) - a.tolerance, Number(a.text) + a.tolerance))]);
    }
    case 'description':
      return { type: 'comprehension', name: '', solution: '', paragraph: '', questions: [] };
    case 'cloze':
    case 'multianswer':
      return null; // read with its text, in readQuestion
    default:
      return r.error('unknownType', `${type} questions have no place in our tests`, skipReasonOf(type));
  }
}

function readQuestion(r: Reader, type: string): InteropQuestion | null {
  const name = r.html(child(r.q, 'questiontext')) + r.oldPicture();
  const solution = r.html(child(r.q, 'generalfeedback'));
  const tags = elements(child(r.q, 'tags'), 'tag')
    .map((t) => textAt(t, 'text').trim())
    .filter(Boolean);
  const difficulty = tags.map((t) => DIFFICULTY.exec(t)?.[1].toLowerCase()).find(Boolean) as ParsedChildQuestion['difficultyLevel'];
  const grade = Number(textAt(r.q, 'defaultgrade') || 1);
  const meta = {
    ...(Number.isFinite(grade) ? marksFrom(grade) : {}),
    ...(difficulty ? { difficultyLevel: difficulty } : {}),
    ...(tags.some((t) => !DIFFICULTY.test(t)) ? { tags: tags.filter((t) => !DIFFICULTY.test(t)) } : {}),
  };
  if (type === 'cloze' || type === 'multianswer') {
    const { text, blanks } = readCloze(name);
    const choice = blanks.findIndex((b) => b.kind === 'choice');
    if (choice >= 0 && blanks.length === 1) {
      return {
        type: 'multiple_choice',
        name: text,
        solution,
        options: blanks[0].options.map((o) => ({ name: plainToHtml(o.text), isCorrect: o.right })),
        ...meta,
      };
    }
    if (choice >= 0)
      return r.error('clozeChoice', `blank ${choice + 1} is a choice (drop-down) blank: a fill-in-the-blanks question holds words and numbers only`);
    const empty = blanks.findIndex((b) => !b.answers.length);
    if (empty >= 0 || !blanks.length)
      return r.error('noCorrectAnswer', blanks.length ? `blank ${empty + 1} has no answer with full marks` : 'the cloze question has no blanks');
    return {
      ...fillUps(
        text,
        blanks.map((b) => b.answers),
        solution,
      ),
      ...meta,
    };
  }
  const question = body(r, type);
  if (!question) return null;
  if (question.type === 'comprehension') return { ...question, paragraph: name };
  return { ...question, name, solution: question.type === 'integer' ? question.solution : solution, ...meta } as InteropQuestion;
}

/** A category path as a section name: `$course$/top/Algebra/Linear` is "Algebra/Linear". */
const sectionName = (path: string) =>
  path
    .trim()
    .replace(/^\$[a-z0-9]+\$\/?/i, '')
    .replace(/^top\/?/, '') || null;

export function importMoodle(xml: string): ImportResult {
  const problems = new Problems('moodle');
  const quiz = parseXml(xml, 'the Moodle XML file');
  const sections: InteropSection[] = [];
  let section: InteropSection = { name: null, questions: [] };
  let items: ReadItem[] = [];
  const flush = () => {
    section.questions.push(...passageOf(items, problems));
    items = [];
    if (section.questions.length && !sections.includes(section)) sections.push(section);
  };
  let number = 0;
  for (const q of elements(quiz, 'question')) {
    const type = attr(q, 'type') ?? '';
    if (type === 'category') {
      flush();
      section = { name: sectionName(textAt(q, 'category', 'text') || textAt(q, 'category')), questions: [] };
      continue;
    }
    const r = new Reader(q, ++number, problems);
    items.push({ number, title: textAt(q, 'name', 'text').trim() || null, question: readQuestion(r, type) });
  }
  flush();
  const count = sections.reduce((n, s) => n + s.questions.reduce((m, q) => m + (q.type === 'comprehension' ? q.questions.length : 1), 0), 0);
  return { format: 'moodle', sections, problems: problems.list, questionCount: count };
}
