/**
 * @jest-environment node
 */
import { buildDocx } from '@tests/support/docx';
import { cleanStrings, cleanText } from './cleanText';
import { parseDocx } from './parseDocx';

/** What PostgreSQL's jsonb or an XML export cannot hold (issue 29). */
// eslint-disable-next-line no-control-regex -- the characters this test looks for
const UNSTORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('cleanText: the one cleaning every reader’s text goes through (issue 29)', () => {
  it.each([
    ['NUL and the other C0 controls dropped', 'a\u0000b\u0001c\u001Fd\u0007e\u001Bf', 'abcdef'],
    ['tab, new line and carriage return kept', 'a\tb\nc\r\nd', 'a\tb\nc\r\nd'],
    ['vertical tab and form feed stand between lines: a space', 'line\u000Bbreak\u000Cpage', 'line break page'],
    ['unpaired surrogates become U+FFFD', 'x\uD800y\uDC00z\uDBFF', 'x\uFFFDy\uFFFDz\uFFFD'],
    ['pairs (an emoji, a rare CJK character) kept', 'ok 😀 𠀀', 'ok 😀 𠀀'],
    ['U+FFFE and U+FFFF (no character) dropped', 'a\uFFFEb\uFFFFc', 'abc'],
    ['DEL, C1 controls and other text untouched', 'a\u007Fb\u0085c Hà Nội 한강', 'a\u007Fb\u0085c Hà Nội 한강'],
  ])('%s', (_what, text, clean) => {
    expect(cleanText(text)).toBe(clean);
    expect(cleanText(clean)).toBe(clean);
  });

  it('cleanStrings cleans every string and key of a parsed value and keeps the rest', () => {
    const bytes = new Uint8Array([0, 1]);
    const fn = () => 1;
    const value = { 'na\u0000me': 'x\u0000', list: ['a\u0001', 3, null, true, { deep: '\uD800' }], bytes, fn };
    expect(cleanStrings(value)).toEqual({ name: 'x', list: ['a', 3, null, true, { deep: '\uFFFD' }], bytes, fn });
    expect(cleanStrings(value).bytes).toBe(bytes);
    expect(value.list[0]).toBe('a\u0001'); // the value given is not changed
  });
});

describe('the Word parser', () => {
  it('a document whose text holds control characters: its questions and problems come out clean', () => {
    const doc = parseDocx(
      buildDocx({
        body: [
          '1. What\u0000 is\u0001 2 + 2?\u0008',
          'Ans: 4',
          '2. The sky\u001B is blue.\u000B',
          'Ans: True',
          '3. Pick\u0002 one.',
          '(a) x\u0003',
          '(b) y',
          'Ans: e\u0004',
        ],
      }),
    );
    expect(doc.questionCount).toBe(2);
    expect(JSON.stringify(doc.sections)).not.toMatch(UNSTORABLE);
    expect(JSON.stringify(doc.problems)).not.toMatch(UNSTORABLE);
    const names = doc.sections.flatMap((s) => s.questions).map((q) => q.name);
    expect(names[0]).toBe('<p>What is 2 + 2?</p>');
    expect(names[1]).toMatch(/^<p>The sky is blue\.\s*<\/p>$/);
    expect(doc.problems).toMatchObject([{ code: 'answerUnreadable', params: { answer: 'e' }, excerpt: 'Ans: e' }]);
  });
});
