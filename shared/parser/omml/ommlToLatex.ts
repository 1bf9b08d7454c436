import { ACCENTS, DELIMITERS, FUNCTIONS, NARY, SYMBOLS } from './symbols';

/**
 * Word's equations (Office MathML, ECMA-376 Part 1 §22.1) as LaTeX that KaTeX renders: fractions
 * (bar, linear, skewed, no bar), radicals, scripts (sub, sup, both, pre), n-ary operators with
 * their limits, delimiters with separators, matrices, accents, bars, functions, lower and upper
 * limits, equation arrays, group characters and boxes. Absent properties take the standard's
 * defaults (an n-ary without chr is an integral; an accent without chr a circumflex; a delimiter
 * without begChr/endChr parentheses). Works on any DOM (the browser's or xmldom).
 */
export function ommlToLatex(math: Element): string {
  return tidy(convert(math, false));
}

/** The element's children that are elements, except property elements (*Pr). */
function parts(el: Element): Element[] {
  const out: Element[] = [];
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && !(node as Element).localName.endsWith('Pr')) out.push(node as Element);
  }
  return out;
}

function child(el: Element, name: string): Element | null {
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === name) return node as Element;
  }
  return null;
}

/** The `m:val` of a property, e.g. prop(fraction, 'fPr', 'type'); null when absent. */
function prop(el: Element, pr: string, name: string): string | null {
  const holder = child(el, pr);
  const setting = holder && child(holder, name);
  if (!setting) return null;
  for (let i = 0; i < setting.attributes.length; i++) {
    const attribute = setting.attributes[i];
    if (attribute.localName === 'val') return attribute.value;
  }
  return ''; // present without a value: on (for flags)
}

const on = (value: string | null) => value !== null && value !== '0' && value !== 'false' && value !== 'off';
const group = (latex: string) => `{${latex}}`;

function inner(el: Element | null, alignment: boolean): string {
  return el
    ? parts(el)
        .map((part) => convert(part, alignment))
        .join('')
    : '';
}

function convert(el: Element, alignment: boolean): string {
  const of = (name: string) => inner(child(el, name), alignment);
  switch (el.localName) {
    case 'oMathPara':
      return parts(el)
        .map((part) => convert(part, alignment))
        .join(' \\\\ ');
    case 'r':
      return run(el, alignment);
    case 'f': {
      const num = of('num');
      const den = of('den');
      switch (prop(el, 'fPr', 'type')) {
        case 'lin':
          return `${group(num)}/${group(den)}`;
        case 'skw':
          return `{}^{${num}}\\!/\\!{}_{${den}}`;
        case 'noBar':
          return `\\genfrac{}{}{0pt}{}{${num}}{${den}}`;
        default:
          return `\\frac{${num}}{${den}}`;
      }
    }
    case 'rad': {
      const degree = of('deg');
      return on(prop(el, 'radPr', 'degHide')) || !degree.trim() ? `\\sqrt{${of('e')}}` : `\\sqrt[${degree}]{${of('e')}}`;
    }
    case 'sSup':
      return `${group(of('e'))}^{${of('sup')}}`;
    case 'sSub':
      return `${group(of('e'))}_{${of('sub')}}`;
    case 'sSubSup':
      return `${group(of('e'))}_{${of('sub')}}^{${of('sup')}}`;
    case 'sPre':
      return `{}_{${of('sub')}}^{${of('sup')}}${group(of('e'))}`;
    case 'nary':
      return nary(el, of);
    case 'd':
      return delimited(el, alignment);
    case 'm': {
      const rows = parts(el).filter((p) => p.localName === 'mr');
      const body = rows
        .map((row) =>
          parts(row)
            .map((cell) => inner(cell, alignment))
            .join(' & '),
        )
        .join(' \\\\ ');
      return `\\begin{matrix}${body}\\end{matrix}`;
    }
    case 'acc': {
      const chr = prop(el, 'accPr', 'chr') || '\u0302';
      const command = ACCENTS[chr];
      return command ? `${command}{${of('e')}}` : `\\overset{${symbol(chr)}}{${of('e')}}`;
    }
    case 'bar':
      return prop(el, 'barPr', 'pos') === 'top' ? `\\overline{${of('e')}}` : `\\underline{${of('e')}}`;
    case 'func': {
      const name = of('fName').trim();
      return `${FUNCTIONS.has(name) ? `\\${name}` : name}${group(of('e'))}`;
    }
    case 'limLow': {
      const base = of('e').trim();
      return base === 'lim' || base === '\\lim' ? `\\lim_{${of('lim')}}` : `\\underset{${of('lim')}}{${base}}`;
    }
    case 'limUpp':
      return `\\overset{${of('lim')}}{${of('e')}}`;
    case 'eqArr':
      return `\\begin{aligned}${parts(el)
        .map((row) => inner(row, true))
        .join(' \\\\ ')}\\end{aligned}`;
    case 'groupChr': {
      const chr = prop(el, 'groupChrPr', 'chr') || '\u23df';
      const top = prop(el, 'groupChrPr', 'pos') === 'top';
      if (chr === '\u23df') return `\\underbrace{${of('e')}}`;
      if (chr === '\u23de') return `\\overbrace{${of('e')}}`;
      return top ? `\\overset{${symbol(chr)}}{${of('e')}}` : `\\underset{${symbol(chr)}}{${of('e')}}`;
    }
    case 'borderBox':
      return `\\boxed{${of('e')}}`;
    case 'phant':
      return on(prop(el, 'phantPr', 'show')) || prop(el, 'phantPr', 'show') === null ? of('e') : `\\phantom{${of('e')}}`;
    default:
      // oMath, e, box and anything else: its parts in order.
      return inner(el, alignment);
  }
}

