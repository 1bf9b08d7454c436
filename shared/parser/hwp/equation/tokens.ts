import { NARY, SYMBOLS } from '../../omml/symbols';
import { ESCAPED, MULTI_SYMBOLS, keyword } from './words';

export type Token =
  | { type: 'open' | 'close' | 'sup' | 'sub' | 'cell' | 'row' }
  | { type: 'space'; latex: string }
  /** `"…"` text, or a run of characters (Hangul, CJK) that only \text{} can show. */
  | { type: 'text'; text: string }
  /** Letters that may be a keyword; the parser decides. */
  | { type: 'word'; text: string }
  /** Letters and digits that hold no keyword (`2x`, `x1`, `3.14`): one operand, as Hancom treats them. */
  | { type: 'run'; text: string }
  | { type: 'symbol'; text: string; latex: string; operator?: boolean };

/** Words read in context only (`root n of x`, `sum from a to b`): split out of runs but not keywords. */
const CONTEXT_WORDS = new Set(['of', 'from', 'to']);

const isAlnum = (ch: string) => /[A-Za-z0-9]/.test(ch);
const isDigit = (ch: string) => /[0-9]/.test(ch);

/** The script as tokens; whitespace only separates (Hancom draws `~` and `` ` `` as spaces). */
export function tokenize(script: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < script.length) {
    const ch = script[i];
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '"') {
      const end = script.indexOf('"', i + 1);
      const stop = end < 0 ? script.length : end;
      tokens.push({ type: 'text', text: script.slice(i + 1, stop) });
      i = stop + 1;
    } else if (isAlnum(ch)) {
      let j = i + 1;
      while (j < script.length && (isAlnum(script[j]) || (script[j] === '.' && isDigit(script[j - 1]) && isDigit(script[j + 1] ?? '')))) j += 1;
      tokens.push(...splitRun(script.slice(i, j)));
      i = j;
    } else if (ch.charCodeAt(0) > 0x7f) {
      i = unicode(script, i, tokens);
    } else {
      i = ascii(script, i, tokens);
    }
  }
  return tokens;
}

/** Operators Hancom draws when glued to a variable after them (`simZ` is ∼ Z); two-letter ones (`le`, `ne`) would cut words. */
const GLUED_OPERATOR = /^(times|div|cdot|sim|simeq|approx|equiv|cong|propto)(?=[A-Za-z]{1,2}$)/i;

/** `2sqrt`, `3pi`, `sin2x`: keywords glued to numbers are still keywords; the rest stays whole. */
function splitRun(run: string): Token[] {
  const out: Token[] = [];
  let pending = '';
  for (let part of run.match(/[0-9]+(?:\.[0-9]+)*|[A-Za-z]+/g) ?? []) {
    // "RMP", "rmABC", "rmmol", "itaq": Hancom reads `rm` (or `it`) glued to letters as the font switch before them
    // (papers write `점 RMP` for a point P, `1 rmmol` for a mole, `LEFT ( itaq RIGHT )`).
    const font = keyword(part) === undefined && !CONTEXT_WORDS.has(part.toLowerCase()) ? /^(rm|RM|it|IT)(?=[A-Za-z])/.exec(part) : null;
    if (font) {
      if (pending) out.push({ type: 'run', text: pending });
      pending = '';
      out.push({ type: 'word', text: font[1].toLowerCase() });
      part = part.slice(2);
    }
    // "simZ", "SIMC", "timesm": an operator of three letters or more glued to the one or two letters after it
    // (a variable) is drawn as the operator, then the letters (papers write `rmW simZ` for W∼Z).
    const glued = keyword(part) === undefined ? GLUED_OPERATOR.exec(part) : null;
    if (glued) {
      if (pending) out.push({ type: 'run', text: pending });
      pending = '';
      out.push({ type: 'word', text: glued[1] });
      part = part.slice(glued[1].length);
    }
    const isWord = /^[A-Za-z]/.test(part) && (keyword(part) !== undefined || CONTEXT_WORDS.has(part.toLowerCase()));
    if (!isWord) {
      pending += part;
      continue;
    }
    if (pending) out.push({ type: 'run', text: pending });
    pending = '';
    out.push({ type: 'word', text: part });
  }
  if (pending) out.push(/^[A-Za-z]+$/.test(pending) ? { type: 'word', text: pending } : { type: 'run', text: pending });
  return out;
}

const SINGLE: Record<string, Token> = {
  '{': { type: 'open' },
  '}': { type: 'close' },
  '^': { type: 'sup' },
  _: { type: 'sub' },
  '&': { type: 'cell' },
  '#': { type: 'row' },
  '~': { type: 'space', latex: '~' },
  '`': { type: 'space', latex: '\\,' },
  "'": { type: 'word', text: 'prime' },
};

function ascii(script: string, i: number, tokens: Token[]): number {
  const multi = MULTI_SYMBOLS.find(([text]) => script.startsWith(text, i));
  if (multi) {
    tokens.push({ type: 'symbol', text: multi[0], latex: multi[1] });
    return i + multi[0].length;
  }
  const ch = script[i];
  if (SINGLE[ch]) tokens.push(SINGLE[ch]);
  else if (/[\x20-\x7e]/.test(ch)) tokens.push({ type: 'symbol', text: ch, latex: ESCAPED.get(ch) ?? ch });
  return i + 1;
}

/** A symbol KaTeX knows by name, or a run of characters to show as text. */
function unicode(script: string, i: number, tokens: Token[]): number {
  const ch = script[i];
  if (ch === '°') tokens.push({ type: 'word', text: 'deg' });
  else if (ch === '′') tokens.push({ type: 'word', text: 'prime' });
  else if (ch === '″') tokens.push({ type: 'word', text: 'prime' }, { type: 'word', text: 'prime' });
  else if (NARY[ch]) tokens.push({ type: 'symbol', text: ch, latex: NARY[ch], operator: true });
  else if (SYMBOLS[ch]) tokens.push({ type: 'symbol', text: ch, latex: SYMBOLS[ch] });
  else {
    let j = i + 1;
    while (j < script.length && script.charCodeAt(j) > 0x7f && !SYMBOLS[script[j]] && !NARY[script[j]] && !'°′″'.includes(script[j])) j += 1;
    tokens.push({ type: 'text', text: script.slice(i, j) });
    return j;
  }
  return i + 1;
}
