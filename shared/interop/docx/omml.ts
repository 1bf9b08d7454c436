import { ACCENTS, DELIMITERS, FUNCTIONS, NARY, SYMBOLS } from '../../parser/omml/symbols';
import { xmlEscape } from '../xml';

/**
 * LaTeX as Word equations (Office MathML): the subset that our OMML reader
 * (shared/parser/omml/ommlToLatex.ts) writes, so a Word export read back gives the same LaTeX:
 * \frac, \sqrt (with a degree), ^ and _, n-ary operators with limits, \left...\right, accents,
 * \overline / \underline, functions, \text and symbols. Anything else stays as its letters.
 */

const fromTable = (table: Record<string, string>) => {
  const out = new Map<string, string>();
  for (const [chr, latex] of Object.entries(table)) if (!out.has(latex.trim())) out.set(latex.trim(), chr);
  return out;
};
const SYMBOL = fromTable(SYMBOLS);
const OPERATOR = fromTable(NARY);
const ACCENT = fromTable(ACCENTS);
const DELIMITER = fromTable(DELIMITERS);

class Reader {
  at = 0;
  constructor(readonly s: string) {}
  peek = () => this.s[this.at];
  done = () => this.at >= this.s.length;
  command(): string {
    const m = /^\\([a-zA-Z]+|.)/.exec(this.s.slice(this.at));
    this.at += m ? m[0].length : 1;
    return m ? `\\${m[1]}` : '\\';
  }
  /** A {group}, or a single token. */
  argument(): string {
    while (this.peek() === ' ') this.at++;
    if (this.peek() !== '{') return this.peek() === '\\' ? this.command() : (this.s[this.at++] ?? '');
    let depth = 0;
    const start = this.at;
    for (; this.at < this.s.length; this.at++) {
      if (this.s[this.at] === '\\') this.at++;
      else if (this.s[this.at] === '{') depth++;
      else if (this.s[this.at] === '}' && --depth === 0) break;
    }
    return this.s.slice(start + 1, this.at++);
  }
  optional(): string | null {
    if (this.peek() !== '[') return null;
    const end = this.s.indexOf(']', this.at);
    const value = this.s.slice(this.at + 1, end);
    this.at = end + 1;
    return value;
  }
}

const run = (text: string, normal = false) =>
  text ? `<m:r>${normal ? '<m:rPr><m:nor/></m:rPr>' : ''}<m:t xml:space="preserve">${xmlEscape(text)}</m:t></m:r>` : '';
const prop = (name: string, value: string) => `<m:${name} m:val="${xmlEscape(value)}"/>`;

