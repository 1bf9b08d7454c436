/** Pieces of LaTeX as the parser builds them, and how they are put together. */

/** Thrown for a script we cannot translate faithfully; the translator answers null. */
export class Untranslatable extends Error {}

export interface Item {
  /** The nucleus; for a group, its content without the braces. */
  latex: string;
  /** operator: takes `from`/`to` limits; group: braced when scripted; switch: \rm and the like; space: `~`. */
  kind: 'atom' | 'operator' | 'group' | 'switch' | 'space';
  sub?: string;
  sup?: string;
}

export const atom = (latex: string): Item => ({ latex, kind: 'atom' });
export const empty = (): Item => atom('');

/** A font switch inside a group must keep its braces, or it would reach past the group. */
const SWITCH = /\\(?:rm|it|bf)(?![A-Za-z])/;

export function render(item: Item): string {
  const scripted = item.sub !== undefined || item.sup !== undefined;
  let base = item.latex;
  if (item.kind === 'group' && (scripted || SWITCH.test(base))) base = `{${base}}`;
  if (!scripted) return base;
  // A prime is itself a superscript: `f'_{1}` would clash with a second one.
  if (base.endsWith("'")) base = `{${base}}`;
  return (base || '{}') + (item.sub !== undefined ? `_{${item.sub}}` : '') + (item.sup !== undefined ? `^{${item.sup}}` : '');
}

/** What goes between a command's braces: a bare group needs no second pair. */
export const arg = (item: Item): string => (item.kind === 'group' && item.sub === undefined && item.sup === undefined ? item.latex : render(item));

/** Concatenates, with a space only where a control word would otherwise swallow the next letter. */
export function join(parts: string[]): string {
  let out = '';
  for (const part of parts) {
    if (!part) continue;
    if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z0-9]/.test(part)) out += ' ';
    out += part;
  }
  return out;
}

/** `x _{i}` then `^{2}` on the last item; a second script of the same kind scripts the whole. */
export function attach(items: Item[], slot: 'sub' | 'sup', script: string): void {
  let last = items[items.length - 1];
  if (!last || last.kind === 'space' || last.kind === 'switch') {
    last = empty();
    items.push(last);
  }
  if (last[slot] !== undefined) {
    last = { latex: render(items.pop() as Item), kind: 'group' };
    items.push(last);
  }
  last[slot] = script;
}

/** Hancom's degree sign: a superscript circle on what precedes it. */
export function degree(items: Item[]): void {
  const last = items[items.length - 1];
  if (last && last.kind !== 'space' && last.kind !== 'switch' && last.sup === undefined) last.sup = '\\circ';
  else items.push({ latex: '{}^{\\circ}', kind: 'group' });
}

/** A prime: `f'`, and `x_{1}^{\prime}` where a subscript is in the way. */
export function prime(items: Item[]): void {
  const last = items[items.length - 1];
  if (!last || !last.latex || last.kind === 'space' || last.kind === 'switch' || last.sup !== undefined) {
    items.push({ latex: "{}'", kind: 'group' });
  } else if (last.sub !== undefined) {
    last.sup = '\\prime';
  } else {
    last.latex = last.kind === 'group' ? `{${last.latex}}'` : `${last.latex}'`;
    last.kind = 'atom';
  }
}

/** Rows of rendered cells, without the empty row a trailing `#` leaves. */
function trimmed(rows: string[][]): string[][] {
  const out = [...rows];
  while (out.length > 1 && out[out.length - 1].every((cell) => !cell)) out.pop();
  return out;
}

function body(rows: string[][]): string {
  // `\\[` would read the bracket as the row's spacing.
  return rows.map((cells) => cells.join(' & ').trim().replace(/^\[/, '{}[')).join(' \\\\ ');
}

/** A `{…}`, a LEFT…RIGHT or the whole script: one line as it is, lines (`#`) stacked and aligned at `&`. */
export function block(rows: string[][]): string {
  const lines = trimmed(rows);
  if (lines.length === 1) return join(lines[0]);
  if (lines.some((cells) => cells.length > 1)) return `\\begin{aligned}${body(lines)}\\end{aligned}`;
  return `\\begin{array}{l}${body(lines)}\\end{array}`;
}

/** matrix, cases, pile and eqalign (as named in words.ts ENVIRONMENTS). */
export function environment(name: string, rows: string[][]): string {
  const lines = trimmed(rows);
  if (name.startsWith('pile:')) {
    if (lines.some((cells) => cells.length > 1)) return `\\begin{aligned}${body(lines)}\\end{aligned}`;
    return `\\begin{array}{${name.slice(5)}}${body(lines)}\\end{array}`;
  }
  return `\\begin{${name}}${body(lines)}\\end{${name}}`;
}

const TEXT_ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '%': '\\%',
  '#': '\\#',
  '&': '\\&',
  _: '\\_',
  '^': '\\textasciicircum{}',
  '~': '\\textasciitilde{}',
};

export const text = (value: string): string => (value ? `\\text{${value.replace(/[\\{}$%#&_^~]/g, (ch) => TEXT_ESCAPES[ch])}}` : '');
