/**
 * MTEF templates (fractions, radicals, fences, big operators…) as LaTeX. MTEF v5 and v3 number
 * their templates differently (v3 spells variants out as separate selectors, v5 packs them into
 * variation bits), so each version has its own table here, both producing the same LaTeX.
 * Slots arrive already converted, in stream order; null marks a placeholder slot (absent limit,
 * root index or script). Subobject order per template class, as MathType writes it:
 * fences main; roots radicand, index; fractions numerator, denominator; big operators and limits
 * main, lower, upper; scripts subscript, superscript; horizontal braces main, label.
 */

export type Slot = string | null;
export type Script = { sub: Slot; sup: Slot; pre: boolean };
/** A template renders either to LaTeX or, for sub/superscripts, to scripts the caller attaches to the item before. */
export type Rendered = { latex: string } | { script: Script };

const FENCES: [string, string][] = [
  ['\\langle', '\\rangle'],
  ['(', ')'],
  ['\\{', '\\}'],
  ['[', ']'],
  ['|', '|'],
  ['\\|', '\\|'],
  ['\\lfloor', '\\rfloor'],
  ['\\lceil', '\\rceil'],
  ['[', ']'],
];
const INTERVAL = ['(', ')', '[', ']'];
const BIG_OPERATORS: Record<number, string> = { 16: '\\sum', 17: '\\prod', 18: '\\coprod', 19: '\\bigcup', 20: '\\bigcap', 21: '\\int', 22: '\\sum' };

const text = (slot: Slot) => slot ?? '';
const given = (slot: Slot) => slot !== null && slot.trim() !== '';
const isSingle = (latex: string) => /^(\\[a-zA-Z]+|[a-zA-Z0-9])$/.test(latex.trim());

/** \left…\right around the content; a lone left brace around a pile is a system of equations. */
function fence(left: string, right: string, main: Slot): string {
  const content = text(main).trim();
  const stack = /^\\begin\{(array|matrix)\}(?:\{[lcr]\})?([\s\S]*)\\end\{\1\}$/.exec(content);
  if (left === '\\{' && right === '.' && stack) return `\\begin{cases}${stack[2]}\\end{cases}`;
  return `\\left${left} ${content} \\right${right}`;
}

function fraction(slots: Slot[], slash: boolean): string {
  return slash ? `{${text(slots[0])}}/{${text(slots[1])}}` : `\\frac{${text(slots[0])}}{${text(slots[1])}}`;
}

function root(slots: Slot[]): string {
  return given(slots[1]) ? `\\sqrt[${slots[1]}]{${text(slots[0])}}` : `\\sqrt{${text(slots[0])}}`;
}

function limits(lower: Slot, upper: Slot): string {
  return `${given(lower) ? `_{${lower}}` : ''}${given(upper) ? `^{${upper}}` : ''}`;
}

function bigOperator(operator: string, slots: Slot[]): string {
  const main = text(slots[0]);
  return `${operator}${limits(slots[1], slots[2])}${main ? `{${main}}` : ''}`;
}

/** lim, max… take their limits below; anything else gets them stacked with \underset/\overset. */
function limit(slots: Slot[]): string {
  const main = text(slots[0]).trim();
  if (/^\\[a-zA-Z]+$/.test(main)) return `${main}${limits(slots[1], slots[2])}`;
  let out = `{${main}}`;
  if (given(slots[1])) out = `\\underset{${slots[1]}}${out}`;
  if (given(slots[2])) out = `\\overset{${slots[2]}}{${out}}`;
  return out;
}

function bar(slot: Slot, over: boolean, double: boolean): string {
  const command = over ? '\\overline' : '\\underline';
  return double ? `${command}{${command}{${text(slot)}}}` : `${command}{${text(slot)}}`;
}

function arrow(kind: 'left' | 'right' | 'both' | 'pair' | 'harpoons', top: Slot, bottom: Slot): string {
  const command = { left: '\\xleftarrow', right: '\\xrightarrow', both: '\\xleftrightarrow', pair: '\\xrightleftarrows', harpoons: '\\xrightleftharpoons' }[
    kind
  ];
  return `${command}${given(bottom) ? `[${bottom}]` : ''}{${text(top)}}`;
}

