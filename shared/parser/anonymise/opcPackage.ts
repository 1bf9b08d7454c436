import { applyEdits, attributesOf, decodeXml, escapeXml, tagsOf, type Edit } from './xmlScan';

/**
 * The package's wiring (Open Packaging Conventions): relationship parts, the targets they point
 * at, and [Content_Types].xml. Pictures renamed to .png and parts dropped must be followed here,
 * or Word reports the file as damaged.
 */
export interface Relationship {
  id: string;
  type: string;
  /** The target as written, and the part it names (null for an external target). */
  target: string;
  part: string | null;
}

/** "word/_rels/document.xml.rels" is about "word/document.xml"; "_rels/.rels" about the package. */
export function sourceOfRels(relsPath: string): string {
  return relsPath.replace(/(^|\/)_rels\/([^/]*)\.rels$/, '$1$2');
}
export function relsOf(partPath: string): string {
  const slash = partPath.lastIndexOf('/');
  return `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
}

/** A target resolved against the folder of its source part ("media/a.png" from word/document.xml is word/media/a.png). */
export function resolveTarget(source: string, target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // A stray '%' is part of the name.
  }
  const base = decoded.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const step of decoded.split('/')) {
    if (step === '..') base.pop();
    else if (step !== '.' && step !== '') base.push(step);
  }
  return base.join('/');
}

export function relationshipsOf(relsPath: string, xml: string): Relationship[] {
  const source = sourceOfRels(relsPath);
  const found: Relationship[] = [];
  for (const tag of tagsOf(xml)) {
    if (tag.closing || !/(^|:)Relationship$/.test(tag.name)) continue;
    const a = Object.fromEntries(attributesOf(tag).map((x) => [x.name, decodeXml(x.value)]));
    const external = a.TargetMode === 'External';
    found.push({ id: a.Id, type: a.Type ?? '', target: a.Target ?? '', part: external ? null : resolveTarget(source, a.Target ?? '') });
  }
  return found;
}

/** What an external target becomes: links and linked files can name the school, a person, a drive (C:\Users\name\...). */
const externalTarget = (type: string) => (type.endsWith('/attachedTemplate') ? 'Normal.dotm' : 'https://example.invalid/');

/**
 * A relationship part rewritten: targets of renamed parts follow them (only the file name changes,
 * so the target keeps its relative form), relationships to dropped parts go, external targets are
 * neutralised.
 */
export function rewriteRels(relsPath: string, xml: string, renamed: Map<string, string>, dropped: Set<string>): string {
  const source = sourceOfRels(relsPath);
  const edits: Edit[] = [];
  for (const tag of tagsOf(xml)) {
    if (tag.closing || !/(^|:)Relationship$/.test(tag.name)) continue;
    const attributes = attributesOf(tag);
    const target = attributes.find((x) => x.name === 'Target');
    if (!target) continue;
    const get = (name: string) => decodeXml(attributes.find((x) => x.name === name)?.value ?? '');
    if (get('TargetMode') === 'External') {
      edits.push({ start: target.valueStart, end: target.valueEnd, text: escapeXml(externalTarget(get('Type'))) });
      continue;
    }
    const part = resolveTarget(source, decodeXml(target.value));
    if (dropped.has(part)) edits.push({ start: tag.start, end: tag.end, text: '' });
    const to = renamed.get(part);
    if (to) {
      const raw = target.value;
      edits.push({
        start: target.valueStart,
        end: target.valueEnd,
        text: raw.slice(0, raw.lastIndexOf('/') + 1) + escapeXml(to.slice(to.lastIndexOf('/') + 1)),
      });
    }
  }
  return applyEdits(xml, edits);
}

/**
 * [Content_Types].xml: a Default for png added when missing, Overrides of renamed parts renamed
 * (and typed image/png), Overrides of dropped parts removed.
 */
export function rewriteContentTypes(xml: string, renamed: Map<string, string>, dropped: Set<string>, needsPng: boolean): string {
  const edits: Edit[] = [];
  let hasPng = false;
  let closing = -1;
  for (const tag of tagsOf(xml)) {
    const attributes = attributesOf(tag);
    const get = (name: string) => attributes.find((x) => x.name === name);
    if (tag.name === 'Default' && get('Extension')?.value.toLowerCase() === 'png') hasPng = true;
    if (tag.name === 'Types' && tag.closing) closing = tag.start;
    const partName = tag.name === 'Override' ? get('PartName') : undefined;
    if (!partName) continue;
    const part = decodeXml(partName.value).replace(/^\//, '');
    if (dropped.has(part)) edits.push({ start: tag.start, end: tag.end, text: '' });
    const to = renamed.get(part);
    if (to) edits.push({ start: tag.start, end: tag.end, text: `<Override PartName="/${escapeXml(to)}" ContentType="image/png"/>` });
  }
  if (needsPng && !hasPng && closing >= 0) edits.push({ start: closing, end: closing, text: '<Default Extension="png" ContentType="image/png"/>' });
  return applyEdits(xml, edits);
}
