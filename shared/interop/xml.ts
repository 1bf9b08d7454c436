import { readXml, XmlElement } from '../parser/docx/xml';
import { escapeAttr, escapeHtml, VOID_ELEMENTS } from './html';

/**
 * XML in and out for Moodle XML and QTI: the Word parser's one-pass reader (no DOM, fast: a
 * 10,000-item bank must read at 2,000 questions a second), and a few helpers over its elements.
 */
export { XmlElement };
export type XmlNode = XmlElement | { nodeType: number; textContent: string; nextSibling: unknown };

export class InteropError extends Error {}

export function parseXml(text: string, what: string): XmlElement {
  try {
    return readXml(text.replace(/^\uFEFF/, ''), what);
  } catch (error) {
    throw new InteropError(`${what} is not well-formed XML (${(error as Error).message})`);
  }
}

export const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');

export function elements(el: XmlElement | null, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (let node = el?.firstChild ?? null; node; node = node.nextSibling) if (node instanceof XmlElement && (!name || node.localName === name)) out.push(node);
  return out;
}

export function child(el: XmlElement | null, name: string): XmlElement | null {
  for (let node = el?.firstChild ?? null; node; node = node.nextSibling) if (node instanceof XmlElement && node.localName === name) return node;
  return null;
}

/** The text of a child element (Moodle's <name><text>...</text></name> is path 'name', 'text'). */
export function textAt(el: XmlElement | null, ...path: string[]): string {
  let at = el;
  for (const name of path) at = child(at, name);
  return at?.textContent ?? '';
}

export function attr(el: XmlElement, name: string): string | null {
  for (const a of el.attributes) if (a.localName === name) return a.value;
  return null;
}

export const xmlEscape = (text: string) => escapeAttr(text).replace(/'/g, '&apos;');

/**
 * An element's content as HTML: each child element through `visit` (which may answer its own
 * HTML, or undefined to be written as it is), text escaped, void elements without an end tag.
 */
export function innerHtml(el: XmlElement, visit: (el: XmlElement) => string | undefined = () => undefined): string {
  let out = '';
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (!(node instanceof XmlElement)) {
      out += escapeHtml(node.textContent);
      continue;
    }
    const own = visit(node);
    if (own !== undefined) {
      out += own;
      continue;
    }
    const name = node.localName.toLowerCase();
    const attrs = node.attributes
      .filter((a) => !a.name.startsWith('xmlns') && !a.name.includes(':'))
      .map((a) => ` ${a.localName}="${escapeAttr(a.value)}"`)
      .join('');
    out += VOID_ELEMENTS.has(name) ? `<${name}${attrs}>` : `<${name}${attrs}>${innerHtml(node, visit)}</${name}>`;
  }
  return out;
}