function overArrow(slot: Slot, direction: 'left' | 'right' | 'both', under: boolean, harpoon: boolean): string {
  const content = text(slot);
  if (!under && direction === 'right' && !harpoon && isSingle(content)) return `\\vec{${content}}`;
  const name = direction === 'both' ? 'leftright' : direction;
  return `\\${under ? 'under' : 'over'}${name}${harpoon && !under && direction !== 'both' ? 'harpoon' : 'arrow'}{${content}}`;
}

function accent(slot: Slot, narrow: string, wide: string): string {
  const content = text(slot);
  return `${isSingle(content) ? narrow : wide}{${content}}`;
}

const arc = (slot: Slot) => `\\overset{\\frown}{${text(slot)}}`;
const dirac = (left: Slot, right: Slot) => `\\langle ${text(left)}${given(left) && given(right) ? '|' : ''}${text(right)}\\rangle`;
const longDivision = (slots: Slot[]) => `${given(slots[1]) ? `\\overset{${slots[1]}}` : ''}{\\overline{\\left)${text(slots[0])}\\right.}}`;
function horizontalBrace(slots: Slot[], top: boolean): string {
  return top
    ? `\\overbrace{${text(slots[0])}}${given(slots[1]) ? `^{${slots[1]}}` : ''}`
    : `\\underbrace{${text(slots[0])}}${given(slots[1]) ? `_{${slots[1]}}` : ''}`;
}

/** MTEF v5 (MathType 4 and later). `operator` is the LaTeX of the template's own character, if any (e.g. the ∑ of a big operator). */
export function templateV5(selector: number, variation: number, slots: Slot[], operator: string | null): Rendered {
  const latex = (value: string): Rendered => ({ latex: value });
  if (selector <= 8) {
    const sides = variation & 3 || 3;
    const [left, right] = FENCES[selector];
    return latex(fence(sides & 1 ? left : '.', sides & 2 ? right : '.', slots[0]));
  }
  switch (selector) {
    case 9:
      return latex(fence(INTERVAL[variation & 3], INTERVAL[(variation >> 4) & 3], slots[0]));
    case 10:
      return latex(root(slots));
    case 11:
      return latex(fraction(slots, (variation & 2) !== 0));
    case 12:
    case 13:
      return latex(bar(slots[0], selector === 13, (variation & 1) !== 0));
    case 14: {
      const kind = variation & 1 ? 'pair' : variation & 2 ? 'harpoons' : (variation & 0x30) === 0x10 ? 'left' : (variation & 0x30) === 0x20 ? 'right' : 'both';
      const [top, bottom] = variation & 4 ? [slots[0], slots[1] ?? null] : [null, slots[0]];
      return latex(arrow(kind, top, bottom));
    }
    case 15: {
      const count = variation & 3 || 1;
      const loop = (variation & 0x0c) !== 0;
      return latex(bigOperator(`\\${loop ? 'o' : ''}${'i'.repeat(count - 1)}int`, slots));
    }
    case 16:
    case 17:
    case 18:
    case 19:
    case 20:
    case 21:
    case 22:
      return latex(bigOperator(selector >= 21 && operator ? operator : BIG_OPERATORS[selector], slots));
    case 23:
      return latex(limit(slots));
    case 24:
    case 25:
      return latex(horizontalBrace(slots, (variation & 1) !== 0));
    case 26:
      return latex(longDivision(slots));
    case 27:
    case 28:
    case 29:
      return { script: scripts(selector === 27 ? 'sub' : selector === 28 ? 'sup' : 'both', slots, (variation & 1) !== 0) };
    case 30:
      return latex(dirac(slots[0], slots[1] ?? null));
    case 31: {
      const direction = (variation & 3) === 3 ? 'both' : variation & 1 ? 'left' : 'right';
      return latex(overArrow(slots[0], direction, (variation & 4) !== 0, (variation & 8) !== 0));
    }
    case 32:
      return latex(accent(slots[0], '\\tilde', '\\widetilde'));
    case 33:
      return latex(accent(slots[0], '\\hat', '\\widehat'));
    case 34:
      return latex(arc(slots[0]));
    case 35:
      return latex(`\\left.${text(slots[0])}\\right|`);
    case 36: {
      const command = variation & 1 ? '\\sout' : (variation & 6) === 6 ? '\\xcancel' : variation & 4 ? '\\bcancel' : '\\cancel';
      return latex(`${command}{${text(slots[0])}}`);
    }
    case 37:
      return latex(`\\boxed{${text(slots[0])}}`);
  }
  return latex(slots.map(text).join(''));
}

