import katex from 'katex';
import { hwpEquationToLatex } from './equation';

/** The LaTeX for a script, checked to render in KaTeX (throws otherwise). */
function latex(script: string): string | null {
  const out = hwpEquationToLatex(script);
  if (out !== null) katex.renderToString(out, { throwOnError: true });
  return out;
}

// Scripts as Hangul's equation editor writes them in Korean high-school exam papers, with the LaTeX we expect.
const FRACTIONS_AND_ROOTS: [string, string][] = [
  ['{1} over {2}', '\\frac{1}{2}'],
  ['{1} over {2} + {1} over {3} = {5} over {6}', '\\frac{1}{2}+\\frac{1}{3}=\\frac{5}{6}'],
  ['{x+1} over {x-1}', '\\frac{x+1}{x-1}'],
  ['a+b over c', 'a+\\frac{b}{c}'],
  ['2x over 3', '\\frac{2x}{3}'],
  ['x^2 over 2', '\\frac{x^{2}}{2}'],
  ['1 over x^2', '\\frac{1}{x^{2}}'],
  ['- {3} over {4}', '-\\frac{3}{4}'],
  ['2 {1} over {3}', '2\\frac{1}{3}'],
  ['{ {1} over {2} } over { {3} over {4} }', '\\frac{\\frac{1}{2}}{\\frac{3}{4}}'],
  ['1 over {1+ {1} over {x}}', '\\frac{1}{1+\\frac{1}{x}}'],
  ['a over b over c', '\\frac{\\frac{a}{b}}{c}'],
  ['{a} atop {b}', '\\genfrac{}{}{0pt}{}{a}{b}'],
  ['n choose r', '\\binom{n}{r}'],
  ['sqrt {2} + sqrt {8} = 3 sqrt {2}', '\\sqrt{2}+\\sqrt{8}=3\\sqrt{2}'],
  ['2sqrt{3}', '2\\sqrt{3}'],
  ['sqrt {{x+1} over {x-1}}', '\\sqrt{\\frac{x+1}{x-1}}'],
  ['root {3} of {27} = 3', '\\sqrt[3]{27}=3'],
  // Hancom writes the index with sqrt too (the 2025 수능 paper): "sqrt {3} of {5}" is the cube root of 5.
  ['sqrt {3} of {5} times 25', '\\sqrt[3]{5}\\times 25'],
  ['root {n} of {a ^{m}} = a ^{{m} over {n}}', '\\sqrt[n]{a^{m}}=a^{\\frac{m}{n}}'],
  ['SQRT {x} OVER 2', '\\frac{\\sqrt{x}}{2}'],
];

const SCRIPTS_AND_OPERATORS: [string, string][] = [
  ['x ^{2} -5x+6=0', 'x^{2}-5x+6=0'],
  ['x_1 + x_2 = - {b} over {a}', 'x_{1}+x_{2}=-\\frac{b}{a}'],
  ['a _{n} = a _{1} r ^{n-1}', 'a_{n}=a_{1}r^{n-1}'],
  ['x_i^2', 'x_{i}^{2}'],
  ['x sup 2 sub i', 'x_{i}^{2}'],
  ['x ^{2} ^{3}', '{x^{2}}^{3}'],
  ['e^-x', 'e^{-x}'],
  ['e ^{i pi} +1=0', 'e^{i\\pi}+1=0'],
  ['{}_{n} C _{r} = {n!} over {r!(n-r)!}', '{}_{n}C_{r}=\\frac{n!}{r!(n-r)!}'],
  ['_{5} P _{2} = 20', '{}_{5}P_{2}=20'],
  ['S _{n} = sum _{k=1} ^{n} a _{k}', 'S_{n}=\\sum_{k=1}^{n}a_{k}'],
  ['sum _{k=1} ^{n} k = {n(n+1)} over {2}', '\\sum_{k=1}^{n}k=\\frac{n(n+1)}{2}'],
  ['sum from {k=1} to {10} (2k-1)', '\\sum_{k=1}^{10}(2k-1)'],
  ['prod _{k=1} ^{n} k = n!', '\\prod_{k=1}^{n}k=n!'],
  ['int _{0} ^{2} (3x ^{2} -2x+1)dx', '\\int_{0}^{2}(3x^{2}-2x+1)dx'],
  ['INT _{1} ^{e} {ln x} over {x} dx', '\\int_{1}^{e}\\frac{\\ln x}{x}dx'],
  ['oint _{C} vec {F} cdot d vec {r}', '\\oint_{C}\\overrightarrow{F}\\cdot d\\overrightarrow{r}'],
  ['lim _{x -> 0} {sin x} over {x} = 1', '\\lim_{x\\to 0}\\frac{\\sin x}{x}=1'],
  ['lim _{n -> inf} LEFT ( 1+ {1} over {n} RIGHT ) ^{n} = e', '\\lim_{n\\to\\infty}\\left(1+\\frac{1}{n}\\right)^{n}=e'],
  ["f'(x) = lim _{h -> 0} {f(x+h)-f(x)} over {h}", "f'(x)=\\lim_{h\\to 0}\\frac{f(x+h)-f(x)}{h}"],
  ['{dy} over {dx} = lim _{DELTA x -> 0} {DELTA y} over {DELTA x}', '\\frac{dy}{dx}=\\lim_{\\Delta x\\to 0}\\frac{\\Delta y}{\\Delta x}'],
  ['f prime (x) = 2x', "f'(x)=2x"],
  ["f''(x)", "f''(x)"],
  ["x_1'", 'x_{1}^{\\prime}'],
];

