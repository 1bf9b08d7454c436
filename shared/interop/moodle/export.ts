import { toMoodleMath } from '../math';
import type { ExportResult, InteropQuestion, InteropSection } from '../model';
import { titledSections } from '../passages';
import { Losses } from '../problems';
import { BLANK_RUN, blanksOf, hasNegative, tidyNumber } from '../questions';
import { xmlEscape } from '../xml';
import { clozeCode } from './cloze';
import { moodleText } from './files';

/**
 * Moodle XML out: categories for sections, multichoice, truefalse, shortanswer, numerical
 * (a range as its middle and tolerance), cloze for a question of several blanks, description
 * and named questions for a passage (../passages.ts), tags for tags and difficulty. Moodle has no
 * negative marking for a whole question: that is named as dropped.
 */

const name = (title: string) => `<name><text>${xmlEscape(title)}</text></name>`;
const text = (tag: string, html: string) => moodleText(tag, toMoodleMath(html));
const fraction = (x: number) => String(Number(x.toFixed(5)));

function answers(q: Exclude<InteropQuestion, { type: 'comprehension' }>): { type: string; xml: string; stem?: string } {
  switch (q.type) {
    case 'multiple_choice': {
      const right = q.options.filter((o) => o.isCorrect).length;
      const xml = q.options
        .map((o) => text('answer', o.name).replace('<answer ', `<answer fraction="${o.isCorrect ? fraction(100 / right) : right > 1 ? '-100' : '0'}" `))
        .join('');
      return { type: 'multichoice', xml: `<single>${right === 1}</single><shuffleanswers>false</shuffleanswers><answernumbering>abc</answernumbering>${xml}` };
    }
    case 'true_false': {
      const isTrue = q.options[0]?.isCorrect === true;
      return {
        type: 'truefalse',
        xml: `<answer fraction="${isTrue ? 100 : 0}" format="moodle_auto_format"><text>true</text></answer><answer fraction="${isTrue ? 0 : 100}" format="moodle_auto_format"><text>false</text></answer>`,
      };
    }
    case 'integer':
      return { type: 'numerical', xml: `<answer fraction="100"><text>${xmlEscape(q.solution.trim())}</text><tolerance>0</tolerance></answer>` };
    case 'fill_ups': {
      const blanks = blanksOf(q);
      const only = blanks.length === 1 ? blanks[0] : null;
      if (only?.every((a) => a.type === 'constants'))
        return {
          type: 'shortanswer',
          xml: `<usecase>0</usecase>${only.map((a) => `<answer fraction="100" format="moodle_auto_format"><text>${xmlEscape(a.name)}</text></answer>`).join('')}`,
        };
      if (only?.every((a) => a.type === 'range')) {
        const xml = only
          .map((a) =>
            a.type === 'range'
              ? `<answer fraction="100"><text>${tidyNumber((a.floor + a.cap) / 2)}</text><tolerance>${tidyNumber((a.cap - a.floor) / 2)}</tolerance></answer>`
              : '',
          )
          .join('');
        return { type: 'numerical', xml };
      }
      // Several blanks, or words and numbers in one: a Cloze question, its codes where the blanks stand.
      const codes = blanks.map(clozeCode);
      let i = 0;
      let stem = q.name.replace(BLANK_RUN, (run) => (i < codes.length ? codes[i++] : run));
      if (i < codes.length) stem += `<p>${codes.slice(i).join(' ')}</p>`;
      return { type: 'cloze', xml: '', stem };
    }
  }
}

function questionXml(q: InteropQuestion, title: string, label: string, losses: Losses): string {
  if (q.type === 'comprehension')
    return `<question type="description">${name(title)}${text('questiontext', q.paragraph)}<defaultgrade>0</defaultgrade></question>`;
  if (hasNegative(q)) losses.add('negativeMarks', label);
  const { type, xml, stem } = answers(q);
  if (type === 'cloze' && !BLANK_RUN.test(q.name)) losses.add('blankMarkers', label);
  BLANK_RUN.lastIndex = 0;
  if (
    type === 'cloze' &&
    blanksOf(q as Extract<InteropQuestion, { type: 'fill_ups' }>).some((b) => b.some((a) => a.type === 'range') && b.some((a) => a.type === 'constants'))
  )
    losses.add('mixedBlank', label);
  const tags = [...(q.tags ?? []), ...(q.difficultyLevel ? [`difficulty:${q.difficultyLevel}`] : [])];
  return (
    `<question type="${type}">${name(title)}${text('questiontext', stem ?? q.name)}${text('generalfeedback', q.type === 'integer' ? '' : q.solution)}` +
    `<defaultgrade>${q.marks?.positive ?? 1}</defaultgrade><penalty>0</penalty><hidden>0</hidden>${xml}` +
    (tags.length ? `<tags>${tags.map((t) => `<tag><text>${xmlEscape(t)}</text></tag>`).join('')}</tags>` : '') +
    `</question>`
  );
}

export function exportMoodle(sections: InteropSection[], fileName = 'questions'): ExportResult {
  const losses = new Losses('moodle');
  const out: string[] = [];
  let named = false;
  for (const { section, questions } of titledSections(sections)) {
    // An unnamed section after a named one goes back to the top category, not into the last one.
    if (section.name || named)
      out.push(`<question type="category"><category><text>${xmlEscape(`$course$/top${section.name ? `/${section.name}` : ''}`)}</text></category></question>`);
    named ||= !!section.name;
    for (const { question, label, title } of questions) out.push(`<!-- question: ${label} -->\n${questionXml(question, title, label, losses)}`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${out.join('\n')}\n</quiz>\n`;
  return { format: 'moodle', fileName: `${fileName}.xml`, mimeType: 'application/xml', data: new TextEncoder().encode(xml), losses: losses.list() };
}
