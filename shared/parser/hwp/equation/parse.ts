import { Untranslatable, arg, atom, attach, block, degree, empty, environment, join, prime, render, text, type Item } from './latex';
import { tokenize, type Token } from './tokens';
import { DELIMITERS, ENVIRONMENTS, keyword } from './words';

/** Keywords that act on what stands before them, so they never start an operand. */
const INFIX = new Set(['over', 'atop', 'choose', 'sup', 'sub', 'deg', 'prime']);
const FRACTIONS: Record<string, (top: string, bottom: string) => string> = {
  over: (top, bottom) => `\\frac{${top}}{${bottom}}`,
  atop: (top, bottom) => `\\genfrac{}{}{0pt}{}{${top}}{${bottom}}`,
  choose: (top, bottom) => `\\binom{${top}}{${bottom}}`,
};
const FONTS: Record<string, string> = { rm: '\\rm', it: '\\it', bold: '\\bf' };

/** The structural keyword (or context word: of, from, to) a word token is, in lower case. */
function command(token: Token | undefined): string | undefined {
  if (token?.type !== 'word') return undefined;
  const lower = token.text.toLowerCase();
  if (['of', 'from', 'to'].includes(lower) && (token.text === lower || token.text === token.text.toUpperCase())) return lower;
  const word = keyword(token.text);
  return word?.kind === 'structure' ? word.name : undefined;
}

/** A recursive-descent reader of one script; every method consumes at least one token or returns. */
export class EquationParser {
  private pos = 0;
  private readonly tokens: Token[];

  constructor(script: string) {
    this.tokens = tokenize(script);
  }

  document(): string {
    return block(this.sequence('end'));
  }

  private peek = (): Token | undefined => this.tokens[this.pos];

  /** Rows (`#`) of cells (`&`) up to the end, a closing brace, or RIGHT. */
  private sequence(until: 'end' | 'close' | 'right'): string[][] {
    const rows: string[][] = [];
    let cells: string[] = [];
    let items: Item[] = [];
    for (;;) {
      const token = this.peek();
      if (!token || token.type === 'close' || (until === 'right' && command(token) === 'right')) {
        if (!token && until === 'close') throw new Untranslatable('a { is never closed');
        if (token?.type === 'close' && until === 'end') throw new Untranslatable('a } closes nothing');
        // A LEFT still open when its group ends closes there, as `\right.`; the group takes the brace.
        if (token?.type === 'close' && until === 'close') this.pos += 1;
        rows.push([...cells, join(items.map(render))]);
        return rows;
      }
      if (token.type === 'cell' || token.type === 'row') {
        this.pos += 1;
        cells.push(join(items.map(render)));
        items = [];
        if (token.type === 'row') {
          rows.push(cells);
          cells = [];
        }
        continue;
      }
      this.step(items);
    }
  }

  /** One token's worth of the sequence: an infix or postfix keyword acting on `items`, or a new item. */
  private step(items: Item[]): void {
    const token = this.peek() as Token;
    const name = token.type === 'sup' || token.type === 'sub' ? token.type : command(token);
    const last = items[items.length - 1];
    if (name === 'sup' || name === 'sub' || ((name === 'from' || name === 'to') && last?.kind === 'operator')) {
      this.pos += 1;
      attach(items, name === 'sub' || name === 'from' ? 'sub' : 'sup', this.script());
    } else if (name && FRACTIONS[name]) {
      this.pos += 1;
      const top = items.pop() ?? empty();
      items.push(atom(FRACTIONS[name](arg(top), arg(this.scripted()))));
    } else if (name === 'deg') {
      this.pos += 1;
      degree(items);
    } else if (name === 'prime') {
      this.pos += 1;
      prime(items);
    } else {
      const item = this.item();
      if (item) items.push(item);
    }
  }

  /** The operand of a prefix command (`sqrt x`, `bar {AB}`): one item, empty where none follows. */
  private operand(): Item {
    for (;;) {
      const token = this.peek();
      const name = command(token);
      if (!token || ['close', 'cell', 'row', 'sup', 'sub'].includes(token.type) || name === 'right' || name === 'of' || (name && INFIX.has(name)))
        return empty();
      const item = this.item();
      if (!item) continue;
      if (item.kind !== 'switch') return item;
      return { latex: join([item.latex, arg(this.operand())]), kind: 'group' };
    }
  }

  /** An operand with its scripts: the denominator of `1 over x^2` is x². */
  private scripted(): Item {
    const items = [this.operand()];
    for (let name = command(this.peek()) ?? this.peek()?.type; name === 'sup' || name === 'sub'; name = command(this.peek()) ?? this.peek()?.type) {
      this.pos += 1;
      attach(items, name, this.script());
    }
    return items[items.length - 1];
  }