const BRACKETS_AND_LAYOUTS: [string, string][] = [
  ['LEFT | x-2 RIGHT | <= 3', '\\left|x-2\\right|\\le 3'],
  ['LEFT ( x+1 RIGHT ) LEFT ( x-1 RIGHT ) = x ^{2} -1', '\\left(x+1\\right)\\left(x-1\\right)=x^{2}-1'],
  ['left [ 0, 1 right ]', '\\left[0,1\\right]'],
  ['A = LEFT { x | x ^{2} -3x+2=0 RIGHT }', 'A=\\left\\{x|x^{2}-3x+2=0\\right\\}'],
  ['LEFT . {dy} over {dx} RIGHT |_{x=1}', '\\left.\\frac{dy}{dx}\\right|_{x=1}'],
  ['LEFT langle a RIGHT rangle', '\\left\\langle a\\right\\rangle'],
  ['LEFT { matrix{2x+y=5 # x-y=1} RIGHT .', '\\left\\{\\begin{matrix}2x+y=5 \\\\ x-y=1\\end{matrix}\\right.'],
  ['f(x) = cases{x ^{2} & (x >= 0) # -x & (x<0)}', 'f(x)=\\begin{cases}x^{2} & (x\\ge 0) \\\\ -x & (x<0)\\end{cases}'],
  ['pmatrix{1 & 2 # 3 & 4} pmatrix{x # y}', '\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}\\begin{pmatrix}x \\\\ y\\end{pmatrix}'],
  ['A = bmatrix{a & b # c & d}', 'A=\\begin{bmatrix}a & b \\\\ c & d\\end{bmatrix}'],
  ['dmatrix{a & b # c & d} = ad-bc', '\\begin{vmatrix}a & b \\\\ c & d\\end{vmatrix}=ad-bc'],
  ['MATRIX{1 & 0 # 0 & 1}', '\\begin{matrix}1 & 0 \\\\ 0 & 1\\end{matrix}'],
  ['LEFT { pile{x+y=3 # x-y=1} RIGHT .', '\\left\\{\\begin{array}{c}x+y=3 \\\\ x-y=1\\end{array}\\right.'],
  ['lpile{x+y=3 # 2x-y=0}', '\\begin{array}{l}x+y=3 \\\\ 2x-y=0\\end{array}'],
  ['rpile{a # bc}', '\\begin{array}{r}a \\\\ bc\\end{array}'],
  ['eqalign{f(x) &= x ^{2} -2x # &= (x-1) ^{2} -1}', '\\begin{aligned}f(x) & =x^{2}-2x \\\\ & =(x-1)^{2}-1\\end{aligned}'],
  ['x=1 # y=2', '\\begin{array}{l}x=1 \\\\ y=2\\end{array}'],
  ['matrix{[a] & b # [c] & d}', '\\begin{matrix}{}[a] & b \\\\ {}[c] & d\\end{matrix}'],
  ['BIGG ( {1} over {2} BIGG )', '(\\frac{1}{2})'],
];

