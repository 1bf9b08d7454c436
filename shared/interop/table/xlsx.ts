import type ExcelJS from 'exceljs';
import type { ExportResult, ImportResult, InteropSection } from '../model';
import { Losses } from '../problems';
import { COLUMNS, rowsOf, TEMPLATE_ROWS, type Row } from './rows';
import { readSheet, type MappingInput } from './sheet';

/** XLSX of the sheet in ./rows.ts (exceljs: the browser build in the portal, the Node one elsewhere). */

const CELL_MAX = 32_767;

/**
 * exceljs is loaded when a spreadsheet is read or written: it is the largest module the server
 * loads (about half a second of a start), and in the portal a chunk of its own.
 */
const excel = async () => (await import('exceljs')).default;

async function toXlsx(rows: Row[]): Promise<Uint8Array> {
  const book = new (await excel()).Workbook();
  const sheet = book.addWorksheet('Questions');
  sheet.addRow([...COLUMNS]);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(COLUMNS.map((c) => row[c] ?? ''));
  sheet.columns.forEach((column, i) => (column.width = i === 1 ? 60 : 14));
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((t) => t.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return String(value);
};

export async function importXlsx(bytes: Uint8Array, mapping?: MappingInput): Promise<ImportResult> {
  const book = new (await excel()).Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    return {
      format: 'xlsx',
      sections: [],
      questionCount: 0,
      problems: [{ severity: 'error', question: null, code: 'file', message: `the spreadsheet cannot be read (${(error as Error).message})` }],
    };
  }
  const sheet = book.worksheets[0];
  const table: string[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, n) => {
    const values = row.values as ExcelJS.CellValue[];
    table[n - 1] = values.slice(1).map(cellText);
  });
  return readSheet(
    Array.from(table, (r) => r ?? []),
    'xlsx',
    mapping,
  );
}

export async function exportXlsx(sections: InteropSection[], fileName = 'questions'): Promise<ExportResult> {
  const losses = new Losses('xlsx');
  const rows = rowsOf(sections, losses).flatMap(({ row, label }) => {
    const tooLong = COLUMNS.some((c) => (row[c]?.length ?? 0) > CELL_MAX);
    if (tooLong) losses.add('cellTooLong', label);
    return tooLong ? [] : [row];
  });
  return {
    format: 'xlsx',
    fileName: `${fileName}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    data: await toXlsx(rows),
    losses: losses.list(),
  };
}

export const xlsxTemplate = () => toXlsx(TEMPLATE_ROWS);
