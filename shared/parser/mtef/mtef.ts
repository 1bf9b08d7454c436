import { FUNCTIONS } from '../omml/symbols';
import { charToLatex, escapeText } from './chars';
import { MtChar, MtefError, MtNode, parseMtef } from './records';
import { Script, Slot, templateV3, templateV5 } from './templates';

/**
 * MTEF (MathType's binary equation format, v3 from Equation Editor 3.x and v5 from MathType 4+)
 * as LaTeX that KaTeX renders. Null when the bytes are not MTEF, are cut short or malformed, or
 * hold no visible content.
 */
export function mtefToLatex(bytes: Uint8Array): string | null {
  try {
    const equation = parseMtef(bytes);
    const latex = new Converter(equation.version).items(equation.items).replace(/\s+/g, ' ').trim();
    return latex === '' ? null : latex;
  } catch (error) {
    if (error instanceof MtefError || error instanceof RangeError) return null;
    throw error;
  }
}

// Typefaces (MTEF "fn" styles); negative ones are explicit fonts, treated as math.
const TEXT = 1,
  FUNCTION = 2,
  LC_GREEK = 4,
  UC_GREEK = 5,
  SYMBOL = 6,
  VECTOR = 7,
  TEXT_FE = 12,
  SPACE = 24;
/** Space-style characters by their low byte (0xEF0x in v5, 0xEB0x in v3): zero-width, thin, thick, normal, em, 2 em… */
const SPACES = ['', '', '\\,', '\\;', '\\ ', '\\quad ', '\\qquad ', '\\,', '\\,'];

/** One item of a row: its LaTeX and what already hangs off it, so a second script or a prime gets a fresh group. */
type Atom = { latex: string; sub?: boolean; sup?: boolean };

// Embellishments (EMBELL records): accents over or under a character, primes after it.
const PRIMES: Record<number, string> = { 5: "'", 6: "''", 18: "'''" };
const EMBELLISHMENTS: Record<number, string> = {
  2: '\\dot',
  3: '\\ddot',
  4: '\\dddot',
  8: '\\tilde',
  9: '\\hat',
  11: '\\vec',
  12: '\\overleftarrow',
  13: '\\overleftrightarrow',
  14: '\\overrightharpoon',
  15: '\\overleftharpoon',
  17: '\\bar',
  19: '\\overset{\\frown}',
  20: '\\overset{\\smile}',
  21: '\\xcancel',
  22: '\\cancel',
  23: '\\bcancel',
  24: '\\ddddot',
  25: '\\underset{.}',
  26: '\\underset{..}',
  27: '\\underset{...}',
  28: '\\underset{....}',
  29: '\\underline',
  30: '\\utilde',
  31: '\\underset{\\frown}',
  32: '\\underset{\\smile}',
  33: '\\underrightarrow',
  34: '\\underleftarrow',
  35: '\\underleftrightarrow',
  36: '\\underrightarrow',
  37: '\\underleftarrow',
};

/** Joins LaTeX pieces, keeping a control word apart from a letter that follows it (\alpha x, not \alphax). */
function join(pieces: string[]): string {
  let out = '';
  for (const piece of pieces) {
    if (piece === '') continue;
    out += /\\[a-zA-Z]+$/.test(out) && /^[a-zA-Z]/.test(piece) ? ` ${piece}` : piece;
  }
  return out;
}

class Converter {
  constructor(private readonly version: number) {}