const TRIG_LOGS_SETS: [string, string][] = [
  ['sin ^{2} theta + cos ^{2} theta = 1', '\\sin^{2}\\theta+\\cos^{2}\\theta=1'],
  ['tan theta = {sin theta} over {cos theta}', '\\tan\\theta=\\frac{\\sin\\theta}{\\cos\\theta}'],
  ['sin (alpha + beta ) = sin alpha cos beta + cos alpha sin beta', '\\sin(\\alpha+\\beta)=\\sin\\alpha\\cos\\beta+\\cos\\alpha\\sin\\beta'],
  ['sin2x', '\\sin 2x'],
  ['log _{2} 8 = 3', '\\log_{2}8=3'],
  ['log _{a} xy = log _{a} x + log _{a} y', '\\log_{a}xy=\\log_{a}x+\\log_{a}y'],
  ['ln e ^{x} = x', '\\ln e^{x}=x'],
  ['A cap B = emptyset', 'A\\cap B=\\emptyset'],
  ['A cup B = LEFT { 1,2,3 RIGHT }', 'A\\cup B=\\left\\{1,2,3\\right\\}'],
  ['rm P(A SMALLINTER B)=P(A) SMALLUNION P(B)', '\\rm P(A\\cap B)=P(A)\\cup P(B)'],
  ['1`rmmol', '1\\,\\rm mol'],
  ['rmX LEFT ( itaq RIGHT )', '\\rm X\\left(\\it aq\\right)'],
  ['a in A, b notin A', 'a\\in A,b\\notin A'],
  ['A subset B, B subseteq C', 'A\\subset B,B\\subseteq C'],
  ['P(B|A) = {P(A cap B)} over {P(A)}', 'P(B|A)=\\frac{P(A\\cap B)}{P(A)}'],
  ['forall x, ~exist y', '\\forall x,~\\exists y'],
];

const GEOMETRY_AND_SYMBOLS: [string, string][] = [
  [
    'vec {AB} cdot vec {AC} = LEFT | vec {AB} RIGHT | LEFT | vec {AC} RIGHT | cos theta',
    '\\overrightarrow{AB}\\cdot\\overrightarrow{AC}=\\left|\\overrightarrow{AB}\\right|\\left|\\overrightarrow{AC}\\right|\\cos\\theta',
  ],
  ['bar {AB} = 5', '\\overline{AB}=5'],
  ['angle ABC = 60 deg', '\\angle ABC=60^{\\circ}'],
  ['30 DEG', '30^{\\circ}'],
  ['90°', '90^{\\circ}'],
  ['triangle ABC == triangle DEF', '\\triangle ABC\\equiv\\triangle DEF'],
  ['l bot m, ~ l // n', 'l\\bot m,~l\\parallel n'],
  ['AB perp CD, ~l parallel m', 'AB\\perp CD,~l\\parallel m'],
  ['hat {theta}, ~tilde {x}, ~dot {x}, ~ddot {x}', '\\widehat{\\theta},~\\widetilde{x},~\\dot{x},~\\ddot{x}'],
  ['under {AB}, ~overline {CD}', '\\underline{AB},~\\overline{CD}'],
  ['dyad {AB}, ~arch {AB}', '\\overleftrightarrow{AB},~\\overgroup{AB}'],
  ['acute a grave b', '\\acute{a}\\grave{b}'],
  ['therefore ~ x=3', '\\therefore~x=3'],
  ['because ~ a>0', '\\because~a>0'],
  ['x ^{2} >= 0 rarrow x in R', 'x^{2}\\ge 0\\rightarrow x\\in R'],
  ['p RARROW q, ~ q LARROW p, ~ p LRARROW q', 'p\\Rightarrow q,~q\\Leftarrow p,~p\\Leftrightarrow q'],
  ['x larrow y lrarrow z', 'x\\leftarrow y\\leftrightarrow z'],
  ['alpha , beta , gamma , ALPHA , Omega , omega', '\\alpha,\\beta,\\gamma,\\Alpha,\\Omega,\\omega'],
  ['pi r ^{2} ~ PI', '\\pi r^{2}~\\Pi'],
  ['3 times 4 div 2', '3\\times 4\\div 2'],
  ['a le b leq c ge d geq e', 'a\\le b\\le c\\ge d\\ge e'],
  ['a <= b >= c', 'a\\le b\\ge c'],
  ['a ne b, ~ a != b', 'a\\ne b,~a\\ne b'],
  ['-+ 1, ~ +- 2, ~ pm 3, ~ mp 4', '\\mp 1,~\\pm 2,~\\pm 3,~\\mp 4'],
  ['1 cdot 2 cdots n = n!', '1\\cdot 2\\cdots n=n!'],
  ['a _{1} , a _{2} , ldots , a _{n}', 'a_{1},a_{2},\\ldots,a_{n}'],
  ['x -> inf, ~ y -> infinity', 'x\\to\\infty,~y\\to\\infty'],
  ['xy + ABC + f', 'xy+ABC+f'],
];

