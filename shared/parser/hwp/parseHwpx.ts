import { DEFAULT_PARSER_ENGINE } from '../engines';
import { parseXml } from '../docx/xml';
import { parseRead, type parseSource } from '../parseDocx';
import type { SourceDocument } from '../source';
import type { EngineId } from '../types';
import { readHeader, readManifest } from './hwpx/header';
import { openHwpx, sectionParts } from './hwpx/openHwpx';
import { readSection, type Draft, type SectionContext } from './hwpx/section';
import { toSourceDocument } from './hwpx/sourceDocument';

/**
 * A .hwpx (Hangul's OWPML package) as the engines read documents: open the zip (guarded as the
 * Word reader's) -> header.xml's shapes and numbering -> each section's paragraphs -> the
 * SourceDocument (labels computed, endnotes after the body). Throws a DocxError for a file it
 * cannot open.
 */
export function readHwpx(file: Uint8Array): SourceDocument {
  const pkg = openHwpx(file);
  const styles = readHeader(pkg);
  const manifest = readManifest(pkg);
  const ctx: SectionContext = {
    styles,
    // The manifest names the file; a package without one (some writers) still keeps it in BinData/ under its id.
    picturePath: (id) => manifest.items.get(id) ?? pkg.names.find((name) => name.startsWith(`BinData/${id}.`)) ?? null,
    endnotes: [],
    tables: 0,
    outlineId: null,
  };
  const body: Draft[] = [];
  for (const part of sectionParts(pkg, manifest.items, manifest.spine)) body.push(...readSection(parseXml(pkg.xml(part)!, part), ctx));
  return toSourceDocument(body, ctx.endnotes, styles, (path) => pkg.bytes(path));
}

/** The Hangul parser: as parseDocx, a .hwpx in, the questions and every problem out; a file it cannot open is one problem of its own. */
export function parseHwpx(file: Uint8Array, engine: EngineId = DEFAULT_PARSER_ENGINE): ReturnType<typeof parseSource> {
  return parseRead(() => readHwpx(file), engine);
}