  /** A row of records: characters grouped into text runs and function names, scripts hung on the item before. */
  items(nodes: MtNode[]): string {
    const atoms: Atom[] = [];
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      if (node.kind === 'char') {
        const run = this.run(nodes, i);
        if (run) {
          atoms.push({ latex: run.latex });
          i = run.end - 1;
        } else {
          const latex = this.char(node);
          if (latex) atoms.push({ latex, sup: latex.endsWith("'") });
        }
      } else if (node.kind === 'tmpl') {
        const rendered = this.template(node.selector, node.variation, node.items);
        if ('script' in rendered) attach(atoms, rendered.script);
        else atoms.push({ latex: rendered.latex });
      } else {
        atoms.push({ latex: this.node(node) });
      }
    }
    return join(atoms.map((atom) => atom.latex));
  }

  /** A run of text-style characters as one \text{…}, or of function-style letters as one function name. */
  private run(nodes: MtNode[], start: number): { latex: string; end: number } | null {
    const first = nodes[start] as MtChar;
    const isText = first.typeface === TEXT || first.typeface === TEXT_FE;
    const isFunction = first.typeface === FUNCTION && /^[a-zA-Z]$/.test(String.fromCharCode(first.code));
    if ((!isText && !isFunction) || first.embellishments.length > 0) return null;
    let end = start;
    let value = '';
    for (; end < nodes.length; end++) {
      const node = nodes[end];
      if (node.kind !== 'char' || node.typeface !== first.typeface || node.embellishments.length > 0 || node.code < 0x20) break;
      if (node.code >= 0xd800 && node.code <= 0xf8ff) break; // private and surrogate codes are symbols, not text
      const char = String.fromCharCode(node.code);
      if (isFunction && !/^[a-zA-Z]$/.test(char)) break;
      value += char;
    }
    if (end === start) return null; // the first character is no text after all (a private symbol): never an empty run
    if (isFunction) return { latex: FUNCTIONS.has(value) ? `\\${value}` : `\\operatorname{${value}}`, end };
    return { latex: value.trim() === '' ? '\\ ' : `\\text{${escapeText(value)}}`, end };
  }

  private char(node: MtChar): string {
    if (node.typeface === SPACE) return SPACES[node.code & 0xff] ?? '\\ ';
    // Equation Editor 3 writes symbol-style characters by their position in the Symbol font.
    const symbolic = node.typeface === LC_GREEK || node.typeface === UC_GREEK || node.typeface === SYMBOL;
    const position = this.version < 5 && symbolic && node.code < 0x100;
    let latex = position ? charToLatex(0xf000 + node.code, true) : charToLatex(node.code, node.fontPosition === true);
    if (node.typeface === VECTOR && latex !== '') latex = /^[a-zA-Z0-9]$/.test(latex) ? `\\mathbf{${latex}}` : `\\boldsymbol{${latex}}`;
    let primes = '';
    for (const embellishment of node.embellishments) {
      if (embellishment in PRIMES) primes += PRIMES[embellishment];
      else if (embellishment === 10) latex = `\\not${/^[a-zA-Z]/.test(latex) ? ' ' : ''}${latex}`;
      else if (embellishment in EMBELLISHMENTS) latex = `${EMBELLISHMENTS[embellishment]}{${latex}}`;
    }
    return latex + primes;
  }

  private slot(node: MtNode | undefined): Slot {
    if (!node) return null;
    if (node.kind === 'line') return node.items ? this.items(node.items) : null;
    return this.node(node);
  }

  private template(selector: number, variation: number, items: MtNode[]) {
    // Slots are the lines (or piles) of the template; a character among them is the template's own symbol.
    const slots = items.filter((item) => item.kind !== 'char').map((item) => this.slot(item));
    const symbol = items.find((item): item is MtChar => item.kind === 'char');
    const operator = symbol ? this.char({ ...symbol, embellishments: [] }) : null;
    return this.version === 5 ? templateV5(selector, variation, slots, operator) : templateV3(selector, variation, slots, operator);
  }

  private node(node: MtNode): string {
    switch (node.kind) {
      case 'line':
        return node.items ? this.items(node.items) : '';
      case 'char':
        return this.char(node);
      case 'tmpl': {
        const rendered = this.template(node.selector, node.variation, node.items);
        return 'script' in rendered ? scriptLatex(rendered.script, '{}') : rendered.latex;
      }
      case 'pile': {
        const align = ['l', 'l', 'c', 'r', 'l', 'r'][node.halign] ?? 'c';
        const lines = node.lines.map((line) => this.slot(line) ?? '');
        return lines.length === 1 ? lines[0] : `\\begin{array}{${align}}${lines.join(' \\\\ ')}\\end{array}`;
      }
      case 'matrix': {
        const cols = Math.max(1, node.cols);
        // Never more rows than the cells can fill: a hostile header must not make a huge empty grid.
        const rows = Math.min(node.rows, Math.ceil(node.cells.length / cols));
        const out: string[] = [];
        for (let r = 0; r < rows; r++) {
          const cells: string[] = [];
          for (let c = 0; c < cols; c++) cells.push(this.slot(node.cells[r * cols + c]) ?? '');
          out.push(cells.join(' & '));
        }
        return `\\begin{matrix}${out.join(' \\\\ ')}\\end{matrix}`;
      }
    }
  }
}

function scriptLatex(script: Script, base: string): string {
  const sub = script.sub !== null && script.sub.trim() !== '' ? `_{${script.sub}}` : '';
  const sup = script.sup !== null && script.sup.trim() !== '' ? `^{${script.sup}}` : '';
  return sub || sup ? `${base}${sub}${sup}` : base;
}

/** Hangs scripts on the last atom of the row (or before the next one, for scripts that precede). */
function attach(atoms: Atom[], script: Script): void {
  const hasSub = script.sub !== null && script.sub.trim() !== '';
  const hasSup = script.sup !== null && script.sup.trim() !== '';
  if (!hasSub && !hasSup) return;
  if (script.pre) {
    atoms.push({ latex: scriptLatex(script, '{}') });
    return;
  }
  let base = atoms.pop() ?? { latex: '{}' };
  // x_1 then _2, or x' then ^2, is a double script in TeX: group the base first.
  if ((hasSub && base.sub) || (hasSup && base.sup)) base = { latex: `{${base.latex}}` };
  atoms.push({ latex: scriptLatex(script, base.latex), sub: hasSub || base.sub, sup: hasSup || base.sup });
}
