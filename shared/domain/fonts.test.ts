import { isKnownFontFace } from './fonts';

describe('fonts Office ships are never missing (issue 15)', () => {
  it.each([
    'Aptos',
    'Aptos Display',
    'aptos  narrow',
    'Calibri',
    'Cambria',
    'Times New Roman',
    'Arial',
    'Segoe UI',
    'Symbol',
    'Wingdings',
    'Century Gothic',
    'Malgun Gothic',
  ])('%s', (face) => {
    expect(isKnownFontFace(face)).toBe(true);
  });
  it('a face Office does not ship is still asked for', () => {
    expect(isKnownFontFace('VNI-Times')).toBe(false);
    expect(isKnownFontFace('Aptos Fancy')).toBe(false);
  });
});