/**
 * Sub/superscript slots. MathType writes both slots (a placeholder for the missing one); should
 * only one be there, it is the script the template names.
 */
function scripts(kind: 'sub' | 'sup' | 'both', slots: Slot[], pre: boolean): Script {
  if (slots.length >= 2) return { sub: slots[0], sup: slots[1], pre };
  const only = slots[0] ?? null;
  return { sub: kind === 'sup' ? null : only, sup: kind === 'sup' ? only : null, pre };
}

/** Big operators of MTEF v3: selector → operator; the variation only says which limits exist, the placeholders say it too. */
const V3_OPERATORS: Record<number, string> = {
  21: '\\int',
  22: '\\iint',
  23: '\\iiint',
  24: '\\int',
  25: '\\iint',
  26: '\\iiint',
  29: '\\sum',
  30: '\\sum',
  31: '\\prod',
  32: '\\prod',
  33: '\\coprod',
  34: '\\coprod',
  35: '\\bigcup',
  36: '\\bigcup',
  37: '\\bigcap',
  38: '\\bigcap',
  42: '\\int',
  43: '\\sum',
};
const V3_INTERVALS: Record<number, [string, string]> = { 8: ['[', '['], 9: [']', ']'], 10: [']', '['], 11: ['[', ')'], 12: ['(', ']'] };

/** MTEF v3 (Equation Editor 3.x, MathType 3.x). */
export function templateV3(selector: number, variation: number, slots: Slot[], operator: string | null): Rendered {
  const latex = (value: string): Rendered => ({ latex: value });
  if (selector <= 7) {
    const [left, right] = FENCES[selector];
    return latex(fence(variation === 2 ? '.' : left, variation === 1 ? '.' : right, slots[0]));
  }
  if (selector in V3_INTERVALS) return latex(fence(...V3_INTERVALS[selector], slots[0]));
  if (selector in V3_OPERATORS) {
    // Contour integrals: single-integral variations 3 and 4, sum-style single variation 2.
    const contour = (selector === 21 && variation >= 3) || (selector === 24 && variation === 2);
    return latex(bigOperator(contour ? '\\oint' : selector >= 42 && operator ? operator : V3_OPERATORS[selector], slots));
  }
  switch (selector) {
    case 13:
      return latex(root(slots));
    case 14:
      return latex(fraction(slots, false));
    case 41:
      return latex(fraction(slots, variation === 1));
    case 15:
    case 44:
      return { script: scripts(variation === 0 ? 'sup' : variation === 1 ? 'sub' : 'both', slots, selector === 44) };
    case 16:
    case 17:
      return latex(bar(slots[0], selector === 17, variation === 1));
    case 18:
    case 19:
    case 20: {
      const kind = selector === 18 ? 'left' : selector === 19 ? 'right' : 'both';
      return latex(variation === 1 ? arrow(kind, null, slots[0]) : arrow(kind, slots[0], null));
    }
    case 27:
    case 28:
      return latex(horizontalBrace(slots, selector === 27));
    case 39:
      return latex(limit(slots));
    case 40:
      return latex(longDivision(slots));
    case 45:
      return latex(dirac(slots[0], slots[1] ?? null));
    case 46:
    case 47:
      return latex(overArrow(slots[0], variation === 0 ? 'left' : variation === 1 ? 'right' : 'both', selector === 46, false));
    case 48:
      return latex(arc(slots[0]));
  }
  return latex(slots.map(text).join(''));
}