/** The OMML of a LaTeX expression (the content of an m:oMath). */
export function latexToOmml(latex: string): string {
  const r = new Reader(latex);
  const items: string[] = [];
  let text = '';
  const flush = () => {
    if (text) items.push(run(text));
    text = '';
  };
  const push = (xml: string) => {
    flush();
    items.push(xml);
  };
  while (!r.done()) {
    const c = r.peek();
    if (c === '^' || c === '_') {
      r.at++;
      // A script applies to the last item: the last character of a run, or the last structure.
      let base: string;
      if (text) {
        const chars = [...text];
        base = run(chars.pop()!);
        text = chars.join('');
        flush();
      } else base = items.pop() ?? '';
      const first = latexToOmml(r.argument());
      if (c === '_' && r.peek() === '^') {
        r.at++;
        items.push(`<m:sSubSup><m:e>${base}</m:e><m:sub>${first}</m:sub><m:sup>${latexToOmml(r.argument())}</m:sup></m:sSubSup>`);
      } else
        items.push(c === '^' ? `<m:sSup><m:e>${base}</m:e><m:sup>${first}</m:sup></m:sSup>` : `<m:sSub><m:e>${base}</m:e><m:sub>${first}</m:sub></m:sSub>`);
      continue;
    }
    if (c === '{') {
      push(latexToOmml(r.argument()));
      continue;
    }
    if (c !== '\\') {
      text += c === ' ' ? '' : c;
      r.at++;
      continue;
    }
    const cmd = r.command();
    const name = cmd.slice(1);
    if (cmd === '\\frac') push(`<m:f><m:num>${latexToOmml(r.argument())}</m:num><m:den>${latexToOmml(r.argument())}</m:den></m:f>`);
    else if (cmd === '\\sqrt') {
      const degree = r.optional();
      const body = latexToOmml(r.argument());
      push(
        degree === null
          ? `<m:rad><m:radPr>${prop('degHide', '1')}</m:radPr><m:deg/><m:e>${body}</m:e></m:rad>`
          : `<m:rad><m:deg>${latexToOmml(degree)}</m:deg><m:e>${body}</m:e></m:rad>`,
      );
    } else if (OPERATOR.has(cmd)) {
      const limits = r.s.startsWith('\\limits', r.at) ? ((r.at += 7), prop('limLoc', 'undOvr')) : '';
      let sub = '';
      let sup = '';
      for (let k = 0; k < 2; k++) {
        if (r.peek() === '_') {
          r.at++;
          sub = latexToOmml(r.argument());
        } else if (r.peek() === '^') {
          r.at++;
          sup = latexToOmml(r.argument());
        }
      }
      push(
        `<m:nary><m:naryPr>${prop('chr', OPERATOR.get(cmd)!)}${limits}${sub ? '' : prop('subHide', '1')}${sup ? '' : prop('supHide', '1')}</m:naryPr><m:sub>${sub}</m:sub><m:sup>${sup}</m:sup><m:e>${latexToOmml(r.argument())}</m:e></m:nary>`,
      );
    } else if (cmd === '\\left') push(delimited(r));
    else if (cmd === '\\text')
      push(
        run(
          r
            .argument()
            .replace(/\\textbackslash\{\}/g, '\\')
            .replace(/\\([{}$%#&_])/g, '$1'),
          true,
        ),
      );
    else if (cmd === '\\overline' || cmd === '\\underline')
      push(`<m:bar><m:barPr>${prop('pos', cmd === '\\overline' ? 'top' : 'bot')}</m:barPr><m:e>${latexToOmml(r.argument())}</m:e></m:bar>`);
    else if (ACCENT.has(cmd)) push(`<m:acc><m:accPr>${prop('chr', ACCENT.get(cmd)!)}</m:accPr><m:e>${latexToOmml(r.argument())}</m:e></m:acc>`);
    else if (FUNCTIONS.has(name)) {
      while (r.peek() === ' ') r.at++;
      // `\sin {x}` is the reader's m:func; a bare `\sin` a run of its name.
      if (r.peek() === '{') push(`<m:func><m:fName>${run(name)}</m:fName><m:e>${latexToOmml(r.argument())}</m:e></m:func>`);
      else push(run(name));
    } else if (SYMBOL.has(cmd)) text += SYMBOL.get(cmd)!;
    else text += cmd; // a command we do not know: its letters, for the reader to see
  }
  flush();
  return items.join('');
}

function delimited(r: Reader): string {
  const token = () => (r.peek() === '\\' ? r.command() : (r.s[r.at++] ?? ''));
  const open = token();
  const parts: string[] = [];
  let depth = 0;
  let start = r.at;
  let close = ')';
  for (; r.at < r.s.length; r.at++) {
    if (r.s.startsWith('\\left', r.at)) depth++;
    else if (r.s.startsWith('\\middle|', r.at) && depth === 0) {
      parts.push(r.s.slice(start, r.at));
      r.at += 7;
      start = r.at + 1;
    } else if (r.s.startsWith('\\right', r.at) && depth-- === 0) {
      parts.push(r.s.slice(start, r.at));
      r.at += 6;
      close = token();
      break;
    }
  }
  const chr = (d: string) => DELIMITER.get(d) ?? d;
  return `<m:d><m:dPr>${prop('begChr', chr(open))}${prop('endChr', chr(close))}</m:dPr>${parts.map((p) => `<m:e>${latexToOmml(p.trim())}</m:e>`).join('')}</m:d>`;
}
