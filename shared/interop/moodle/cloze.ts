import { BLANK, rangeAnswer, tidyNumber, wordAnswer } from '../questions';
import type { FillUpsAnswer } from '../model';

/**
 * Moodle's Cloze (multianswer) codes, `{1:SHORTANSWER:=Paris~=Lutetia}`, `{2:NUMERICAL:=9.8:0.1}`,
 * `{1:MULTICHOICE:=yes~no}`: the blanks of our fill-in-the-blanks questions. Choice blanks have no
 * place in a fill-in-the-blanks question; the reader names them.
 */
const CODE = /\{(\d*):([A-Z_]+):((?:\\\}|[^}])*)\}/g;

export interface ClozeBlank {
  kind: 'words' | 'number' | 'choice';
  answers: FillUpsAnswer[];
  /** Choice blanks: the options and which are right. */
  options: { text: string; right: boolean }[];
}

const unescape = (text: string) => text.replace(/\\([}#~/"\\])/g, '$1');

function parts(body: string): { weight: number; text: string }[] {
  return body
    .split(/(?<!\\)~/)
    .map((a) => a.trim())
    .filter(Boolean)
    .map((a) => {
      const w = /^(=|%(-?[\d.]+)%)/.exec(a);
      const weight = !w ? 0 : w[1] === '=' ? 100 : Number(w[2]);
      return { weight, text: unescape(a.slice(w ? w[0].length : 0).split(/(?<!\\)#/)[0]).trim() };
    });
}

/** The text with each code replaced by a blank, and the blanks in order. */
export function readCloze(html: string): { text: string; blanks: ClozeBlank[] } {
  const blanks: ClozeBlank[] = [];
  const text = html.replace(CODE, (_, __, type: string, body: string) => {
    const list = parts(body);
    const right = list.filter((a) => a.weight >= 100);
    if (/^(NUMERICAL|NM)$/.test(type)) {
      const answers = right.flatMap((a) => {
        const [value, tolerance = '0'] = a.text.split(':');
        const x = Number(value);
        const t = Math.abs(Number(tolerance));
        return Number.isFinite(x) && Number.isFinite(t) ? [rangeAnswer(x - t, x + t)] : [];
      });
      blanks.push({ kind: 'number', answers, options: [] });
    } else if (/^(SHORTANSWER|SA|MW|SHORTANSWER_C|SAC|MWC)$/.test(type))
      blanks.push({ kind: 'words', answers: right.map((a) => wordAnswer(a.text)), options: [] });
    else blanks.push({ kind: 'choice', answers: [], options: list.map((a) => ({ text: a.text, right: a.weight > 0 })) });
    return BLANK;
  });
  return { text, blanks };
}

const escape = (text: string) => text.replace(/[}#~/"\\]/g, (c) => `\\${c}`);

/** The code of one of our blanks: words as SHORTANSWER, ranges as NUMERICAL (middle and tolerance). */
export function clozeCode(alternatives: FillUpsAnswer[]): string {
  if (alternatives.every((a) => a.type === 'range')) {
    return `{1:NUMERICAL:${alternatives.map((a) => (a.type === 'range' ? `=${tidyNumber((a.floor + a.cap) / 2)}:${tidyNumber((a.cap - a.floor) / 2)}` : '')).join('~')}}`;
  }
  return `{1:SHORTANSWER:${alternatives
    .filter((a) => a.type === 'constants')
    .map((a) => `=${escape(a.name)}`)
    .join('~')}}`;
}
