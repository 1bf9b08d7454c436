import katex from 'katex';
import { mtefToLatex } from './mtef';
import { FN, mtefWriter } from './testing';

const v5 = mtefWriter(5);
const v3 = mtefWriter(3);
const { char, line, empty, tmpl, pile, matrix } = v5;

/** The LaTeX of a v5 equation whose single line holds `items`, checked to render in KaTeX. */
function latex(...items: number[][]): string | null {
  return rendered(mtefToLatex(v5.equation(line(...items))));
}

function rendered(out: string | null): string | null {
  if (out !== null) katex.renderToString(out, { throwOnError: true, strict: 'ignore' });
  return out;
}

describe('mtefToLatex (MTEF v5)', () => {
  it('characters: variables, numbers, operators, Greek and symbols', () => {
    expect(latex(char('2x+3'), char('=', FN.SYMBOL), char('y'))).toBe('2x+3=y');
    expect(latex(char('αβ', FN.LC_GREEK), char('Δ', FN.UC_GREEK))).toBe('\\alpha\\beta\\Delta');
    expect(latex(char('a'), char('≤≥≠±×÷→∞', FN.SYMBOL), char('b'))).toBe('a\\le\\ge\\ne\\pm\\times\\div\\to\\infty b');
    expect(latex(char('x'), char('∈∉⊂∪∩', FN.SYMBOL), char('A'))).toBe('x\\in\\notin\\subset\\cup\\cap A');
    expect(latex(char('\u2212', FN.SYMBOL), char('1'))).toBe('-1');
  });

  it("MathType's private codes: spaces, double-struck letters", () => {
    expect(latex(char('a'), char('\uef04', FN.SPACE), char('b'), char('\uef02', FN.SPACE), char('c'))).toBe('a\\ b\\,c');
    expect(latex(char('x'), char('∈', FN.SYMBOL), char('\uf091', FN.MTEXTRA))).toBe('x\\in\\mathbb{R}');
  });

  it('fractions, slashed fractions, roots', () => {
    expect(latex(tmpl(11, 0, line(char('a')), line(char('b'))))).toBe('\\frac{a}{b}');
    expect(latex(tmpl(11, 2, line(char('1')), line(char('2'))))).toBe('{1}/{2}');
    expect(latex(tmpl(10, 0, line(char('x')), empty()))).toBe('\\sqrt{x}');
    expect(latex(tmpl(10, 1, line(char('x')), line(char('3'))))).toBe('\\sqrt[3]{x}');
  });

  it('scripts hang on the item before; a second script or a prime gets a group', () => {
    expect(latex(char('x'), tmpl(28, 0, empty(), line(char('2'))))).toBe('x^{2}');
    expect(latex(char('x'), tmpl(27, 0, line(char('i')), empty()))).toBe('x_{i}');
    expect(latex(char('x'), tmpl(29, 0, line(char('i')), line(char('2'))))).toBe('x_{i}^{2}');
    expect(latex(char('f', FN.VARIABLE, [5]), tmpl(28, 0, empty(), line(char('2'))))).toBe("{f'}^{2}");
    expect(latex(tmpl(29, 1, line(char('6')), line(char('14'))), char('C'))).toBe('{}_{6}^{14}C');
    expect(latex(tmpl(28, 0, empty(), line(char('2'))))).toBe('{}^{2}');
  });

  it('big operators take main, lower, upper slots; the variation names the integral', () => {
    const sum = tmpl(16, 0x70, line(char('i')), line(char('i=1')), line(char('n')), char('∑', FN.EXPAND));
    expect(latex(sum)).toBe('\\sum_{i=1}^{n}{i}');
    const integral = tmpl(15, 0x31, line(char('x'), char('d', FN.FUNCTION), char('x')), line(char('0')), line(char('1')), char('∫', FN.EXPAND));
    expect(latex(integral)).toBe('\\int_{0}^{1}{x\\operatorname{d}x}');
    expect(latex(tmpl(15, 0x02, line(char('f')), empty(), empty(), char('∬', FN.EXPAND)))).toBe('\\iint{f}');
    expect(latex(tmpl(15, 0x05, line(char('F')), empty(), empty()))).toBe('\\oint{F}');
    expect(latex(tmpl(19, 0x10, line(char('A')), line(char('i')), empty()))).toBe('\\bigcup_{i}{A}');
  });

  it('functions and limits', () => {
    expect(latex(char('sin', FN.FUNCTION), char('x'))).toBe('\\sin x');
    const lim = tmpl(23, 0x10, line(char('lim', FN.FUNCTION)), line(char('x'), char('→', FN.SYMBOL), char('0')), empty());
    expect(latex(lim, char('f'))).toBe('\\lim_{x\\to0}f');
    expect(latex(char('sh', FN.FUNCTION), char('t'))).toBe('\\operatorname{sh}t');
  });

  it('fences: both sides, one side, intervals; a lone brace around a pile is a system', () => {
    expect(latex(tmpl(1, 3, line(char('a+b')), char('(', FN.EXPAND), char(')', FN.EXPAND)))).toBe('\\left( a+b \\right)');
    expect(latex(tmpl(3, 3, line(char('x'))))).toBe('\\left[ x \\right]');
    expect(latex(tmpl(4, 3, line(char('x'))))).toBe('\\left| x \\right|');
    expect(latex(tmpl(0, 3, line(char('x'))))).toBe('\\left\\langle x \\right\\rangle');
    expect(latex(tmpl(9, 0x12, line(char('0;1'))))).toBe('\\left[ 0;1 \\right)');
    const system = tmpl(2, 1, line(pile(1, line(char('x+y=1')), line(char('x-y=0')))));
    expect(latex(system)).toBe('\\begin{cases}x+y=1 \\\\ x-y=0\\end{cases}');
    const either = tmpl(3, 1, line(pile(1, line(char('x=1')), line(char('x=2')))));
    expect(latex(either)).toBe('\\left[ \\begin{array}{l}x=1 \\\\ x=2\\end{array} \\right.');
  });

  it('matrices', () => {
    const m = matrix(2, 2, line(char('1')), line(char('0')), line(char('0')), line(char('1')));
    expect(latex(tmpl(1, 3, line(m)))).toBe('\\left( \\begin{matrix}1 & 0 \\\\ 0 & 1\\end{matrix} \\right)');
  });

  it('accents, bars, arrows and embellishments', () => {
    expect(latex(tmpl(13, 0, line(char('AB'))))).toBe('\\overline{AB}');
    expect(latex(tmpl(31, 2, line(char('AB'))))).toBe('\\overrightarrow{AB}');
    expect(latex(tmpl(31, 2, line(char('v'))))).toBe('\\vec{v}');
    expect(latex(tmpl(33, 0, line(char('x'))))).toBe('\\hat{x}');
    expect(latex(tmpl(34, 0, line(char('AB'))))).toBe('\\overset{\\frown}{AB}');
    expect(latex(char('x', FN.VARIABLE, [2]), char('y', FN.VARIABLE, [6]), char('z', FN.VARIABLE, [17]))).toBe("\\dot{x}y''\\bar{z}");
    expect(latex(char('A'), tmpl(14, 0x24, line(char('t')), empty()), char('B'))).toBe('A\\xrightarrow{t}B');
    expect(latex(tmpl(37, 0, line(char('E'))))).toBe('\\boxed{E}');
  });

  it('text-style runs become \\text, escaped', () => {
    expect(latex(char('x'), char('=', FN.SYMBOL), char('2'), char(' cm & 5%', FN.TEXT))).toBe('x=2\\text{ cm \\& 5\\%}');
    expect(latex(char('và', FN.TEXT), char('x'))).toBe('\\text{và}x');
  });

  it('a multi-line pile', () => {
    expect(rendered(mtefToLatex(v5.equation(pile(2, line(char('a')), line(char('b'))))))).toBe('\\begin{array}{c}a \\\\ b\\end{array}');
  });
});