const TEXT_AND_SPACING: [string, string][] = [
  ['"넓이" = {1} over {2} times "밑변" times "높이"', '\\text{넓이}=\\frac{1}{2}\\times\\text{밑변}\\times\\text{높이}'],
  ['x"의 값"', 'x\\text{의 값}'],
  ['"(단, " a>0 ")"', '\\text{(단, }a>0\\text{)}'],
  ['수열~LEFT { a _{n} RIGHT }의', '\\text{수열}~\\left\\{a_{n}\\right\\}\\text{의}'],
  ['"50% $, #1 & a_b"', '\\text{50\\% \\$, \\#1 \\& a\\_b}'],
  ['rm {km} ~ "/" ~ rm {h}', '\\rm km~\\text{/}~\\rm h'],
  ['{rm AB} CD', '{\\rm AB}CD'],
  // `rm` (or `it`) glued to letters, as papers type a point's name or a unit (`1 rmmol`, `itaq`): the font switch, then the letters.
  ['점 RMP', '\\text{점}\\rm P'],
  ['rmABC', '\\rm ABC'],
  ['rmx + RMend', '\\rm x+\\rm end'],
  ['bold {v} it x', '\\bf v\\it x'],
  // An operator glued to the variable after it (`rmW simZ`, `a timesm`): the operator, then the variable; a longer word stays one.
  ['rmW simZ', '\\rm W\\sim Z'],
  ['rmA SIMC', '\\rm A\\sim C'],
  ['a timesm', 'a\\times m'],
  ['rm simple', '\\rm simple'],
  ['x`=`1', 'x\\,=\\,1'],
  ['f(x)=x ^{3} -3x ^{2} +2 ~ (-1 <= x <= 3)', 'f(x)=x^{3}-3x^{2}+2~(-1\\le x\\le 3)'],
  ['5% ~ $10 ~ a \\ b', '5\\%~\\$10~a\\backslash b'],
  ['color {255,0,0} {x+1}', 'x+1'],
];

const SAMPLES = [...FRACTIONS_AND_ROOTS, ...SCRIPTS_AND_OPERATORS, ...BRACKETS_AND_LAYOUTS, ...TRIG_LOGS_SETS, ...GEOMETRY_AND_SYMBOLS, ...TEXT_AND_SPACING];

