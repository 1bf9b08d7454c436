import katex from 'katex';
import { ACCENTS, DELIMITERS, FUNCTIONS, NARY, SYMBOLS } from '../../parser/omml/symbols';
import { xmlEscape } from '../xml';

/**
 * LaTeX as Word equations (Office MathML), written so that our OMML reader
 * (shared/parser/omml/ommlToLatex.ts) gives back the same maths (issue 29; what comes back exactly
 * and what in an equivalent form: docs/interop.md, tested in maths.test.ts). The LaTeX is parsed
 * as TeX does: a script applies to the atom before it (a bracketed group `(x+1)^2` as a whole),
 * an argument is a {group} or one token, spaces between tokens mean nothing. An n-ary operator
 * (\sum, \int…) takes as its body a {group} right after its limits, else everything up to a
 * relation sign (=, <, \le, \to…), a comma, `&`, `\\` or the end of the group: `\int_0^1 x^2\,dx = 1`
 * has the body `x^2\,dx`; \lim does the same. A function (\sin, \log…) takes the next atom.
 * Spacing commands (\, \; \quad…) are spaces in the equation, never text.
 */

/** An item of a formula: characters of a run (merged with their neighbours) or an OMML structure. */
interface Atom {
  text?: string;
  /** The run's m:rPr content: none for maths, `<m:nor/>` for text, a style or script. */
  style?: string;
  /** A run of its own (a function's name must not merge with letters next to it). */
  alone?: boolean;
  xml?: string;
  /** A {group}: its atoms, kept together as the base of a script. */
  group?: Atom[];
  /** \underbrace / \overbrace: the script that goes under or over it. */
  brace?: '_' | '^';
}

const fromTable = (table: Record<string, string>) => {
  const out = new Map<string, string>();
  for (const [chr, latex] of Object.entries(table)) if (!out.has(latex.trim())) out.set(latex.trim(), chr);
  return out;
};
const SYMBOL = fromTable(SYMBOLS);
const OPERATOR = fromTable(NARY);
const ACCENT = fromTable(ACCENTS);
const DELIMITER = fromTable(DELIMITERS);

