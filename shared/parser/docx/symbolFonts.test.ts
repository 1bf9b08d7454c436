import { privateUseCircled, symbolCharacter, symbolFontText } from './symbolFonts';

describe('symbol fonts', () => {
  it('a Wingdings tick and circled numbers, inserted as symbols or typed in the font, are the characters they show', () => {
    expect(symbolCharacter('Wingdings', 'F0FC')).toBe('✓');
    expect(symbolCharacter('Wingdings', 'F081')).toBe('①');
    expect(symbolCharacter('Wingdings', 'F08A')).toBe('⑩');
    expect(symbolFontText('Wingdings', '\u0082\u0083')).toBe('②③');
    expect(symbolFontText('Calibri', 'abc')).toBe('abc');
  });

  it("a Hangul paper's private-use circled numbers (U+F081, Wingdings' ①) read as ① to ⑩; other private-use characters stay", () => {
    expect(privateUseCircled('\uF081 a\t\uF082 b\t\uF085 e')).toBe('① a\t② b\t⑤ e');
    expect(privateUseCircled('\uF0FC \uE000')).toBe('\uF0FC \uE000');
  });
});
