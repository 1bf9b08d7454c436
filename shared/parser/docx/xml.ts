/**
 * A small, strict XML reader for the parts of a .docx, giving the few DOM members the parser uses
 * (nodeType, localName, attributes, firstChild, nextSibling, textContent,
 * getElementsByTagNameNS('*', name)), so the same code reads it in Node and in the browser.
 *
 * Why not @xmldom/xmldom: it builds a regular expression per closing tag, which made reading
 * document.xml 60% of the parse of a 1,000-question paper (docs/benchmarks.md, word-parser).
 * This reader is one pass of one regular expression. It checks what matters for a damaged file:
 * tags close in order, one root, no stray '<' or '&'; it does not validate against DTDs (Word
 * parts have none) and ignores processing instructions and comments.
 */

import { DOCX_LIMITS, DocxError } from './openDocx';

export class XmlError extends Error {}

interface Attribute {
  localName: string;
  name: string;
  value: string;
}

abstract class XmlNode {
  nextSibling: XmlNode | null = null;
  /** The element holding it (null for the root): readers ask whether a picture lies inside a text box, or which group holds it. */
  parentNode: XmlElement | null = null;
  abstract readonly nodeType: number;
  abstract get textContent(): string;
}

class XmlText extends XmlNode {
  readonly nodeType = 3;
  constructor(readonly data: string) {
    super();
  }
  get textContent(): string {
    return this.data;
  }
}

export class XmlElement extends XmlNode {
  readonly nodeType = 1;
  firstChild: XmlNode | null = null;
  lastChild: XmlNode | null = null;
  constructor(
    readonly nodeName: string,
    readonly localName: string,
    readonly attributes: Attribute[],
  ) {
    super();
  }
  append(child: XmlNode) {
    child.parentNode = this;
    if (this.lastChild) this.lastChild.nextSibling = child;
    else this.firstChild = child;
    this.lastChild = child;
  }
  get textContent(): string {
    let text = '';
    for (let node = this.firstChild; node; node = node.nextSibling) text += node.textContent;
    return text;
  }
  getAttribute(name: string): string | null {
    return this.attributes.find((a) => a.name === name)?.value ?? null;
  }
  /** Descendants by local name (any namespace, as the parser asks for `'*'`), in document order. */
  getElementsByTagNameNS(_namespace: string, localName: string): XmlElement[] {
    const found: XmlElement[] = [];
    const walk = (el: XmlElement) => {
      for (let node = el.firstChild; node; node = node.nextSibling) {
        if (node instanceof XmlElement) {
          if (localName === '*' || node.localName === localName) found.push(node);
          walk(node);
        }
      }
    };
    walk(this);
    return found;
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);|&/g, (whole, entity: string | undefined) => {
    if (!entity) throw new XmlError('a stray "&"');
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      if (!(code > 0 && code <= 0x10ffff)) throw new XmlError(`a bad character reference ${whole}`);
      return String.fromCodePoint(code);
    }
    const value = ENTITIES[entity];
    if (value === undefined) throw new XmlError(`an unknown entity ${whole}`);
    return value;
  });
}

const localOf = (name: string) => name.slice(name.indexOf(':') + 1);
const MARKUP =
  /<(?:(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|!--[\s\S]*?-->|!\[CDATA\[([\s\S]*?)\]\]>|\?[\s\S]*?\?>|!DOCTYPE[^>]*>)/y;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * The document element of an XML text; XmlError when it is not well-formed, DocxError when it has
 * more elements, or nests deeper, than a document may (DOCX_LIMITS: the tree's memory, and the
 * parser's recursion, stay bounded).
 */
export function readXml(xml: string, part = 'word/document.xml'): XmlElement {
  const document = new XmlElement('#document', '#document', []);
  const open: XmlElement[] = [document];
  let at = 0;
  let elements = 0;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    const textEnd = lt < 0 ? xml.length : lt;
    if (textEnd > at) {
      const text = xml.slice(at, textEnd);
      // Text outside the root may only be white space.
      if (open.length > 1) open[open.length - 1].append(new XmlText(decode(text)));
      else if (text.trim()) throw new XmlError('text outside the root element');
    }
    if (lt < 0) break;
    MARKUP.lastIndex = lt;
    const m = MARKUP.exec(xml);
    if (!m) throw new XmlError(`malformed markup at ${lt}`);
    at = MARKUP.lastIndex;
    const [, closing, name, attributeText, selfClosing, cdata] = m;
    if (cdata !== undefined) {
      if (open.length === 1) throw new XmlError('CDATA outside the root element');
      open[open.length - 1].append(new XmlText(cdata));
    } else if (name === undefined) {
      continue; // a comment, a processing instruction or a doctype
    } else if (closing) {
      const top = open.pop();
      if (!top || top === document || top.nodeName !== name) throw new XmlError(`</${name}> does not close <${top?.nodeName}>`);
    } else {
      const attributes: Attribute[] = [];
      if (attributeText) {
        for (const a of attributeText.matchAll(ATTRIBUTE)) attributes.push({ name: a[1], localName: localOf(a[1]), value: decode(a[2] ?? a[3]) });
      }
      const element = new XmlElement(name, localOf(name), attributes);
      if (open.length === 1 && document.firstChild) throw new XmlError('a second root element');
      if (++elements > DOCX_LIMITS.elements) throw new DocxError('tooManyElements', { part, max: DOCX_LIMITS.elements.toLocaleString('en') });
      open[open.length - 1].append(element);
      if (!selfClosing) {
        open.push(element);
        if (open.length > DOCX_LIMITS.depth + 1) throw new DocxError('tooDeep', { part, max: DOCX_LIMITS.depth });
      }
    }
  }
  if (open.length !== 1) throw new XmlError(`<${open[open.length - 1].nodeName}> is never closed`);
  const root = document.firstChild;
  if (!(root instanceof XmlElement)) throw new XmlError('no root element');
  return root;
}

/** A part of the package as a DOM element; a part that is not well-formed is a damaged document. */
export function parseXml(xml: string, part?: string): Element {
  try {
    return readXml(xml, part) as unknown as Element;
  } catch (error) {
    if (error instanceof XmlError) throw new DocxError('corrupt');
    throw error;
  }
}