/** Commands that are other names of a symbol the tables hold (the relations among them end an n-ary's body). */
// prettier-ignore
const ALIASES: Record<string, string> = {
  '\\leq': '≤', '\\geq': '≥', '\\neq': '≠', '\\lt': '<', '\\gt': '>', '\\rightarrow': '→', '\\gets': '←', '\\land': '∧', '\\lor': '∨', '\\lnot': '¬',
  '\\dots': '…', '\\dotsc': '…', '\\dotsb': '⋯', '\\colon': ':', '\\lbrace': '{', '\\rbrace': '}', '\\lbrack': '[', '\\rbrack': ']', '\\vert': '|',
  '\\lvert': '|', '\\rvert': '|', '\\Vert': '‖', '\\lVert': '‖', '\\rVert': '‖', '\\prime': '′', '\\varepsilon': 'ε', '\\textbackslash': '\\',
};
const RELATIONS = new Set([...'=<>≤≥≠≈≡∼≅∝≪≫∈∉∋⊂⊃⊆⊇→←↔⇒⇐⇔⟹⟸⟺↦∣⊥∥≺≻⪯⪰⊢⊨,;:']);
const BINARY = new Set([...'+-−±∓×÷⋅·∗∘∪∩∧∨/*']);
const CLOSERS = new Set([...')]}⟩']);
/** Spacing commands as the spaces a Word equation shows (read back, LaTeX spaces itself: nothing). */
// prettier-ignore
const SPACES: Record<string, string> = {
  '\\,': ' ', '\\:': ' ', '\\>': ' ', '\\;': ' ', '\\ ': ' ', '\\thinspace': ' ', '\\medspace': ' ', '\\thickspace': ' ', '\\enspace': ' ',
  '\\quad': '  ', '\\qquad': '    ', '\\!': '', '\\negthinspace': '', '\\negmedspace': '', '\\negthickspace': '', '\\hfill': ' ',
};
/** Commands that end what is being read: not taken by a list, left to whoever opened it. */
const TERMINATORS = new Set(['}', '&', '\\\\', '\\right', '\\middle', '\\end']);
const TEXT_COMMANDS = new Set(['\\text', '\\textrm', '\\textup', '\\textnormal', '\\textsf', '\\texttt', '\\textbf', '\\textit', '\\mbox', '\\hbox']);
// prettier-ignore
const FONTS: Record<string, string> = {
  '\\mathbf': '<m:sty m:val="b"/>', '\\boldsymbol': '<m:sty m:val="bi"/>', '\\bm': '<m:sty m:val="bi"/>', '\\mathit': '<m:sty m:val="i"/>',
  '\\mathsf': '<m:scr m:val="sans-serif"/><m:sty m:val="p"/>', '\\mathtt': '<m:scr m:val="monospace"/><m:sty m:val="p"/>',
  '\\mathcal': '<m:scr m:val="script"/><m:sty m:val="p"/>', '\\mathscr': '<m:scr m:val="script"/><m:sty m:val="p"/>',
  '\\mathfrak': '<m:scr m:val="fraktur"/><m:sty m:val="p"/>', '\\mathbb': '<m:scr m:val="double-struck"/><m:sty m:val="p"/>',
  '\\mathrm': '<m:sty m:val="p"/>', '\\mathnormal': '',
};
const UPRIGHT = '<m:sty m:val="p"/>';
const NORMAL_TEXT = '<m:nor/>';
/** Environments with a delimiter around their matrix. */
// prettier-ignore
const MATRICES: Record<string, [string, string]> = {
  matrix: ['', ''], smallmatrix: ['', ''], array: ['', ''], subarray: ['', ''], pmatrix: ['(', ')'], bmatrix: ['[', ']'], Bmatrix: ['{', '}'],
  vmatrix: ['|', '|'], Vmatrix: ['‖', '‖'], cases: ['{', ''], dcases: ['{', ''], rcases: ['', '}'],
};
const ALIGNED = new Set(['aligned', 'align', 'align*', 'alignat', 'alignat*', 'alignedat', 'split', 'gather', 'gather*', 'gathered', 'eqnarray', 'eqnarray*']);
// prettier-ignore
const NEGATED: Record<string, string> = {
  '=': '≠', '∈': '∉', '⊂': '⊄', '⊃': '⊅', '⊆': '⊈', '⊇': '⊉', '≡': '≢', '∼': '≁', '≈': '≉', '<': '≮', '>': '≯', '≤': '≰', '≥': '≱', '∃': '∄',
};

/** A command KaTeX draws as one character (\oplus, \aleph…): that character, which it also reads. */
const DRAWN = new Map<string, string | null>();
function drawnAs(command: string): string | null {
  if (!DRAWN.has(command)) {
    let char: string | null = null;
    try {
      const html = katex.renderToString(command, { output: 'mathml', throwOnError: true, strict: 'ignore' });
      const m = /<semantics>(?:<mrow>)?<m([ion])(?: [^>]*)?>([^<]+)<\/m\1>(?:<\/mrow>)?<annotation/.exec(html);
      const text = m?.[2]
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      if (text && [...text].length === 1) char = text;
    } catch {
      // not a symbol KaTeX knows
    }
    if (DRAWN.size >= 1000) DRAWN.clear();
    DRAWN.set(command, char);
  }
  return DRAWN.get(command) ?? null;
}

/** The character a command stands for, or null. */
const symbolOf = (command: string): string | null => SYMBOL.get(command) ?? ALIASES[command] ?? (command.length > 1 ? drawnAs(command) : null);
const charOf = (token: string): string | null => (token.length === 1 || !token.startsWith('\\') ? token : symbolOf(token));

