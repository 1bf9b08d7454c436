import type { Inline, RunFormat } from '../docx/document';
import type { AnswerRule } from '../types';

/**
 * Teachers who never write "Ans:" mark the correct option by how it looks: bold, underlined,
 * highlighted or in a colour, on the whole option or only on its letter. The correct option is
 * the one that differs from its siblings; when none or several differ, nobody can tell, and the
 * question says so instead of guessing.
 */

type Look = 'highlight' | 'colour' | 'underline' | 'bold' | 'italic';
/** In the order they are asked: the rarest emphasis first, since a bold word can be part of an option's text. */
const LOOKS: Look[] = ['highlight', 'colour', 'underline', 'bold', 'italic'];

export interface OptionLook {
  /** The value each look has on the label or on most of the text ('' when off). */
  marked: Record<Look, string>;
  /** Whether any letter of the option has each look. */
  any: Record<Look, boolean>;
  /** The value each look has on the label alone, and on the text alone ('' when off or mixed). */
  label: Record<Look, string>;
  text: Record<Look, string>;
  /** Whether a quarter of the text (the label left out) has each look. */
  anyText: Record<Look, boolean>;
}

/** RRGGBB as its three channels, or null for a named colour ("yellow"). */
const channels = (hex: string) => (/^[0-9A-F]{6}$/i.test(hex) ? [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) : null);
/**
 * Ink is no mark: text in a grey or near-black (a web page's #444, a theme's dark grey) is how the
 * whole paper is written. Colour marks only when it has a hue of its own.
 */
const isInk = (hex: string) => {
  const rgb = channels(hex);
  return !!rgb && Math.max(...rgb) - Math.min(...rgb) < 48;
};
/** Paper is no mark either: a near-white shading (#F7F7F7, #F5FBF8 from a pasted web page) is a background, not a highlight. */
const isPaper = (hex: string) => {
  if (/^white$/i.test(hex)) return true;
  const rgb = channels(hex);
  return !!rgb && Math.min(...rgb) >= 0xe6;
};

const valueOf = (format: RunFormat, look: Look): string => {
  switch (look) {
    case 'highlight':
      return format.highlight && !isPaper(format.highlight) ? format.highlight : '';
    case 'colour':
      return format.color && !isInk(format.color) ? format.color : '';
    default:
      return format[look] ? 'on' : '';
  }
};

/**
 * How an option looks: its label's runs and its text's runs (label formatting alone counts).
 * Only letters and digits count: a stray bold bracket or space is noise, not a mark.
 */
export function lookOf(label: Inline[], text: Inline[]): OptionLook {
  const marked = {} as Record<Look, string>;
  const any = {} as Record<Look, boolean>;
  const onLabels = {} as Record<Look, string>;
  const onText = {} as Record<Look, string>;
  const anyText = {} as Record<Look, boolean>;
  const letters = (inlines: Inline[]) => inlines.flatMap((i) => (i.kind === 'text' ? [...i.text].filter((c) => /[\p{L}\p{N}]/u.test(c)).map(() => i) : []));
  const labelLetters = letters(label);
  const textLetters = letters(text);
  for (const look of LOOKS) {
    const count = new Map<string, number>();
    for (const letter of textLetters) count.set(valueOf(letter, look), (count.get(valueOf(letter, look)) ?? 0) + 1);
    const [most] = [...count.entries()].sort((a, b) => b[1] - a[1]);
    const onLabel = labelLetters.length > 0 && labelLetters.every((l) => valueOf(l, look) !== '') ? valueOf(labelLetters[0], look) : '';
    onLabels[look] = onLabel;
    onText[look] = most && most[1] * 2 > textLetters.length ? most[0] : '';
    marked[look] = onLabel || onText[look];
    // A sibling "has" a look when its letter does or a quarter of its text does: a bold formula in one option does not hide the marked one.
    const share = textLetters.filter((l) => valueOf(l, look) !== '').length / Math.max(textLetters.length, 1);
    anyText[look] = share >= 0.25;
    any[look] = !!onLabel || anyText[look];
  }
  return { marked, any, label: onLabels, text: onText, anyText };
}

export type LookAnswer = { rule: Extract<AnswerRule, Look>; correct: number[]; ambiguous: boolean } | null;

/**
 * The option marked by a look no sibling has at all: one such option is the answer; several
 * marked by the same look (and no look marking one) make it ambiguous; none, null.
 */
