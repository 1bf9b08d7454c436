import { openHwp, streamOf, streamPaths, unpack } from './hwpPackage';
import { equationScript, inlineCtrlId, paraPieces } from './paraText';
import { ctrlIdOf, readRecords, TAG } from './records';

/**
 * What a person reads in a paper, one line a paragraph, for writing its expected questions by
 * hand (`hwpFixture.ts text`) and for the test that no original word is left. Nested lists (table
 * cells, footnotes, text boxes) are indented by their record level; controls show as markers:
 * [표] a table, [그림] a picture or drawing, [수식: script] an equation (at the place of its
 * record), [각주]/[미주] a note, [번호] an auto number, a tab as a tab.
 */
const EQ = '\u0001';
const MARKERS: Record<string, string> = { 'tbl ': '[표]', 'gso ': '[그림]', eqed: EQ, 'fn  ': '[각주]', 'en  ': '[미주]', atno: '[번호]', nwno: '[번호]' };

export function hwpLines(file: Uint8Array): string[] {
  const pkg = openHwp(file);
  const lines: string[] = [];
  const sections = streamPaths(pkg)
    .filter((p) => /^BodyText\/Section\d+$/.test(p))
    .sort((a, b) => Number(a.slice(16)) - Number(b.slice(16)));
  for (const path of sections) {
    // The line of the last paragraph read at each level: an equation's record (two levels under
    // its paragraph's text) fills the first equation mark left in it, so the script reads in place.
    const lastAt = new Map<number, number>();
    for (const record of readRecords(unpack(pkg, streamOf(pkg, path)!).bytes)) {
      const indent = '  '.repeat(Math.max(0, record.level - 1));
      if (record.tag === TAG.PARA_TEXT) {
        lastAt.set(record.level, lines.length);
        lines.push(indent + paragraphText(record.data));
      } else if (record.tag === TAG.EQEDIT) {
        const at = lastAt.get(record.level - 1);
        const script = `$${equationScript(record.data).trim()}$`;
        if (at !== undefined && lines[at].includes(EQ)) lines[at] = lines[at].replace(EQ, script);
        else lines.push(`${indent}${script}`);
      } else if (record.tag === TAG.SHAPE_COMPONENT_PICTURE) lines.push(`${indent}[그림 개체]`);
      else if (record.tag === TAG.CTRL_HEADER && ctrlIdOf(record.data) === 'tbl ') lines.push(`${indent}[표 시작]`);
    }
  }
  return lines.map((line) => line.split(EQ).join('$?$'));
}

function paragraphText(data: Uint8Array): string {
  return paraPieces(data)
    .map((piece) => {
      if (piece.kind === 'text') return piece.text;
      if (piece.code === 9) return '\t';
      if (piece.code === 10) return '\n';
      if (piece.units === 1) return piece.code === 13 ? '' : ' ';
      const id = inlineCtrlId(data, piece.at);
      return MARKERS[id] ?? '';
    })
    .join('');
}