describe('mtefToLatex (MTEF v3, Equation Editor 3.0)', () => {
  const eq = (...items: number[][]) => rendered(mtefToLatex(v3.equation(v3.line(...items))));

  it('reads nibble tags, Symbol-font Greek positions and v3 template numbers', () => {
    const fraction = v3.tmpl(14, 0, v3.line(v3.char('a')), v3.line(v3.char('b')));
    expect(eq(v3.char('x'), v3.char('=', FN.SYMBOL), fraction)).toBe('x=\\frac{a}{b}');
    expect(eq(v3.char('p', FN.LC_GREEK), v3.char('r'), v3.tmpl(15, 0, v3.empty(), v3.line(v3.char('2'))))).toBe('\\pi r^{2}');
    expect(eq(v3.tmpl(13, 1, v3.line(v3.char('8')), v3.line(v3.char('3'))))).toBe('\\sqrt[3]{8}');
    const sum = v3.tmpl(29, 1, v3.line(v3.char('k')), v3.line(v3.char('k=1')), v3.line(v3.char('n')), v3.char('∑', FN.SYMBOL));
    expect(eq(sum)).toBe('\\sum_{k=1}^{n}{k}');
    expect(eq(v3.tmpl(1, 0, v3.line(v3.char('x'))))).toBe('\\left( x \\right)');
    expect(eq(v3.char('x', FN.VARIABLE, [9]), v3.char('y', FN.VARIABLE, [5]))).toBe("\\hat{x}y'");
  });
});

