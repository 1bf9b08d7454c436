import { DOMParser } from '@xmldom/xmldom';
import katex from 'katex';
import { ommlToLatex } from './ommlToLatex';

const M = 'http://schemas.openxmlformats.org/officeDocument/2006/math';
/** An m:oMath of the given inner XML (m: prefix), parsed as a Word document holds it. */
function math(xml: string): Element {
  const doc = new DOMParser().parseFromString(`<m:oMath xmlns:m="${M}">${xml}</m:oMath>`, 'text/xml');
  return doc.documentElement as unknown as Element;
}
const r = (text: string) => `<m:r><m:t>${text}</m:t></m:r>`;
const e = (xml: string) => `<m:e>${xml}</m:e>`;

/** The LaTeX, checked to render in KaTeX (throws otherwise). */
function latex(xml: string): string {
  const out = ommlToLatex(math(xml));
  katex.renderToString(out, { throwOnError: true });
  return out;
}

describe('ommlToLatex', () => {
  it('normal text inside an equation (m:nor) keeps its words and spaces (issue 15)', () => {
    expect(latex(`<m:r><m:rPr><m:nor/></m:rPr><m:t>speed of light</m:t></m:r>${r('=c')}`)).toBe('\\text{speed of light}=c');
  });

  it('runs: letters, numbers and symbols', () => {
    expect(latex(r('2x+3=α·β'))).toBe('2x+3=\\alpha \\cdot \\beta');
    expect(latex(r('a≤b≠c'))).toBe('a\\le b\\ne c');
    expect(latex(r('50%'))).toBe('50\\%');
  });

  it('fractions: bar, linear, skewed, no bar', () => {
    const f = (type: string) => `<m:f>${type ? `<m:fPr><m:type m:val="${type}"/></m:fPr>` : ''}<m:num>${r('1')}</m:num><m:den>${r('2')}</m:den></m:f>`;
    expect(latex(f(''))).toBe('\\frac{1}{2}');
    expect(latex(f('lin'))).toBe('{1}/{2}');
    expect(latex(f('noBar'))).toBe('\\genfrac{}{}{0pt}{}{1}{2}');
    expect(latex(f('skw'))).toContain('{}^{1}');
  });

  it('radicals with and without a degree', () => {
    expect(latex(`<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/>${e(r('x'))}</m:rad>`)).toBe('\\sqrt{x}');
    expect(latex(`<m:rad><m:deg>${r('3')}</m:deg>${e(r('8'))}</m:rad>`)).toBe('\\sqrt[3]{8}');
    expect(latex(`<m:rad><m:deg/>${e(r('y'))}</m:rad>`)).toBe('\\sqrt{y}');
  });

  it('scripts: sup, sub, both, pre', () => {
    expect(latex(`<m:sSup>${e(r('x'))}<m:sup>${r('2')}</m:sup></m:sSup>`)).toBe('{x}^{2}');
    expect(latex(`<m:sSub>${e(r('a'))}<m:sub>${r('n')}</m:sub></m:sSub>`)).toBe('{a}_{n}');
    expect(latex(`<m:sSubSup>${e(r('x'))}<m:sub>${r('i')}</m:sub><m:sup>${r('2')}</m:sup></m:sSubSup>`)).toBe('{x}_{i}^{2}');
    expect(latex(`<m:sPre><m:sub>${r('6')}</m:sub><m:sup>${r('14')}</m:sup>${e(r('C'))}</m:sPre>`)).toBe('{}_{6}^{14}{C}');
  });

  it('n-ary: the integral by default, sums with limits under and over, hidden limits', () => {
    expect(latex(`<m:nary><m:sub>${r('0')}</m:sub><m:sup>${r('1')}</m:sup>${e(r('x dx'))}</m:nary>`)).toBe('\\int_{0}^{1}{x dx}');
    const sum = `<m:nary><m:naryPr><m:chr m:val="∑"/><m:limLoc m:val="undOvr"/></m:naryPr><m:sub>${r('i=1')}</m:sub><m:sup>${r('n')}</m:sup>${e(r('i'))}</m:nary>`;
    expect(latex(sum)).toBe('\\sum\\limits_{i=1}^{n}{i}');
    const hidden = `<m:nary><m:naryPr><m:chr m:val="∮"/><m:subHide m:val="1"/><m:supHide m:val="1"/></m:naryPr><m:sub/><m:sup/>${e(r('F'))}</m:nary>`;
    expect(latex(hidden)).toBe('\\oint{F}');
  });

  it('delimiters: parentheses by default, others, separators', () => {
    expect(latex(`<m:d>${e(r('a+b'))}</m:d>`)).toBe('\\left( a+b \\right)');
    expect(latex(`<m:d><m:dPr><m:begChr m:val="["/><m:endChr m:val="]"/></m:dPr>${e(r('x'))}</m:d>`)).toBe('\\left[ x \\right]');
    expect(latex(`<m:d><m:dPr><m:begChr m:val="{"/><m:endChr m:val=""/></m:dPr>${e(r('x'))}</m:d>`)).toBe('\\left\\{ x \\right.');
    expect(latex(`<m:d><m:dPr><m:sepChr m:val=","/></m:dPr>${e(r('1'))}${e(r('2'))}</m:d>`)).toBe('\\left( 1 , 2 \\right)');
    expect(latex(`<m:d><m:dPr><m:begChr m:val="|"/><m:endChr m:val="|"/></m:dPr>${e(r('x'))}</m:d>`)).toBe('\\left| x \\right|');
  });

  it('matrices, accents, bars, group characters and boxes', () => {
    const matrix = `<m:d><m:dPr><m:begChr m:val="["/><m:endChr m:val="]"/></m:dPr>${e(`<m:m><m:mr>${e(r('1'))}${e(r('0'))}</m:mr><m:mr>${e(r('0'))}${e(r('1'))}</m:mr></m:m>`)}</m:d>`;
    expect(latex(matrix)).toBe('\\left[ \\begin{matrix}1 & 0 \\\\ 0 & 1\\end{matrix} \\right]');
    expect(latex(`<m:acc>${e(r('a'))}</m:acc>`)).toBe('\\hat{a}');
    expect(latex(`<m:acc><m:accPr><m:chr m:val="\u20d7"/></m:accPr>${e(r('v'))}</m:acc>`)).toBe('\\vec{v}');
    expect(latex(`<m:bar><m:barPr><m:pos m:val="top"/></m:barPr>${e(r('z'))}</m:bar>`)).toBe('\\overline{z}');
    expect(latex(`<m:bar>${e(r('z'))}</m:bar>`)).toBe('\\underline{z}');
    expect(latex(`<m:groupChr>${e(r('a+b'))}</m:groupChr>`)).toBe('\\underbrace{a+b}');
    expect(latex(`<m:borderBox>${e(r('E=mc'))}</m:borderBox>`)).toBe('\\boxed{E=mc}');
  });

  it('functions and limits', () => {
    expect(latex(`<m:func><m:fName>${r('sin')}</m:fName>${e(r('θ'))}</m:func>`)).toBe('\\sin{\\theta}');
    const lim = `<m:func><m:fName><m:limLow>${e(r('lim'))}<m:lim>${r('x→0')}</m:lim></m:limLow></m:fName>${e(r('f(x)'))}</m:func>`;
    expect(latex(lim)).toBe('\\lim_{x\\to 0}{f(x)}');
    expect(latex(`<m:limUpp>${e(r('x'))}<m:lim>${r('def')}</m:lim></m:limUpp>`)).toBe('\\overset{def}{x}');
  });

  it('equation arrays keep their alignment points', () => {
    const array = `<m:eqArr>${e(r('x&=1'))}${e(r('y&=2'))}</m:eqArr>`;
    expect(latex(array)).toBe('\\begin{aligned}x&=1 \\\\ y&=2\\end{aligned}');
  });

  it('a whole quadratic formula', () => {
    const formula =
      r('x=') +
      `<m:f><m:num>${r('−b±')}<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/>${e(`<m:sSup>${e(r('b'))}<m:sup>${r('2')}</m:sup></m:sSup>${r('−4ac')}`)}</m:rad></m:num><m:den>${r('2a')}</m:den></m:f>`;
    expect(latex(formula)).toBe('x=\\frac{-b\\pm \\sqrt{{b}^{2}-4ac}}{2a}');
  });
});
