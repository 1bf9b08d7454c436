/**
 * Our HTML (sanitised, as the editor and the Word parser write it) to and from what other formats
 * hold: plain text, well-formed XHTML (QTI, Word), pictures. No DOM: the converters run in the
 * browser, the server and the command line alike.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
  middot: '·',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  minus: '−',
  le: '≤',
  ge: '≥',
  ne: '≠',
  pi: 'π',
};

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED[entity] ?? NAMED[entity.toLowerCase()] ?? match;
  });
}

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttr = (text: string) => escapeHtml(text).replace(/"/g, '&quot;');

/** Plain text as our HTML: a paragraph per line; '' for no text. */
export function plainToHtml(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim());
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  while (lines.length && !lines[0]) lines.shift();
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
}

export interface Token {
  kind: 'text' | 'open' | 'close';
  /** Lower-case tag name; '' for text. */
  name: string;
  /** Text (decoded) or the tag's attribute text as written. */
  value: string;
  selfClosing: boolean;
}

const TAG = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>|<!--[\s\S]*?-->/g;

/** The tags and texts of an HTML fragment, in order (comments dropped). */
export function tokenize(html: string): Token[] {
  const out: Token[] = [];
  let at = 0;
  for (const m of html.matchAll(TAG)) {
    if (m.index! > at) out.push({ kind: 'text', name: '', value: decodeEntities(html.slice(at, m.index)), selfClosing: false });
    at = m.index! + m[0].length;
    if (m[2] === undefined) continue;
    out.push({ kind: m[1] ? 'close' : 'open', name: m[2].toLowerCase(), value: m[3] ?? '', selfClosing: m[4] === '/' });
  }
  if (at < html.length) out.push({ kind: 'text', name: '', value: decodeEntities(html.slice(at)), selfClosing: false });
  return out;
}

export function attributes(attributeText: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of attributeText.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g))
    out[a[1].toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
  return out;
}

export const VOID_ELEMENTS = new Set(['br', 'img', 'hr', 'col', 'wbr', 'input', 'source', 'area', 'meta', 'link', 'param', 'track', 'embed']);
const BLOCKS = new Set(['p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'ul', 'ol', 'blockquote', 'pre']);

/**
 * The text of HTML as lines (a paragraph or <br> ends a line), and whether anything but
 * paragraphs and line breaks (formatting, pictures, tables) was dropped to get it.
 */
export function htmlToPlain(html: string): { text: string; lossy: boolean } {
  let text = '';
  let lossy = false;
  let paragraphs = 0;
  for (const t of tokenize(html)) {
    if (t.kind === 'text') text += t.value;
    else if (t.name === 'br') text += '\n';
    else if (BLOCKS.has(t.name)) {
      if (t.kind === 'close' && t.name === 'p') paragraphs++;
      if (t.name !== 'p') lossy = true;
      if (t.kind === 'close' || t.name !== 'p') text += '\n';
    } else lossy = true;
  }
  const lines = text.split('\n').map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim());
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  while (lines.length && !lines[0]) lines.shift();
  if (paragraphs === 0 && lines.length === 1 && html.trim() && !html.trim().startsWith('<')) return { text: lines[0], lossy };
  return { text: lines.join('\n'), lossy };
}

/** True when the HTML is paragraphs of text only, so plain text holds it exactly. */
export function isPlainHtml(html: string): boolean {
  const { text, lossy } = htmlToPlain(html);
  return !lossy && plainToHtml(text) === html;
}

/** The src of every <img>. */
export function imageSources(html: string): string[] {
  const out: string[] = [];
  for (const t of tokenize(html)) if (t.kind === 'open' && t.name === 'img') out.push(attributes(t.value).src ?? '');
  return out;
}

/** The HTML with each <img>'s src replaced (`null` drops the picture). */
export function mapImages(html: string, replace: (src: string) => string | null): string {
  if (!/<img\b/i.test(html)) return html;
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const attrs = attributes(tag.slice(4, tag.endsWith('/>') ? -2 : -1));
    const src = replace(attrs.src ?? '');
    if (src === null) return '';
    attrs.src = src;
    return `<img ${Object.entries(attrs)
      .map(([k, v]) => `${k}="${escapeAttr(v)}"`)
      .join(' ')}>`;
  });
}

/**
 * Well-formed XHTML of our HTML, for XML formats: void elements closed, attributes quoted,
 * entities as characters, unclosed tags closed and stray closing tags dropped. `keep` says which
 * elements to keep (the others are unwrapped: their text stays).
 */
export function toXhtml(
  html: string,
  keep: (name: string) => boolean = () => true,
  attribute: (name: string, attr: string, value: string) => string | null = (_, __, v) => v,
): string {
  let out = '';
  const open: string[] = [];
  for (const t of tokenize(html)) {
    if (t.kind === 'text') out += escapeHtml(t.value);
    else if (!keep(t.name)) continue;
    else if (t.kind === 'open') {
      const attrs = Object.entries(attributes(t.value))
        .map(([k, v]) => [k, attribute(t.name, k, v)] as const)
        .filter((a): a is readonly [string, string] => a[1] !== null && /^[a-z][\w:-]*$/i.test(a[0]))
        .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
        .join('');
      if (VOID_ELEMENTS.has(t.name) || t.selfClosing) out += `<${t.name}${attrs}/>`;
      else {
        out += `<${t.name}${attrs}>`;
        open.push(t.name);
      }
    } else {
      const at = open.lastIndexOf(t.name);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop()}>`;
    }
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}
