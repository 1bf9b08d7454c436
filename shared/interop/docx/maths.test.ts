/**
 * @jest-environment node
 */
import { DOMParser } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import katex from 'katex';
import { decodeEntities } from '../html';
import { importFile } from '../index';
import { formulas } from '../math';
import type { InteropSection } from '../model';
import { exportDocx } from './export';
import { latexToOmml } from './omml';

/**
 * Maths into Word and back (issue 29): each formula goes into a question, out through the real
 * .docx export (LaTeX -> OMML), and back through our Word parser (OMML -> LaTeX). What comes back
 * is compared as maths: both LaTeX strings rendered by KaTeX to MathML, the MathML then stripped of
 * what does not change the maths (the LaTeX annotation, spacing: mspace, blank mtext, lspace/rspace,
 * and grouping: an mrow in a row is its children, an mrow of one child that child; an mrow as a
 * script's base or a fraction's part stays). A formula Word or our reader cannot hold exactly comes
 * back as an equivalent form, written here with the reason, and compared with that.
 */

const FIXED_ARITY = new Set(['msup', 'msub', 'msubsup', 'mfrac', 'mroot', 'munder', 'mover', 'munderover', 'mmultiscripts']);
const BLANK = /^[\s\u200b\u2060-\u2064]*$/;

/** KaTeX's MathML of a formula, as maths (see above). */
function maths(latex: string): string {
  const html = katex.renderToString(latex, { output: 'mathml', throwOnError: true, strict: 'ignore' });
  const xml = html
    .replace(/^<span class="katex">|<\/span>$/g, '')
    .replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, '')
    .replace(/ xmlns="[^"]*"/, '');
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement as unknown as Element;
  const visit = (el: Element, inFixed: boolean): string[] => {
    const name = el.localName;
    const text = (el.textContent ?? '').trim();
    if (name === 'mspace' || (name === 'mtext' && BLANK.test(text))) return [];
    const attributes = Array.from(el.attributes)
      .filter((a) => a.name !== 'lspace' && a.name !== 'rspace')
      .map((a) => ` ${a.name}="${a.value}"`)
      .sort()
      .join('');
    const kids = Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1);
    if (!kids.length) return [`<${name}${attributes}>${text}</${name}>`];
    const inner = kids.flatMap((k) => visit(k, FIXED_ARITY.has(name)));
    if (name === 'mrow' && (!inFixed || inner.length === 1)) return inner;
    return [`<${name}${attributes}>${inner.join('')}</${name}>`];
  };
  return visit(root, false).join('');
}

interface Sample {
  latex: string;
  /** What comes back when it cannot be the same, and why. */
  equivalent?: string;
  why?: string;
}