function nary(el: Element, of: (name: string) => string): string {
  const chr = prop(el, 'naryPr', 'chr') || '∫';
  const operator = NARY[chr] ?? symbol(chr);
  // ECMA-376 default is subSup; Word writes undOvr for sums and products.
  const limits = prop(el, 'naryPr', 'limLoc') === 'undOvr' && !chr.match(/[∫∬∭∮]/) ? '\\limits' : '';
  const sub = on(prop(el, 'naryPr', 'subHide')) ? '' : of('sub');
  const sup = on(prop(el, 'naryPr', 'supHide')) ? '' : of('sup');
  return `${operator}${limits}${sub ? `_{${sub}}` : ''}${sup ? `^{${sup}}` : ''}${group(of('e'))}`;
}

function delimited(el: Element, alignment: boolean): string {
  const begin = prop(el, 'dPr', 'begChr');
  const end = prop(el, 'dPr', 'endChr');
  const separator = prop(el, 'dPr', 'sepChr') ?? '|';
  const open = DELIMITERS[begin ?? '('] ?? symbol(begin ?? '(');
  const close = DELIMITERS[end ?? ')'] ?? symbol(end ?? ')');
  const items = parts(el)
    .filter((p) => p.localName === 'e')
    .map((e) => inner(e, alignment));
  const between = separator === '|' ? ' \\middle| ' : ` ${symbol(separator)} `;
  return `\\left${open} ${items.join(between)} \\right${close}`;
}

/** A run's text: m:t (or w:t) characters, each symbol as LaTeX; a function name as its command. */
function run(el: Element, alignment: boolean): string {
  let text = '';
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === 't') text += (node as Element).textContent ?? '';
  }
  // Normal text inside an equation (m:nor) is words, spaces and all: "\text{speed of light}".
  if (on(prop(el, 'rPr', 'nor')) && text.trim()) return `\\text{${text.replace(/[\\{}$%#&_]/g, (c) => (c === '\\' ? '\\textbackslash{}' : `\\${c}`))}}`;
  if (FUNCTIONS.has(text.trim())) return `\\${text.trim()} `;
  return [...text].map((c) => (alignment && c === '&' ? '&' : symbol(c))).join('');
}

function symbol(c: string): string {
  const latex = SYMBOLS[c];
  if (latex === undefined) return c;
  // A command followed by a letter must be ended: \alpha x, not \alphax.
  return /^\\[a-zA-Z]+$/.test(latex) ? `${latex} ` : latex;
}

/** Collapses the spaces the pieces leave (`\alpha  }` -> `\alpha}`). */
function tidy(latex: string): string {
  return latex
    .replace(/ +/g, ' ')
    .replace(/ ([}^_)\]])/g, '$1')
    .trim();
}
