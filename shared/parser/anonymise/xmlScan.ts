/**
 * The tags of an XML part with their offsets, read with one regular expression, so a part can be
 * rewritten by replacing a few ranges of its text and every other byte stays as Word wrote it
 * (namespaces, attribute order, whitespace): an anonymised paper must differ from the original
 * only in its words. Comments, CDATA, declarations and processing instructions are skipped.
 */
export interface Tag {
  /** Qualified name as written: "w:t". */
  name: string;
  closing: boolean;
  selfClosing: boolean;
  /** Offsets of '<' and just after '>'. */
  start: number;
  end: number;
  /** Offset of the attribute text inside the part, and that text. */
  attributesAt: number;
  attributes: string;
}

export interface Attribute {
  name: string;
  /** The raw value (entities not decoded) and where it stands in the part. */
  value: string;
  valueStart: number;
  valueEnd: number;
}

const TAG = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[?!][^>]*>|<(\/?)([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function* tagsOf(xml: string): Generator<Tag> {
  TAG.lastIndex = 0;
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    if (m[2] === undefined) continue;
    const attributesAt = m.index + 1 + m[1].length + m[2].length;
    yield { name: m[2], closing: m[1] === '/', selfClosing: m[4] === '/', start: m.index, end: m.index + m[0].length, attributesAt, attributes: m[3] };
  }
}

export function attributesOf(tag: Tag): Attribute[] {
  const found: Attribute[] = [];
  for (const m of tag.attributes.matchAll(ATTRIBUTE)) {
    const value = m[2] ?? m[3];
    // The value starts after the name, the '=' and the opening quote.
    const valueStart = tag.attributesAt + m.index + m[0].length - value.length - 1;
    found.push({ name: m[1], value, valueStart, valueEnd: valueStart + value.length });
  }
  return found;
}

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The part with each range replaced; ranges do not overlap. */
export function applyEdits(xml: string, edits: Edit[]): string {
  if (edits.length === 0) return xml;
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    out += xml.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + xml.slice(at);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const UNIT = /&(?:#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|[\s\S]/g;

/** Raw XML text as units (one entity, or one UTF-16 unit), each with its decoded text. */
export function unitsOf(raw: string): { raw: string; text: string }[] {
  return Array.from(raw.matchAll(UNIT), ([unit]) => {
    if (unit.length === 1) return { raw: unit, text: unit };
    const name = unit.slice(1, -1);
    const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? parseInt(name.slice(1), 10) : NaN;
    return { raw: unit, text: Number.isNaN(code) ? (ENTITIES[name] ?? unit) : String.fromCodePoint(code) };
  });
}

/** Decoded text; most runs hold no entity at all, and are their own text. */
export const decodeXml = (raw: string) =>
  raw.includes('&')
    ? unitsOf(raw)
        .map((u) => u.text)
        .join('')
    : raw;
export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Raw XML text rewritten to hold `text` (its decoded form, the same length as before): units whose
 * text did not change keep their raw form (an entity stays an entity), changed ones are escaped.
 */
export function rewriteRaw(raw: string, text: string): string {
  // Without an entity every unit is one character, and only letters changed: none needs escaping.
  if (!raw.includes('&')) return text;
  let out = '';
  let at = 0;
  for (const unit of unitsOf(raw)) {
    const piece = text.slice(at, at + unit.text.length);
    out += piece === unit.text ? unit.raw : escapeXml(piece);
    at += unit.text.length;
  }
  return out;
}
