import { DOMParser } from '@xmldom/xmldom';
import { fontForCharacter, isLegacyFont, loadFontContext, resolveRunFonts } from './fonts';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const THEME = `<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:themeElements><a:fontScheme name="Office">
  <a:majorFont><a:latin typeface="Calibri Light"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont>
  <a:minorFont><a:latin typeface="Calibri"/><a:ea typeface="Malgun Gothic"/><a:cs typeface="Mangal"/></a:minorFont>
</a:fontScheme></a:themeElements></a:theme>`;
const STYLES = `<w:styles ${W}>
  <w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme="minorHAnsi" w:hAnsiTheme="minorHAnsi" w:eastAsiaTheme="minorEastAsia" w:cstheme="minorBidi"/></w:rPr></w:rPrDefault></w:docDefaults>
  <w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
  <w:style w:type="paragraph" w:styleId="Hindi"><w:basedOn w:val="Normal"/><w:rPr><w:rFonts w:ascii="Kruti Dev 010" w:hAnsi="Kruti Dev 010"/></w:rPr></w:style>
  <w:style w:type="paragraph" w:styleId="HindiTitle"><w:basedOn w:val="Hindi"/></w:style>
  <w:style w:type="character" w:styleId="Code"><w:rPr><w:rFonts w:ascii="Consolas"/></w:rPr></w:style>
  <w:style w:type="paragraph" w:styleId="LoopA"><w:basedOn w:val="LoopB"/></w:style>
  <w:style w:type="paragraph" w:styleId="LoopB"><w:basedOn w:val="LoopA"/></w:style>
</w:styles>`;

const ctx = loadFontContext({ xml: (path) => ({ 'word/styles.xml': STYLES, 'word/theme/theme1.xml': THEME })[path] ?? null });
const rPr = (xml: string) => new DOMParser().parseFromString(`<w:rPr ${W}>${xml}</w:rPr>`, 'text/xml').documentElement as unknown as Element;

describe('run fonts through defaults, styles, character styles, direct formatting and the theme', () => {
  it('document defaults come from the theme, slot by slot', () => {
    expect(resolveRunFonts(ctx, null, null, null)).toEqual({ ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: 'Malgun Gothic', cs: 'Mangal' });
  });

  it('a paragraph style (and what it is based on) overrides the defaults; a loop in basedOn is cut', () => {
    expect(resolveRunFonts(ctx, 'HindiTitle', null, null)).toMatchObject({ ascii: 'Kruti Dev 010', hAnsi: 'Kruti Dev 010', cs: 'Mangal' });
    expect(resolveRunFonts(ctx, 'LoopA', null, null).ascii).toBe('Calibri');
  });

  it('a character style, then direct formatting, win; a theme font wins over a named one', () => {
    expect(resolveRunFonts(ctx, 'Hindi', 'Code', null).ascii).toBe('Consolas');
    expect(resolveRunFonts(ctx, 'Hindi', 'Code', rPr('<w:rFonts w:ascii="Arial"/>')).ascii).toBe('Arial');
    expect(resolveRunFonts(ctx, 'Hindi', null, rPr('<w:rFonts w:ascii="Arial" w:asciiTheme="majorHAnsi"/>')).ascii).toBe('Calibri Light');
  });

  it('the font of a character follows its script', () => {
    const fonts = resolveRunFonts(ctx, 'Hindi', null, null);
    expect(fontForCharacter(fonts, 'k')).toBe('Kruti Dev 010');
    expect(fontForCharacter(fonts, 'क')).toBe('Mangal');
    expect(fontForCharacter(fonts, '한')).toBe('Malgun Gothic');
    expect(fontForCharacter(fonts, 'ệ')).toBe('Kruti Dev 010');
  });

  it('legacy Indic fonts are recognised, Unicode ones are not', () => {
    for (const face of [
      'Kruti Dev 010',
      'KrutiDev010',
      'DevLys 010',
      'Chanakya',
      'Walkman-Chanakya-905',
      'Shree-Lipi',
      'Shree Dev 0714',
      'Terafont-Varun',
      'LMG-Arun',
    ]) {
      expect({ face, legacy: isLegacyFont(face) }).toEqual({ face, legacy: true });
    }
    for (const face of ['Mangal', 'Nirmala UI', 'Shruti', 'Noto Sans Devanagari', 'Calibri', 'Aparajita', null]) {
      expect({ face, legacy: isLegacyFont(face) }).toEqual({ face, legacy: false });
    }
  });
});