describe('hwpEquationToLatex', () => {
  it.each(FRACTIONS_AND_ROOTS)('fractions and roots: %s', (script, expected) => expect(latex(script)).toBe(expected));
  it.each(SCRIPTS_AND_OPERATORS)('scripts, sums, integrals, limits: %s', (script, expected) => expect(latex(script)).toBe(expected));
  it.each(BRACKETS_AND_LAYOUTS)('brackets, matrices, cases, piles: %s', (script, expected) => expect(latex(script)).toBe(expected));
  it.each(TRIG_LOGS_SETS)('trigonometry, logarithms, sets: %s', (script, expected) => expect(latex(script)).toBe(expected));
  it.each(GEOMETRY_AND_SYMBOLS)('geometry and symbols: %s', (script, expected) => expect(latex(script)).toBe(expected));
  it.each(TEXT_AND_SPACING)('text, fonts and spaces: %s', (script, expected) => expect(latex(script)).toBe(expected));

  it('KaTeX renders every translated sample', () => {
    expect(SAMPLES.length).toBeGreaterThanOrEqual(60);
    for (const [script] of SAMPLES) {
      const out = hwpEquationToLatex(script);
      expect(out).not.toBeNull();
      expect(() => katex.renderToString(out as string, { throwOnError: true })).not.toThrow();
    }
  });

  it('reads commands in any case Hancom writes them, but Greek letters by their case', () => {
    expect(latex('SUM _{k=1} ^{n} Sum _{k=1} ^{n}')).toBe('\\sum_{k=1}^{n}\\sum_{k=1}^{n}');
    expect(latex('LEFT ( x Right )')).toBe('\\left(x\\right)');
    expect(latex('Lim _{x -> 1} LIM _{x -> 1}')).toBe('\\lim_{x\\to 1}\\lim_{x\\to 1}');
    expect(latex('alpha Alpha ALPHA')).toBe('\\alpha\\Alpha\\Alpha');
    // Mixed case is no keyword: the letters stay letters.
    expect(latex('aLPHA sQRT')).toBe('aLPHAsQRT');
    // Names an object inherits are no keywords either.
    expect(latex('LEFT constructor RIGHT toString')).toBe('\\left.constructor\\right.toString');
  });

  it('an empty or blank script is empty', () => {
    expect(hwpEquationToLatex('')).toBe('');
    expect(hwpEquationToLatex('  \n\t ')).toBe('');
  });

  it.each([
    ['{a} over {b', 'a brace never closed'],
    ['a} + 1', 'a brace closing nothing'],
    ['{{x} over 2', 'nested braces one short'],
    ['root 3 x', 'root without of'],
    ['matrix a & b', 'matrix without braces'],
    ['cases x', 'cases without braces'],
    ['LONGDIV {12} {3}', 'long division'],
    ['LADDER {a}', 'a ladder'],
  ])('null for what it cannot translate faithfully: %s (%s)', (script) => {
    expect(hwpEquationToLatex(script)).toBeNull();
  });

  it('nesting deeper than the stack is null, not a crash', () => {
    expect(hwpEquationToLatex(`${'{'.repeat(50_000)}x${'}'.repeat(50_000)}`)).toBeNull();
    expect(latex(`${'{'.repeat(50)}x${'}'.repeat(50)}`)).toBe('x');
  });

  it('a LEFT never closed closes at the end, and a RIGHT never opened is its delimiter alone', () => {
    expect(latex('LEFT ( x')).toBe('\\left(x\\right.');
    expect(latex('x RIGHT )')).toBe('x)');
  });

  it('never throws, and whatever it returns KaTeX renders', () => {
    const pieces = ['{x}', '{a+b}', '^', '_', '&', '#', '~', '`', "'", '"가 나"', 'x', '2', 'over', 'atop', 'sqrt', 'root 3 of', 'LEFT', 'RIGHT'];
    pieces.push('(', ')', '[', '|', '.', 'matrix{a&b}', 'cases{1#2}', 'pile{a&b#c}', 'sum', 'from', 'to', 'lim', '->', 'alpha', 'deg', 'prime');
    pieces.push('bar', 'vec', 'rm', 'it', 'color', 'big', 'sin', 'times', '°', '\\', '%', 'choose', 'sup', 'sub', 'lbrace', '<', 'centigrade');
    // A fixed linear congruential sequence: the same scripts every run.
    let seed = 20240601;
    const next = () => (seed = (seed * 1664525 + 1013904223) % 4294967296) / 4294967296;
    let translated = 0;
    for (let n = 0; n < 1500; n++) {
      const script = Array.from({ length: 1 + Math.floor(next() * 16) }, () => pieces[Math.floor(next() * pieces.length)]).join(next() < 0.5 ? ' ' : '');
      const out = hwpEquationToLatex(script);
      if (out === null) continue;
      translated += 1;
      expect(() => katex.renderToString(out, { throwOnError: true })).not.toThrow();
    }
    // Most soups are still readable: a translator answering null to everything would pass the loop above.
    expect(translated).toBeGreaterThan(1000);
  });
});
