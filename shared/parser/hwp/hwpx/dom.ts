/**
 * The few DOM reads the .hwpx reader makes, on the elements docx/xml.ts builds (they work on a
 * browser DOM too). OWPML names its elements with prefixes (hp:, hh:, hc:) whose namespaces have
 * changed between versions (2011 and 2024 URIs), so elements are matched by local name only.
 */

export function* childElements(el: Element | null): Generator<Element> {
  if (!el) return;
  for (let node = el.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) yield node as Element;
}

export function* children(el: Element | null, name: string): Generator<Element> {
  for (const child of childElements(el)) if (child.localName === name) yield child;
}

export const first = (el: Element | null, name: string): Element | null => children(el, name).next().value ?? null;

/** An attribute by local name (`hp:required-namespace` and `required-namespace` alike), or null. */
export function attr(el: Element | null, name: string): string | null {
  if (!el) return null;
  for (let i = 0; i < el.attributes.length; i++) if (el.attributes[i].localName === name) return el.attributes[i].value;
  return null;
}

/** A whole-number attribute, or null when absent or not a number. */
export function intAttr(el: Element | null, name: string): number | null {
  const value = attr(el, name);
  if (value === null || !/^-?\d+$/.test(value.trim())) return null;
  return Number(value);
}

export const descendants = (el: Element, name: string): Element[] => Array.from(el.getElementsByTagNameNS('*', name) as unknown as ArrayLike<Element>);

/** The first descendant of that name, searched depth-first (a paraPr's heading may sit inside an hp:switch). */
export const firstDescendant = (el: Element | null, name: string): Element | null => (el ? (descendants(el, name)[0] ?? null) : null);
