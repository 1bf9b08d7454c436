/**
 * GIFT's escapes (Moodle's qformat_gift): `\~ \= \# \{ \} \:` stand for the character, `\\` for
 * a backslash, `\n` for a new line. While a question is read, escaped characters are held as
 * private-use characters so the braces and signs that are syntax can be found by position.
 */
const SPECIAL = '~=#{}:';
const HELD = '\ue000\ue001\ue002\ue003\ue004\ue005';
const BACKSLASH = '\ue006';
const NEWLINE = '\ue007';

export function hold(text: string): string {
  return (
    text
      .replace(/\\\\/g, BACKSLASH)
      .replace(/\\([~=#{}:])/g, (_, c: string) => HELD[SPECIAL.indexOf(c)])
      // `\n` is a new line, but not in `\neq` or `\nu` (LaTeX that a tutor wrote without escaping).
      .replace(/\\n(?![a-zA-Z])/g, NEWLINE)
  );
}

export function release(text: string): string {
  return text.replace(/[\ue000-\ue007]/g, (c) => (c === BACKSLASH ? '\\' : c === NEWLINE ? '\n' : SPECIAL[HELD.indexOf(c)]));
}

/** Text as GIFT writes it: the special characters and backslashes escaped, new lines as `\n`. */
export const escapeGift = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/[~=#{}:]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, '\\n');