  /** A script's content; a leading sign takes the operand after it (`x^-1`). */
  private script(): string {
    const first = this.operand();
    if (first.kind === 'atom' && ['-', '+', '\\pm', '\\mp'].includes(first.latex) && first.sup === undefined) return join([first.latex, arg(this.operand())]);
    return arg(first);
  }

  /** The next item, or null for a token that draws nothing (`big`, `color {red}`). */
  private item(): Item | null {
    const token = this.tokens[this.pos++];
    switch (token.type) {
      case 'open':
        return { latex: block(this.sequence('close')), kind: 'group' };
      case 'space':
        return { latex: token.latex, kind: 'space' };
      case 'text':
        return atom(text(token.text));
      case 'run':
        return atom(token.text);
      case 'symbol':
        return { latex: token.latex, kind: token.operator ? 'operator' : 'atom' };
      case 'word':
        return this.word(token.text);
      default:
        return null;
    }
  }

  private word(name: string): Item | null {
    const word = keyword(name);
    switch (word?.kind) {
      case undefined:
        return atom(name);
      case 'symbol':
        return atom(word.latex);
      case 'operator':
        return { latex: word.latex, kind: 'operator' };
      case 'accent':
        return atom(`${word.latex}{${arg(this.operand())}}`);
      case 'environment':
        return this.environment(ENVIRONMENTS.get(word.name) as string, name);
      case 'unsupported':
        throw new Untranslatable(`${name} has no LaTeX counterpart`);
      case 'structure':
        return this.structure(word.name);
    }
  }

  private structure(name: string): Item | null {
    if (FONTS[name]) return { latex: FONTS[name], kind: 'switch' };
    switch (name) {
      case 'sqrt':
      case 'root':
        return this.root(name);
      case 'binom':
        return atom(`\\binom{${arg(this.operand())}}{${arg(this.operand())}}`);
      case 'overbrace':
      case 'underbrace': {
        const [body, label] = [arg(this.operand()), arg(this.operand())];
        return { latex: `\\${name}{${body}}${name === 'overbrace' ? '^' : '_'}{${label}}`, kind: 'group' };
      }
      case 'left':
        return this.leftRight();
      case 'right': {
        // RIGHT with no LEFT: Hancom draws the delimiter alone.
        const delimiter = this.delimiter();
        return delimiter === '.' ? null : atom(delimiter);
      }
      case 'color':
        // The colour is dropped; what it colours stays.
        this.operand();
        return null;
      case 'size':
        if (this.peek()?.type === 'run') this.pos += 1;
        return null;
      default:
        // big, bigg: KaTeX sizes \left…\right itself.
        return null;
    }
  }

  /** `sqrt x` as \sqrt{x}; `root n of x`, and `sqrt n of x` (Hancom writes both), as \sqrt[n]{x}. */
  private root(name: string): Item {
    const index = arg(this.operand());
    if (command(this.peek()) !== 'of') {
      if (name === 'sqrt') return atom(`\\sqrt{${index}}`);
      throw new Untranslatable('root without of');
    }
    this.pos += 1;
    const radicand = arg(this.operand());
    if (!index) return atom(`\\sqrt{${radicand}}`);
    return atom(`\\sqrt[${/^\{|\]/.test(index) ? `{${index}}` : index}]{${radicand}}`);
  }

  private leftRight(): Item {
    const open = this.delimiter();
    const inner = block(this.sequence('right'));
    let close = '.';
    if (command(this.peek()) === 'right') {
      this.pos += 1;
      close = this.delimiter();
    }
    return atom(join([`\\left${open}`, inner, `\\right${close}`]));
  }

  /** The delimiter after LEFT or RIGHT; `.` (none) when what follows is not one. */
  private delimiter(): string {
    const token = this.peek();
    let delimiter: string | undefined;
    if (token?.type === 'open') delimiter = '\\{';
    else if (token?.type === 'close') delimiter = '\\}';
    else if (token?.type === 'symbol') delimiter = DELIMITERS.get(token.text);
    else if (token?.type === 'word') delimiter = DELIMITERS.get(token.text.toLowerCase());
    if (delimiter === undefined) return '.';
    this.pos += 1;
    return delimiter;
  }

  private environment(name: string, keywordText: string): Item {
    if (this.peek()?.type !== 'open') throw new Untranslatable(`${keywordText} without {`);
    this.pos += 1;
    return { latex: environment(name, this.sequence('close')), kind: 'group' };
  }
}