const prop = (name: string, value: string) => `<m:${name} m:val="${xmlEscape(value)}"/>`;
const run = (text: string, style?: string) =>
  text ? `<m:r>${style ? `<m:rPr>${style}</m:rPr>` : ''}<m:t xml:space="preserve">${xmlEscape(text)}</m:t></m:r>` : '';
const el = (name: string, content: string) => `<m:${name}>${content}</m:${name}>`;
const chars = (text: string, style?: string): Atom => ({ text, style });

/** Atoms as OMML: neighbouring characters of one style as one run. */
function render(atoms: Atom[]): string {
  let out = '';
  let text = '';
  let style: string | undefined;
  const flush = () => {
    // A run our reader would take for a function's name (letters "ln") must stay letters.
    if (style !== NORMAL_TEXT && FUNCTIONS.has(text.trim())) {
      const cut = text.search(/\S/) + 1;
      out += run(text.slice(0, cut), style) + run(text.slice(cut), style);
    } else out += run(text, style);
    text = '';
  };
  for (const a of atoms) {
    if (a.text !== undefined && !a.alone) {
      if (text && a.style !== style) flush();
      text += a.text;
      style = a.style;
      continue;
    }
    flush();
    if (a.group) out += render(a.group);
    else if (a.text !== undefined) out += run(a.text, a.style);
    else out += a.xml ?? '';
  }
  flush();
  return out;
}

const scripted = (base: string, sub: Atom[] | null, sup: Atom[] | null) =>
  sub && sup
    ? el('sSubSup', el('e', base) + el('sub', render(sub)) + el('sup', render(sup)))
    : sub
      ? el('sSub', el('e', base) + el('sub', render(sub)))
      : el('sSup', el('e', base) + el('sup', render(sup ?? [])));

const delimited = (open: string, close: string, parts: Atom[][], separator = '|') =>
  el(
    'd',
    el('dPr', prop('begChr', open) + (separator !== '|' ? prop('sepChr', separator) : '') + prop('endChr', close)) +
      parts.map((p) => el('e', render(p))).join(''),
  );

class Parser {
  at = 0;
  constructor(readonly s: string) {}

  private skipSpace() {
    while (this.at < this.s.length && /\s/.test(this.s[this.at])) this.at++;
  }

  /** The next token: a command (`\frac`, `\,`, `\\`), or a character; '' at the end. */
  next(): string {
    this.skipSpace();
    if (this.at >= this.s.length) return '';
    if (this.s[this.at] === '\\') {
      const m = /^\\([a-zA-Z]+\*?|[\s\S]?)/.exec(this.s.slice(this.at))!;
      this.at += m[0].length;
      return m[1] ? (/^\s$/.test(m[1]) ? '\\ ' : m[0]) : '\\';
    }
    const c = String.fromCodePoint(this.s.codePointAt(this.at)!);
    this.at += c.length;
    return c;
  }

  peek(): string {
    const at = this.at;
    const token = this.next();
    this.at = at;
    return token;
  }

  /** A {group}'s or one token's raw text (a \text's words, an environment's name). */
  raw(): string {
    this.skipSpace();
    if (this.s[this.at] !== '{') return this.next();
    let depth = 0;
    const start = this.at;
    for (; this.at < this.s.length; this.at++) {
      if (this.s[this.at] === '\\') this.at++;
      else if (this.s[this.at] === '{') depth++;
      else if (this.s[this.at] === '}' && --depth === 0) break;
    }
    return this.s.slice(start + 1, this.at++);
  }