export function answerFromLooks(looks: OptionLook[]): LookAnswer {
  if (looks.length < 2) return null;
  let ambiguous: LookAnswer = null;
  for (const look of LOOKS) {
    // Every label in one look ("A." "B." all blue and bold): the labels are the paper's style, so only the texts can mark.
    const styledLabels = looks[0].label[look] !== '' && looks.every((l) => l.label[look] === looks[0].label[look]);
    const valueAt = (l: OptionLook) => (styledLabels ? l.text[look] : l.marked[look]);
    const hasAny = (l: OptionLook) => (styledLabels ? l.anyText[look] : l.any[look]);
    const marked = looks.map((l, i) => (valueAt(l) ? i : -1)).filter((i) => i >= 0);
    if (marked.length === looks.length && (look === 'colour' || look === 'highlight')) {
      // Every option coloured: the one in a colour of its own, when all the others share one.
      const values = looks.map(valueAt);
      const odd = values.findIndex((v) => values.filter((w) => w === v).length === 1);
      if (looks.length >= 3 && odd >= 0 && new Set(values.filter((_, i) => i !== odd)).size === 1) return { rule: look, correct: [odd], ambiguous: false };
      continue;
    }
    if (marked.length === 0 || marked.length === looks.length) continue;
    const others = looks.filter((_, i) => !marked.includes(i));
    if (others.some(hasAny)) continue;
    if (marked.length === 1) return { rule: look, correct: marked, ambiguous: false };
    ambiguous ??= { rule: look, correct: marked, ambiguous: true };
  }
  return ambiguous;
}

/** Removes the look that marked the answer from the option's HTML, so students are not shown which one is right. */
export function withoutLook(html: string, rule: AnswerRule): string {
  if (rule === 'bold') return html.replace(/<\/?b>/g, '');
  if (rule === 'underline') return html.replace(/<\/?u>/g, '');
  if (rule === 'italic') return html.replace(/<\/?i>/g, '');
  return html; // colour and highlight never reach the HTML
}

/** Tick marks teachers put beside the correct option: ✓ ✔ ✅ ☑ ★ (and a * after it, apart from its text). */
// A * after the text counts only apart from it ("Neon *"): "A*" is maths (the adjugate), not a mark.
const TICK_FIRST = /^\s*[✓✔✅☑★✱]\s*/u;
const TICKS = '✓✔✅☑★✱';
export function tickOf(text: string): { start: number; end: number } | null {
  const first = TICK_FIRST.exec(text);
  if (first) return { start: 0, end: first[0].length };
  // The end is read by hand, not by a pattern anchored at $: on a line of 40,000 blanks that pattern tries every blank.
  const trimmed = text.trimEnd();
  const last = trimmed.at(-1) ?? '';
  if (!last || (!TICKS.includes(last) && last !== '*')) return null;
  let start = trimmed.length - 1;
  while (start > 0 && /\s/.test(trimmed[start - 1])) start--;
  if (last === '*' && start === trimmed.length - 1) return null;
  return { start, end: text.length };
}

/** "True or False:", "Đúng / Sai:", "Vrai ou faux :": the words for true and for false a statement is led by. */
const TRUTH_WORDS =
  /^\s*(?:(?:câu|question|q)?\s*\d{1,3}\s*[.):]\s*)?(true|đúng|vrai|verdadero|richtig|верно|правда|benar|doğru|참)\s*(?:or|hay|hoặc|ou|o|oder|или|atau|mu|veya|\/|-)\s*(false|sai|faux|falso|falsch|неверно|ложь|salah|yanlış|거짓)/iu;

/**
 * "True or False: …" with one of the two words highlighted (or in a look the other lacks): the
 * teacher's answer. True, false, or null when neither word, or both, stand out.
 */
export function markedTruthWord(inlines: Inline[]): boolean | null {
  const line = inlines.map((i) => (i.kind === 'text' ? i.text : '\ufffc')).join('');
  const found = TRUTH_WORDS.exec(line);
  if (!found) return null;
  const at = (offset: number) => {
    let start = 0;
    for (const inline of inlines) {
      const length = inline.kind === 'text' ? inline.text.length : 1;
      if (offset < start + length) return inline.kind === 'text' ? inline : null;
      start += length;
    }
    return null;
  };
  const trueRun = at(found.index + found[0].indexOf(found[1]));
  const falseRun = at(found.index + found[0].lastIndexOf(found[2]));
  if (!trueRun || !falseRun || trueRun === falseRun) return null;
  for (const look of LOOKS) {
    const [onTrue, onFalse] = [valueOf(trueRun, look), valueOf(falseRun, look)];
    if (onTrue !== onFalse) return onTrue !== '' && onFalse === '' ? true : onFalse !== '' && onTrue === '' ? false : null;
  }
  return null;
}
