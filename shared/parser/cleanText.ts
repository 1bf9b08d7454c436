/**
 * Text read from a file, as every reader gives it (issue 29): the Word parser's questions and
 * problems (`parseDocx`) and every interop format's (`importFile`: GIFT, Aiken, CSV, XLSX, Moodle
 * XML, QTI, JSON, Word) go through `cleanStrings` before anyone stores or shows them. A NUL byte in
 * an imported GIFT file answered 500: PostgreSQL cannot hold U+0000 (nor an unpaired surrogate) in
 * jsonb, while the preview took the same file.
 *
 * Dropped: the C0 control characters but tab, new line and carriage return (a vertical tab or a
 * form feed, which stand between lines, becomes a space), and U+FFFE/U+FFFF (no character: XML
 * cannot hold them, so an export would be malformed). An unpaired UTF-16 surrogate becomes U+FFFD,
 * the replacement character, as a decoder writes for bytes it cannot read.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** A quick look first: most text has none of these (a pair of surrogates, an emoji, is checked with the pattern above). */
// eslint-disable-next-line no-control-regex
const MAYBE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

const replacement = (c: string) => (c === '\u000B' || c === '\u000C' ? ' ' : c >= '\uD800' && c <= '\uDFFF' ? '\uFFFD' : '');

export function cleanText(text: string): string {
  return MAYBE.test(text) ? text.replace(UNWANTED, replacement) : text;
}

/**
 * Every string of a parsed value (the keys of its objects too) through `cleanText`: plain objects
 * and arrays are copied, anything else (a function, a byte array) is kept as it is.
 */
export function cleanStrings<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map(cleanStrings) as T;
  if (!value || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[cleanText(key)] = cleanStrings(item);
  return out as T;
}
