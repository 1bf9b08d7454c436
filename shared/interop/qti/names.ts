import type { XmlElement } from '../xml';
import { HEADING_TAGS } from '../../domain/htmlTags';

/**
 * QTI 2.x and 3.0 say the same things with different names: `choiceInteraction responseIdentifier`
 * is `qti-choice-interaction response-identifier`. One reader serves both by asking for the 3.0
 * name of each element and attribute.
 */

/** HTML elements a QTI item body may hold (their names are the same in both versions). */
export const HTML_ELEMENTS = new Set([
  'a',
  'abbr',
  'acronym',
  'address',
  'article',
  'aside',
  'audio',
  'b',
  'bdi',
  'bdo',
  'big',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'footer',
  ...HEADING_TAGS,
  'header',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'label',
  'li',
  'map',
  'mark',
  'nav',
  'object',
  'ol',
  'p',
  'param',
  'picture',
  'pre',
  'q',
  'rb',
  'rp',
  'rt',
  'rtc',
  'ruby',
  's',
  'samp',
  'section',
  'small',
  'source',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'track',
  'tt',
  'u',
  'ul',
  'var',
  'video',
  'wbr',
  'math',
]);

const cache = new Map<string, string>();

/** The QTI 3.0 name of an element (`simpleChoice` -> `qti-simple-choice`); HTML and 3.0 names as they are. */
export function qtiName(el: XmlElement): string {
  const local = el.localName;
  let name = cache.get(local);
  if (name === undefined) {
    name = local.startsWith('qti-') || HTML_ELEMENTS.has(local) ? local : `qti-${local.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    cache.set(local, name);
  }
  return name;
}

const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** An attribute by its 3.0 name, or its 2.x (camelCase) name. */
export function qtiAttr(el: XmlElement, name: string): string | null {
  const alt = camel(name);
  for (const a of el.attributes) if (a.localName === name || a.localName === alt) return a.value;
  return null;
}

export function qtiChildren(el: XmlElement | null, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (let node = el?.firstChild ?? null; node; node = node.nextSibling)
    if (node.nodeType === 1 && (!name || qtiName(node as XmlElement) === name)) out.push(node as XmlElement);
  return out;
}

export const qtiChild = (el: XmlElement | null, name: string) => qtiChildren(el, name)[0] ?? null;

/** Every descendant with that 3.0 name, in document order. */
export function qtiFind(el: XmlElement | null, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of qtiChildren(el)) {
    if (qtiName(c) === name) out.push(c);
    qtiFind(c, name, out);
  }
  return out;
}
