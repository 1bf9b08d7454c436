import type { Paragraph } from '../docx/document';
import type { TableBlock } from '../content/inlines';

export type Block = { kind: 'paragraph'; paragraph: Paragraph } | TableBlock;

/** The body as the engines walk it: paragraphs outside tables one by one, each table as one block. */
export function blocksOf(paragraphs: Paragraph[]): Block[] {
  const blocks: Block[] = [];
  for (const paragraph of paragraphs) {
    if (!paragraph.cell) {
      blocks.push({ kind: 'paragraph', paragraph });
      continue;
    }
    const last = blocks.at(-1);
    if (last?.kind === 'table' && last.table === paragraph.cell.table) last.paragraphs.push(paragraph);
    else blocks.push({ kind: 'table', table: paragraph.cell.table, paragraphs: [paragraph] });
  }
  return blocks;
}

/** A table's cells row by row, each cell its paragraphs. */
export function rowsOf(block: TableBlock): Paragraph[][][] {
  const rows: Paragraph[][][] = [];
  for (const p of block.paragraphs) {
    const { row, column } = p.cell!;
    rows[row] ??= [];
    (rows[row][column] ??= []).push(p);
  }
  return rows.filter(Boolean).map((cells) => Array.from(cells, (c) => c ?? []));
}
