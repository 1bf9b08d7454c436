import { isFontFace, isKnownFontFace } from './fonts';

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
  it.each(['함초롬바탕', '함초롬돋움', '맑은 고딕', '바탕', '굴림', '돋움', 'HY신명조'])('Hangul paper face %s (issue 30)', (face) => {
    expect(isKnownFontFace(face)).toBe(true);
  });
  it('a face Office does not ship is still asked for', () => {
    expect(isKnownFontFace('VNI-Times')).toBe(false);
    expect(isKnownFontFace('Aptos Fancy')).toBe(false);
  });
});

describe('names pasted from web pages are no faces (issue 28)', () => {
  it.each(['inherit', 'Inherit', '-apple-system', 'sans-serif', 'system-ui', 'var(--body-font)'])('%s is never asked for', (name) => {
    expect(isFontFace(name)).toBe(false);
  });
  it('a real face is one', () => {
    expect(isFontFace('Open Sans')).toBe(true);
  });
});

describe('East Asian and Arabic faces of Windows are never missing (issue 28)', () => {
  it.each(['SimSun', '楷体', 'Yu Mincho', 'PMingLiU-ExtB', '맑은 고딕', '바탕', 'Traditional Arabic'])('%s', (face) => {
    expect(isKnownFontFace(face)).toBe(true);
  });
  it('a face that comes with no Windows (B Nazanin) is still asked for', () => {
    expect(isKnownFontFace('B Nazanin')).toBe(false);
  });
});
