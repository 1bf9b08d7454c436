import { relationshipsOf, relsOf } from './opcPackage';

/** MathType and Microsoft Equation 3.0 objects: equations, which a fixture keeps (their preview too). */
const EQUATION_PROG_ID = /^\s*(?:Equation\.|MathType)/i;
const OBJECT = /<w:object\b[\s\S]*?<\/w:object>/g;
/** The picture Word shows for an object: VML imagedata, or a DrawingML blip in newer files. */
const PREVIEW = /<v:imagedata\b[^>]*?\br:id="([^"]+)"|<a:blip\b[^>]*?\br:embed="([^"]+)"/g;

export interface ObjectsFound {
  /** Parts that are the preview picture of an equation object: kept as they are. */
  equationPreviews: Set<string>;
  /** The equation objects themselves (MTEF inside an OLE file): any other embedded part may hold text, and is reported. */
  equationObjects: Set<string>;
}

/**
 * The embedded objects of every part that can hold them (document, headers, footers, notes): an
 * equation's preview is an equation, not a picture to grey out; another object's preview is a
 * picture like any other.
 */
export function findObjects(parts: Record<string, string>, rels: Record<string, string>): ObjectsFound {
  const found: ObjectsFound = { equationPreviews: new Set(), equationObjects: new Set() };
  for (const [path, xml] of Object.entries(parts)) {
    const relsXml = rels[relsOf(path)];
    if (!relsXml || !xml.includes('<w:object')) continue;
    const byId = new Map(relationshipsOf(relsOf(path), relsXml).map((r) => [r.id, r]));
    for (const [object] of xml.matchAll(OBJECT)) {
      const progId = /\bProgID="([^"]*)"/.exec(object)?.[1] ?? '';
      const embedded = /<o:OLEObject\b[^>]*?\br:id="([^"]+)"/.exec(object)?.[1];
      if (!EQUATION_PROG_ID.test(progId)) continue;
      const part = embedded ? byId.get(embedded)?.part : null;
      if (part) found.equationObjects.add(part);
      for (const m of object.matchAll(PREVIEW)) {
        const preview = byId.get(m[1] ?? m[2])?.part;
        if (preview) found.equationPreviews.add(preview);
      }
    }
  }
  return found;
}