describe('mtefToLatex on bad input', () => {
  it('returns null for empty, unknown versions, truncation and garbage', () => {
    const good = v5.equation(line(tmpl(11, 0, line(char('a')), line(char('b')))));
    expect(mtefToLatex(new Uint8Array(0))).toBeNull();
    expect(mtefToLatex(Uint8Array.from([9, 1, 2, 3]))).toBeNull();
    for (let cut = 1; cut < good.length - 4; cut++) expect(mtefToLatex(good.subarray(0, cut))).toBeNull();
    expect(mtefToLatex(Uint8Array.from([5, 1, 0, 6, 9, 0, 0, 1, 0, 77, 77, 77, 77]))).toBeNull();
  });

  it('stops on absurd nesting and on floods of records', () => {
    const deep: number[] = [];
    for (let i = 0; i < 10_000; i++) deep.push(1, 0); // LINE inside LINE inside LINE…
    expect(mtefToLatex(Uint8Array.from([5, 1, 0, 6, 9, 0, 0, ...deep]))).toBeNull();
    const flood = new Uint8Array(2_000_000).fill(10); // two million SIZE records, no END
    flood.set([5, 1, 0, 6, 9, 0, 0]);
    const started = Date.now();
    expect(mtefToLatex(flood)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a text-style private symbol does not stall the text run (found by fuzzing)', () => {
    expect(latex(char('I', FN.TEXT), char('\uf049', FN.TEXT), char('x'))).toBe('\\text{I}x');
  });

  it('never throws on single-byte corruptions of a real stream', () => {
    const good = v5.equation(line(char('x'), tmpl(29, 0, line(char('i')), line(char('2'))), tmpl(1, 3, line(tmpl(11, 0, line(char('a')), line(char('b')))))));
    for (let at = 0; at < good.length; at++) {
      for (const value of [0, 1, 2, 3, 0x7f, 0x80, 0xff]) {
        const bad = good.slice();
        bad[at] = value;
        expect(() => mtefToLatex(bad)).not.toThrow();
      }
    }
  });

  it('a matrix header claiming 255 × 255 cells yields only the cells present', () => {
    const out = latex(matrix(255, 255, line(char('1'))))!;
    expect(out.startsWith('\\begin{matrix}1 & ')).toBe(true);
    expect(out.length).toBeLessThan(2000);
  });
});