  /** An optional [argument]'s raw text, brackets inside braces allowed. */
  optional(): string | null {
    this.skipSpace();
    if (this.s[this.at] !== '[') return null;
    let depth = 0;
    const start = this.at + 1;
    for (this.at++; this.at < this.s.length; this.at++) {
      const c = this.s[this.at];
      if (c === '\\') this.at++;
      else if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === ']' && depth === 0) break;
    }
    return this.s.slice(start, this.at++);
  }

  /** Atoms up to a terminator (not taken) or the end; with `relation`, also up to a relation sign. */
  list(relation = false): Atom[] {
    const out: Atom[] = [];
    for (;;) {
      const t = this.peek();
      if (!t || TERMINATORS.has(t)) return out;
      if (relation && RELATIONS.has(charOf(t) ?? '')) return out;
      this.next();
      if (t === '^' || t === '_') this.scripts(out, t);
      else out.push(...this.token(t));
    }
  }

  /** Atoms up to one of the wanted terminators (not taken); others met on the way are read as well as they can be. */
  until(...wanted: string[]): Atom[] {
    const out: Atom[] = [];
    for (;;) {
      out.push(...this.list());
      const t = this.peek();
      if (!t || wanted.includes(t)) return out;
      this.next();
      if (t === '&') out.push(chars('&'));
      else if (t === '\\\\') out.push(chars(' '));
      else if (t === '\\right') this.next();
      else if (t === '\\middle') out.push(chars(this.delimiter()));
      else if (t === '\\end') this.raw();
    }
  }

  /** The whole formula. */
  all(): Atom[] {
    return this.until();
  }

  /** A {group}'s atoms, or one token's. */
  argument(): Atom[] {
    this.skipSpace();
    if (this.s[this.at] === '{') {
      this.next();
      const atoms = this.until('}');
      this.next();
      return atoms;
    }
    const t = this.next();
    return t ? this.token(t) : [];
  }

  /** `_` and `^` (either order, one of each) after their first sign was taken. */
  private limits(first?: string): { sub: Atom[] | null; sup: Atom[] | null } {
    let sub: Atom[] | null = null;
    let sup: Atom[] | null = null;
    for (let t = first ?? this.peek(); (t === '_' && !sub) || (t === '^' && !sup); t = this.peek()) {
      if (t !== first) this.next();
      first = undefined;
      if (t === '_') sub = this.argument();
      else sup = this.argument();
    }
    return { sub, sup };
  }

  private skipLimitsSwitch() {
    while (['\\limits', '\\nolimits', '\\displaylimits'].includes(this.peek())) this.next();
  }

  /** A script on the atom before it (the atoms from the matching bracket when that atom closes one). */
  private scripts(out: Atom[], first: string) {
    const base = out.pop();
    let baseAtoms: Atom[] = base ? [base] : [];
    const close = base?.text === ')' ? '(' : base?.text === ']' ? '[' : null;
    if (close) {
      let depth = 0;
      for (let i = out.length - 1; i >= 0; i--) {
        if (out[i].text === base!.text) depth++;
        else if (out[i].text === close && depth-- === 0) {
          baseAtoms = [...out.splice(i), base!];
          break;
        }
      }
    }
    const { sub, sup } = this.limits(first);
    if (base?.brace && ((base.brace === '_' && sub && !sup) || (base.brace === '^' && sup && !sub))) {
      const low = base.brace === '_';
      out.push({ xml: el(low ? 'limLow' : 'limUpp', el('e', render(baseAtoms)) + el('lim', render((low ? sub : sup)!))) });
      return;
    }
    // `{}_{6}^{14}C`: scripts before their base (m:sPre).
    if (base?.group?.length === 0 && sub && sup && this.peek() && !TERMINATORS.has(this.peek())) {
      const e = this.token(this.next());
      out.push({ xml: el('sPre', el('sub', render(sub)) + el('sup', render(sup)) + el('e', render(e))) });
      return;
    }
    out.push({ xml: scripted(render(baseAtoms), sub, sup) });
  }

  /** What a function applies to: a bracketed group, else the next atom with its scripts; nothing before an operator or the end. */
  private operand(): Atom[] {
    while (this.peek() in SPACES) this.next();
    const t = this.peek();
    const c = charOf(t);
    if (!t || TERMINATORS.has(t) || t === '^' || t === '_' || (c && (RELATIONS.has(c) || BINARY.has(c) || CLOSERS.has(c)))) return [];
    const out: Atom[] = [];
    if (t === '(' || t === '[') {
      const close = t === '(' ? ')' : ']';
      let depth = 0;
      for (let u = this.peek(); u && !TERMINATORS.has(u); u = this.peek()) {
        this.next();
        if (u === '^' || u === '_') this.scripts(out, u);
        else out.push(...this.token(u));
        if (u === t) depth++;
        else if (u === close && --depth === 0) break;
      }
    } else out.push(...this.token(this.next()));
    for (let u = this.peek(); u === '^' || u === '_'; u = this.peek()) this.scripts(out, this.next());
    return out;
  }

  /** An n-ary's or a limit's body: a {group} right after it, else up to a relation sign or the end of the group. */
  private body(): Atom[] {
    this.skipSpace();
    if (this.s[this.at] !== '{') return this.list(true);
    this.next();
    const atoms = this.until('}');
    this.next();
    return atoms;
  }

  delimiter(): string {
    const t = this.next();
    if (t === '.') return '';
    return DELIMITER.get(t) ?? symbolOf(t) ?? t;
  }

  /** One token's atoms (its arguments read). */
  token(t: string): Atom[] {
    if (t === '{') {
      const group = this.until('}');
      this.next();
      return [{ group }];
    }
    if (t === '}') return [];
    if (t === '~') return [chars(' ')];
    if (t === '-') return [chars('−')];
    if (t === "'") return [chars('′')];
    if (!t.startsWith('\\') || t === '\\') return [chars(t)];
    return this.command(t);
  }

  private command(cmd: string): Atom[] {
    if (cmd in SPACES) return SPACES[cmd] ? [chars(SPACES[cmd])] : [];
    switch (cmd) {
      case '\\frac':
      case '\\dfrac':
      case '\\tfrac':
      case '\\cfrac':
        return [{ xml: el('f', el('num', render(this.argument())) + el('den', render(this.argument()))) }];
      case '\\binom':
      case '\\dbinom':
      case '\\tbinom': {
        const f = el('f', el('fPr', prop('type', 'noBar')) + el('num', render(this.argument())) + el('den', render(this.argument())));
        return [{ xml: el('d', el('dPr', prop('begChr', '(') + prop('endChr', ')')) + el('e', f)) }];
      }
      case '\\genfrac': {
        // Our reader's form of a fraction without a bar: \genfrac{left}{right}{thickness}{style}{num}{den}.
        const [open, close] = [this.raw().trim(), this.raw().trim()].map((d) => (d ? new Parser(d).delimiter() : ''));
        const bar = !/^0(\.0*)?([a-z]{2})?$/.test(this.raw().trim());
        this.raw();
        const f = el('f', (bar ? '' : el('fPr', prop('type', 'noBar'))) + el('num', render(this.argument())) + el('den', render(this.argument())));
        return [{ xml: open || close ? delimited(open, close, [[{ xml: f }]]) : f }];
      }
      case '\\sqrt': {
        const degree = this.optional();
        const body = render(this.argument());
        return [
          {
            xml:
              degree === null || !degree.trim()
                ? el('rad', el('radPr', prop('degHide', '1')) + '<m:deg/>' + el('e', body))
                : el('rad', el('deg', render(new Parser(degree).all())) + el('e', body)),
          },
        ];
      }
      case '\\left': {
        const open = this.delimiter();
        const parts: Atom[][] = [];
        let separator = '|';
        for (;;) {
          parts.push(this.until('\\middle', '\\right'));
          const t = this.next();
          if (t !== '\\middle') return [{ xml: delimited(open, t === '\\right' ? this.delimiter() : '', parts, separator) }];
          separator = this.delimiter();
        }
      }
      case '\\lim':
        return this.limit();
      case '\\operatorname':
      case '\\operatorname*': {
        const name = this.raw().trim();
        return FUNCTIONS.has(name) ? this.func(name) : [chars(name, NORMAL_TEXT)];
      }
      case '\\overline':
      case '\\underline':
        return [{ xml: el('bar', el('barPr', prop('pos', cmd === '\\overline' ? 'top' : 'bot')) + el('e', render(this.argument()))) }];
      case '\\widehat':
        return this.accent('\u0302');
      case '\\widetilde':
        return this.accent('\u0303');
      case '\\overrightarrow':
        return this.accent('\u20d7');
      case '\\overbrace':
      case '\\underbrace': {
        const over = cmd === '\\overbrace';
        const pr = prop('chr', over ? '⏞' : '⏟') + prop('pos', over ? 'top' : 'bot') + prop('vertJc', over ? 'bot' : 'top');
        return [{ xml: el('groupChr', el('groupChrPr', pr) + el('e', render(this.argument()))), brace: over ? '^' : '_' }];
      }
      case '\\overset':
      case '\\stackrel':
      case '\\underset': {
        const limit = render(this.argument());
        const name = cmd === '\\underset' ? 'limLow' : 'limUpp';
        return [{ xml: el(name, el('e', render(this.argument())) + el('lim', limit)) }];
      }
      case '\\boxed':
      case '\\fbox':
        return [{ xml: el('borderBox', el('e', render(this.argument()))) }];
      case '\\phantom':
        return [{ xml: el('phant', el('phantPr', prop('show', '0')) + el('e', render(this.argument()))) }];
      case '\\begin':
        return this.environment(this.raw().trim());
      case '\\mathbb': {
        const letter = this.raw().trim();
        const known = SYMBOL.get(`\\mathbb{${letter}}`);
        return known ? [chars(known)] : this.styled(new Parser(letter).all(), FONTS[cmd]);
      }
      case '\\mathrm': {
        const text = this.raw();
        // Upright words (\mathrm{d}x, \mathrm{kg}) as Word's normal text; maths in it keeps its structure.
        return /^[A-Za-z0-9\s.,]*$/.test(text) ? [chars(text, NORMAL_TEXT)] : this.styled(new Parser(text).all(), UPRIGHT);
      }
      case '\\not': {
        const c = charOf(this.next()) ?? '';
        return [chars(NEGATED[c] ?? `${c}\u0338`)];
      }
      case '\\textcolor':
        this.raw();
        return this.argument();
      case '\\color':
      case '\\hspace':
      case '\\hspace*':
      case '\\mspace':
      case '\\kern':
      case '\\mkern':
        this.raw();
        return cmd === '\\color' ? [] : [chars(' ')];
      case '\\displaystyle':
      case '\\textstyle':
      case '\\scriptstyle':
      case '\\scriptscriptstyle':
      case '\\limits':
      case '\\nolimits':
      case '\\hline':
      case '\\nonumber':
      case '\\notag':
        return [];
    }
    if (/^\\[Bb]igg?[lrm]?$/.test(cmd)) return [chars(this.delimiter())];
    if (TEXT_COMMANDS.has(cmd))
      return [
        chars(
          this.raw()
            .replace(/\\textbackslash(\{\}|(?![a-zA-Z]))/g, '\\')
            .replace(/\\([{}$%#&_ ])/g, '$1')
            .replace(/~/g, ' '),
          NORMAL_TEXT,
        ),
      ];
    if (cmd in FONTS) return this.styled(this.argument(), FONTS[cmd]);
    if (OPERATOR.has(cmd)) return this.nary(OPERATOR.get(cmd)!);
    if (ACCENT.has(cmd) && cmd !== '\\overline') return this.accent(ACCENT.get(cmd)!);
    const name = cmd.slice(1);
    if (FUNCTIONS.has(name)) return this.func(name);
    const symbol = symbolOf(cmd);
    if (symbol !== null) return [chars(symbol)];
    return [chars(cmd, NORMAL_TEXT)]; // a command we do not know: as typed, in words
  }

  private accent(chr: string): Atom[] {
    return [{ xml: el('acc', el('accPr', prop('chr', chr)) + el('e', render(this.argument()))) }];
  }

  private styled(atoms: Atom[], style: string): Atom[] {
    return atoms.map((a) => (a.text !== undefined && !a.style ? { ...a, style: style || undefined } : a.group ? { group: this.styled(a.group, style) } : a));
  }

  private nary(chr: string): Atom[] {
    let limLoc = '';
    for (let t = this.peek(); t === '\\limits' || t === '\\nolimits' || t === '\\displaylimits'; t = this.peek()) {
      this.next();
      if (t === '\\limits') limLoc = prop('limLoc', 'undOvr');
    }
    const { sub, sup } = this.limits();
    const pr = prop('chr', chr) + limLoc + (sub ? '' : prop('subHide', '1')) + (sup ? '' : prop('supHide', '1'));
    return [{ xml: el('nary', el('naryPr', pr) + el('sub', render(sub ?? [])) + el('sup', render(sup ?? [])) + el('e', render(this.body()))) }];
  }

  /** \lim: its limit under it (m:limLow), applied (m:func) to what follows up to a relation sign. */
  private limit(): Atom[] {
    this.skipLimitsSwitch();
    const { sub } = this.limits();
    const name = run('lim', UPRIGHT);
    const fName = sub ? el('limLow', el('e', name) + el('lim', render(sub))) : name;
    const body = this.body();
    return [
      body.length ? { xml: el('func', el('fName', fName) + el('e', render(body))) } : sub ? { xml: fName } : { text: 'lim', style: UPRIGHT, alone: true },
    ];
  }

  /** \sin, \log…: upright, applied (m:func) to the next atom; scripts on the name. */
  private func(name: string): Atom[] {
    this.skipLimitsSwitch();
    const { sub, sup } = this.limits();
    const fName = sub || sup ? scripted(run(name, UPRIGHT), sub, sup) : run(name, UPRIGHT);
    const body = this.operand();
    if (body.length) return [{ xml: el('func', el('fName', fName) + el('e', render(body))) }];
    return sub || sup ? [{ xml: fName }] : [{ text: name, style: UPRIGHT, alone: true }];
  }

  /** \begin{…}…\end{…}: a matrix (delimited as pmatrix, bmatrix… want) or an equation array (aligned). */
  private environment(name: string): Atom[] {
    if (name === 'array' || name === 'subarray' || name === 'alignat' || name === 'alignat*' || name === 'alignedat') {
      this.skipSpace();
      if (this.s[this.at] === '{') this.raw();
    }
    const rows: Atom[][][] = [[]];
    for (;;) {
      rows[rows.length - 1].push(this.until('&', '\\\\', '\\end'));
      const t = this.next();
      if (t === '&') continue;
      if (t === '\\\\') {
        this.optional();
        rows.push([]);
        continue;
      }
      if (t === '\\end') this.raw();
      break;
    }
    const last = rows[rows.length - 1];
    if (rows.length > 1 && last.length === 1 && !last[0].length) rows.pop();
    if (ALIGNED.has(name)) {
      const lines = rows.map((cells) => el('e', render(cells.flatMap((cell, i) => (i ? [chars('&'), ...cell] : cell)))));
      return [{ xml: el('eqArr', lines.join('')) }];
    }
    const columns = Math.max(...rows.map((r) => r.length));
    const left = name.endsWith('cases');
    const mPr = el('mPr', el('mcs', el('mc', el('mcPr', prop('count', String(columns)) + prop('mcJc', left ? 'left' : 'center')))));
    const body = rows.map((cells) => el('mr', Array.from({ length: columns }, (_, i) => el('e', render(cells[i] ?? []))).join(''))).join('');
    const matrix = el('m', mPr + body);
    const [open, close] = MATRICES[name] ?? ['', ''];
    return [{ xml: open || close ? delimited(open, close, [[{ xml: matrix }]]) : matrix }];
  }
}

/** The OMML of a LaTeX expression (the content of an m:oMath). */
export function latexToOmml(latex: string): string {
  return render(new Parser(latex).all());
}
