import katex from 'katex';
import { equationNativeToLatex, oleEquationToLatex } from './oleEquation';
import { FN, equationNative, mtefWriter, oleFile } from './testing';

const v5 = mtefWriter(5);
const v3 = mtefWriter(3);

/** The quadratic formula as MathType writes it: fraction, ±, root, superscript. */
const quadratic = v5.equation(
  v5.line(
    v5.char('x'),
    v5.char('=', FN.SYMBOL),
    v5.tmpl(
      11,
      0,
      v5.line(
        v5.char('\u2212', FN.SYMBOL),
        v5.char('b'),
        v5.char('±', FN.SYMBOL),
        v5.tmpl(
          10,
          0,
          v5.line(v5.char('b'), v5.tmpl(28, 0, v5.size(1), v5.empty(), v5.line(v5.char('2'))), v5.size(0), v5.char('\u2212', FN.SYMBOL), v5.char('4ac')),
          v5.empty(),
        ),
      ),
      v5.line(v5.char('2a')),
    ),
  ),
);

describe('oleEquationToLatex', () => {
  it('reads the Equation Native stream of a real compound file (MathType, MTEF v5)', () => {
    const out = oleEquationToLatex(oleFile(quadratic));
    expect(out).toBe('x=\\frac{-b\\pm\\sqrt{b^{2}-4ac}}{2a}');
    katex.renderToString(out!, { throwOnError: true });
  });

  it('reads Equation Editor 3.0 objects (MTEF v3)', () => {
    const mtef = v3.equation(
      v3.line(v3.char('S'), v3.char('=', FN.SYMBOL), v3.char('p', FN.LC_GREEK), v3.char('r'), v3.tmpl(15, 0, v3.empty(), v3.line(v3.char('2')))),
    );
    expect(oleEquationToLatex(oleFile(mtef))).toBe('S=\\pi r^{2}');
  });

  it('reads streams past the 4 KB mini-stream cutoff (regular sectors)', () => {
    const long = v5.equation(v5.line(...Array.from({ length: 1500 }, () => v5.char('a+'))));
    expect(oleEquationToLatex(oleFile(long))).toBe('a+'.repeat(1500));
  });

  it('accepts a bare Equation Native stream', () => {
    expect(oleEquationToLatex(equationNative(quadratic))).toBe(equationNativeToLatex(equationNative(quadratic)));
    expect(equationNativeToLatex(equationNative(quadratic))).toContain('\\frac');
  });

  it('returns null for other OLE objects, truncated files and garbage', () => {
    expect(oleEquationToLatex(oleFile(quadratic, 'Contents'))).toBeNull();
    const file = oleFile(quadratic);
    for (const cut of [0, 8, 100, 511, 512, 1000, 2000]) expect(oleEquationToLatex(file.subarray(0, cut))).toBeNull();
    expect(oleEquationToLatex(Uint8Array.from('not an OLE file at all', (c) => c.charCodeAt(0)))).toBeNull();
    let seed = 7;
    const noise = Uint8Array.from({ length: 5000 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff);
    expect(oleEquationToLatex(noise)).toBeNull();
  });

  it('survives corrupted compound files: every byte of the header and directory flipped in turn', () => {
    const file = oleFile(quadratic);
    for (let at = 0; at < file.length; at += 7) {
      const bad = file.slice();
      bad[at] ^= 0xff;
      expect(() => oleEquationToLatex(bad)).not.toThrow();
    }
  });

  it('does not loop on a sector chain that points at itself', () => {
    const file = oleFile(quadratic);
    const view = new DataView(file.buffer);
    const fatSector = view.getUint32(0x4c, true);
    const fat = (fatSector + 1) * 512;
    for (let i = 0; i < 128; i++) view.setUint32(fat + i * 4, i, true); // every sector chains to itself
    expect(oleEquationToLatex(file)).toBeNull();
  });
});