const SAMPLES: Sample[] = [
  // The formula: the integral's body is x^2\,dx, the thin space a space.
  { latex: '\\int_0^1 x^2\\,dx' },
  { latex: '\\frac{a}{b}' },
  { latex: '\\frac{1}{1+\\frac{1}{1+\\frac{1}{x}}}' },
  { latex: '\\sqrt{x^2+1}+\\sqrt[3]{8}' },
  { latex: 'x_i^2 + a_{n+1} = 2a_n' },
  { latex: '\\sum_{i=1}^{n} i^2 = \\frac{n(n+1)(2n+1)}{6}' },
  { latex: '\\sum_{i=1}^{n}\\sum_{j=1}^{m} a_{ij} = S' },
  { latex: '\\int_{-\\infty}^{\\infty} e^{-x^2}\\,dx=\\sqrt{\\pi}' },
  { latex: '\\int_0^1 f(x)\\,dx + \\int_1^2 g(x)\\,dx' },
  { latex: '\\oint_C \\vec{F}\\cdot d\\vec{r}' },
  { latex: '\\prod_{k=1}^{n} k = n!' },
  { latex: '\\lim_{x\\to 0}\\frac{\\sin x}{x}=1' },
  { latex: '\\lim_{n\\to\\infty}\\left(1+\\frac{1}{n}\\right)^n=e' },
  { latex: '\\begin{pmatrix}a&b\\\\c&d\\end{pmatrix}' },
  { latex: '\\begin{bmatrix}1&0&0\\\\0&1&0\\\\0&0&1\\end{bmatrix}' },
  { latex: '\\det\\begin{vmatrix}a&b\\\\c&d\\end{vmatrix}=ad-bc' },
  { latex: '\\hat{x}+\\bar{y}+\\vec{v}+\\dot{x}+\\tilde{n}+\\overline{AB}' },
  { latex: 'a\\,b\\;c\\:d\\!e\\quad f\\qquad g' },
  { latex: 'v=\\frac{d}{t}\\text{ where } t>0' },
  { latex: '\\text{speed} = \\frac{\\text{distance}}{\\text{time}}' },
  { latex: '\\alpha+\\beta=\\gamma,\\ \\Delta\\Omega=\\pi\\theta\\lambda\\mu' },
  { latex: '\\left(\\frac{a}{b}\\right)^2 + \\left| x \\right| + \\left\\{ x \\mid x>0 \\right\\}' },
  { latex: '\\left\\langle a \\middle| b \\right\\rangle' },
  { latex: 'e^{\\frac{1}{2}} + 2^{\\frac{x}{y}}' },
  { latex: 'a\\le b\\ge c\\ne d\\pm e\\times f\\cdot g, x\\to\\infty' },
  { latex: 'x=\\frac{-b\\pm\\sqrt{b^2-4ac}}{2a}' },
  { latex: '\\tan\\frac{\\pi}{4}=1, \\sin(x+y), \\ln x' },
  { latex: '\\binom{n}{k}+{}_{6}^{14}C' },
  { latex: "f'(x)=2x, \\angle ABC = 90^\\circ, 50\\%, \\{1,2\\}" },
  { latex: '\\begin{aligned}x&=1\\\\y&=2\\end{aligned}' },
  { latex: 'x\\in\\mathbb{R}, A\\subseteq B, \\oplus, \\cdots, \\ldots' },
  // Round trip as an equivalent form.
  { latex: '(x+1)^2', equivalent: '{(x+1)}^{2}', why: 'the script is on the whole bracket (as Word writes it), not on ")"' },
  { latex: '\\sin^2\\theta+\\cos^2\\theta=1', equivalent: '{\\sin}^{2}\\theta+{\\cos}^{2}\\theta=1', why: 'the reader puts a script base in braces' },
  { latex: '\\log_2 8 = 3', equivalent: '{\\log}_{2}8=3', why: 'the reader puts a script base in braces' },
  { latex: '\\max_{x\\in S} f(x)', equivalent: '{\\max}_{x\\in S}f(x)', why: 'the reader puts a script base in braces' },
  {
    latex: '\\begin{cases}x&x\\ge 0\\\\-x&x<0\\end{cases}',
    equivalent: '\\left\\{ \\begin{matrix}x & x\\ge 0 \\\\ -x & x<0\\end{matrix} \\right.',
    why: 'Word has no cases: a matrix in a brace (columns centred by KaTeX, left in Word)',
  },
  { latex: '\\dfrac{1}{2}', equivalent: '\\frac{1}{2}', why: 'Word has one fraction; its size follows the line' },
  { latex: '\\mathrm{d}x', equivalent: '\\text{d}x', why: 'upright letters are Word normal text' },
  { latex: '\\underbrace{a+b}_{n}', equivalent: '\\underset{n}{\\underbrace{a+b}}', why: "the brace's label is a lower limit in Word" },
  { latex: '\\varepsilon+\\varphi', equivalent: '\\epsilon+\\phi', why: 'the reader reads both forms of a Greek letter as one' },
  { latex: '\\mathbf{v}', equivalent: 'v', why: 'Word shows the bold; the reader drops fonts' },
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Each formula in a question of its own, through a .docx and back: the LaTeX of each question. */
async function throughWord(latex: string[]): Promise<string[]> {
  const sections: InteropSection[] = [
    {
      name: null,
      questions: latex.map((l) => ({
        type: 'multiple_choice' as const,
        name: `<p>What is \\(${escape(l)}\\)?</p>`,
        solution: '',
        options: [
          { name: '<p>Yes</p>', isCorrect: true },
          { name: '<p>No</p>', isCorrect: false },
        ],
      })),
    },
  ];
  const file = exportDocx(sections);
  const back = await importFile(file.data, file.fileName, 'docx');
  expect(back.problems).toEqual([]);
  const names = back.sections.flatMap((s) => s.questions).map((q) => (q.type === 'comprehension' ? q.paragraph : q.name));
  expect(names).toHaveLength(latex.length);
  return names.map((name) => {
    const found = formulas(decodeEntities(name));
    expect(found).toHaveLength(1);
    return found[0].latex;
  });
}

let back: string[];
beforeAll(async () => {
  back = await throughWord(SAMPLES.map((s) => s.latex));
});

describe('LaTeX through a Word document and back (issue 29)', () => {
  test.each(SAMPLES.map((s, i) => [s.latex, i] as const))('%s', (latex, i) => {
    const { equivalent, why } = SAMPLES[i];
    if (equivalent) expect(why).toBeTruthy();
    // The sample is sound, and so is what came back.
    expect(() => maths(latex)).not.toThrow();
    expect(maths(back[i])).toBe(maths(equivalent ?? latex));
    // Spacing is never text: no backslash written as a symbol, no \text that was not there.
    expect(back[i]).not.toContain('\\backslash');
    if (!/\\(text|mathrm)\b/.test(latex)) expect(back[i]).not.toContain('\\text');
  });

  test('the equivalent forms are not the same LaTeX, only the same maths (else they would be exact)', () => {
    for (const s of SAMPLES.filter((x) => x.equivalent)) expect(maths(s.latex)).not.toBe(maths(s.equivalent!));
  });

  test('what came back goes through Word again as the same maths', async () => {
    const again = await throughWord(back);
    again.forEach((latex, i) => expect([i, maths(latex)]).toEqual([i, maths(back[i])]));
  });

  test('the issue: the integral holds x^2 dx, the thin space is a space in its run', async () => {
    const file = exportDocx([
      {
        name: null,
        questions: [
          {
            type: 'multiple_choice',
            name: '<p>What is \\(\\int_0^1 x^2\\,dx\\)?</p>',
            solution: '',
            options: [
              { name: '<p>1/3</p>', isCorrect: true },
              { name: '<p>1/2</p>', isCorrect: false },
            ],
          },
        ],
      },
    ]);
    const document = strFromU8(unzipSync(file.data)['word/document.xml']);
    const nary = /<m:nary>.*?<\/m:nary>/.exec(document)?.[0] ?? '';
    expect(nary).toContain('<m:chr m:val="∫"/>');
    expect(/<m:e>(.*)<\/m:e><\/m:nary>$/.exec(nary)?.[1]).toMatch(/<m:sSup>.*<m:t xml:space="preserve">x<\/m:t>.*<m:t xml:space="preserve"> dx<\/m:t>/);
    expect(document).not.toContain('\\,');
    const [latex] = await throughWord(['\\int_0^1 x^2\\,dx']);
    expect(latex).toBe('\\int_{0}^{1}{{x}^{2} dx}');
  });
});

describe('latexToOmml', () => {
  const omml = (latex: string) => latexToOmml(latex);

  test("an n-ary's body: a group right after it, else up to a relation sign or the group's end", () => {
    expect(omml('\\sum_{i=1}^{n}{i}+1')).toMatch(/<m:e><m:r><m:t xml:space="preserve">i<\/m:t><\/m:r><\/m:e><\/m:nary><m:r><m:t xml:space="preserve">\+1</);
    expect(omml('\\int f\\,dx = F')).toMatch(/<m:e><m:r><m:t xml:space="preserve">f dx<\/m:t><\/m:r><\/m:e><\/m:nary><m:r><m:t xml:space="preserve">=F</);
    expect(omml('{\\int_0^1 x\\,dx}^2')).toContain('<m:sSup><m:e><m:nary>');
  });

  test('spacing commands are spaces, \\! nothing', () => {
    expect(omml('a\\,b\\;c\\:d\\!e\\quad f')).toBe('<m:r><m:t xml:space="preserve">a b c de  f</m:t></m:r>');
  });

  test('function names are upright runs of their own, applied to the next atom', () => {
    expect(omml('\\sin x')).toBe(
      '<m:func><m:fName><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t xml:space="preserve">sin</m:t></m:r></m:fName><m:e><m:r><m:t xml:space="preserve">x</m:t></m:r></m:e></m:func>',
    );
    // Letters that spell a function's name stay letters.
    expect(omml('{ln}')).toBe('<m:r><m:t xml:space="preserve">l</m:t></m:r><m:r><m:t xml:space="preserve">n</m:t></m:r>');
  });

  test('a command we do not know stays as typed, in words (read back: \\text{\\textbackslash{}foo})', () => {
    expect(omml('\\foo')).toBe('<m:r><m:rPr><m:nor/></m:rPr><m:t xml:space="preserve">\\foo</m:t></m:r>');
  });

  test("our reader's \\genfrac (a fraction without a bar) is Word's again", () => {
    expect(omml('\\genfrac{}{}{0pt}{}{n}{k}')).toBe(
      '<m:f><m:fPr><m:type m:val="noBar"/></m:fPr><m:num><m:r><m:t xml:space="preserve">n</m:t></m:r></m:num><m:den><m:r><m:t xml:space="preserve">k</m:t></m:r></m:den></m:f>',
    );
  });

  test('a matrix has its column count and every row its cells', () => {
    const m = omml('\\begin{matrix}1&2\\\\3\\end{matrix}');
    expect(m).toContain('<m:count m:val="2"/>');
    expect(m.match(/<m:mr>/g)).toHaveLength(2);
    expect(m.match(/<m:e>/g)).toHaveLength(4);
  });
});
