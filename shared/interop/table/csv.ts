import type { ExportResult, ImportResult, InteropSection } from '../model';
import { Losses } from '../problems';
import { COLUMNS, questionsOfTable, rowsOf, TEMPLATE_ROWS, type Row } from './rows';

/** CSV (RFC 4180) of the sheet in ./rows.ts: UTF-8 with a BOM, so Excel reads Vietnamese and Korean. */

export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  // Excel writes `;` where the decimal comma is the custom, and some tutors save tab-separated text.
  const delimiter = [',', ';', '\t'].sort((a, b) => firstLine.split(b).length - firstLine.split(a).length)[0];
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const field = (value: string) => (/[",\r\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const toCsv = (rows: Row[]) => '\uFEFF' + [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => field(r[c] ?? '')).join(','))].join('\r\n') + '\r\n';

export function importCsv(text: string): ImportResult {
  return questionsOfTable(parseCsv(text), 'csv');
}

export function exportCsv(sections: InteropSection[], fileName = 'questions'): ExportResult {
  const losses = new Losses('csv');
  const data = new TextEncoder().encode(toCsv(rowsOf(sections, losses).map((r) => r.row)));
  return { format: 'csv', fileName: `${fileName}.csv`, mimeType: 'text/csv;charset=utf-8', data, losses: losses.list() };
}

export const csvTemplate = () => new TextEncoder().encode(toCsv(TEMPLATE_ROWS));
