import type { ExportResult, ImportResult, InteropSection } from '../model';
import { Losses } from '../problems';
import { COLUMNS, questionsOfTable, rowsOf, TEMPLATE_ROWS, type Row } from './rows';
import { readSheet, type MappingInput } from './sheet';

/** CSV (RFC 4180) of the sheet in ./rows.ts: UTF-8 with a BOM, so Excel reads Vietnamese and Korean. */

export function parseCsv(text: string, maxRows = Infinity): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  // Excel writes `;` where the decimal comma is the custom, and some tutors save tab-separated text.
  const count = (d: string) => {
    let n = 0;
    for (let at = firstLine.indexOf(d); at >= 0; at = firstLine.indexOf(d, at + 1)) n++;
    return n;
  };
  const delimiter = [',', ';', '\t'].sort((a, b) => count(b) - count(a))[0];
  // A cell's plain characters are taken a run at a time, not one by one (20 MB of one character took minutes: issue 29).
  const plain = new RegExp(`[^"\\r\\n${delimiter === '\t' ? '\\t' : delimiter}]+`, 'y');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length && rows.length < maxRows;) {
    if (quoted) {
      const quote = body.indexOf('"', i);
      if (quote < 0) {
        cell += body.slice(i);
        break;
      }
      cell += body.slice(i, quote);
      if (body[quote + 1] === '"') cell += '"';
      else quoted = false;
      i = quote + (quoted ? 2 : 1);
      continue;
    }
    plain.lastIndex = i;
    if (plain.test(body)) {
      cell += body.slice(i, plain.lastIndex);
      i = plain.lastIndex;
      continue;
    }
    const c = body[i];
    if (c === '"') {
      if (cell === '') quoted = true;
      else cell += c;
      i++;
    } else if (c === delimiter) {
      row.push(cell);
      cell = '';
      i++;
    } else {
      i += c === '\r' && body[i + 1] === '\n' ? 2 : 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    }
  }
  if ((cell || row.length) && rows.length < maxRows) rows.push([...row, cell]);
  return rows;
}

const field = (value: string) => (/[",\r\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const toCsv = (rows: Row[]) => '\uFEFF' + [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => field(r[c] ?? '')).join(','))].join('\r\n') + '\r\n';

/** Two non-empty cells in an unquoted line, found in one pass (3,000,000 commas are not split first). */
function twoCells(line: string): boolean {
  const first = line.search(/[^,;\t\s]/);
  if (first < 0) return false;
  const separator = line.slice(first).search(/[,;\t]/);
  return separator >= 0 && /[^,;\t\s]/.test(line.slice(first + separator));
}

export function importCsv(text: string, mapping?: MappingInput): ImportResult {
  // The header row first: a file without one is refused before the rest is read. A first line
  // without a quote is the first row whole, so one of a single cell is no header of columns
  // (ours or another tool's, read through a mapping: ./sheet.ts).
  const firstLine = text.slice(0, text.search(/[\r\n]|$/));
  if (!firstLine.includes('"') && !twoCells(firstLine)) return questionsOfTable([], 'csv');
  if (parseCsv(text, 1)[0].filter((h) => h.trim()).length < 2) return questionsOfTable([], 'csv');
  return readSheet(parseCsv(text), 'csv', mapping);
}

export function exportCsv(sections: InteropSection[], fileName = 'questions'): ExportResult {
  const losses = new Losses('csv');
  const data = new TextEncoder().encode(toCsv(rowsOf(sections, losses).map((r) => r.row)));
  return { format: 'csv', fileName: `${fileName}.csv`, mimeType: 'text/csv;charset=utf-8', data, losses: losses.list() };
}

export const csvTemplate = () => new TextEncoder().encode(toCsv(TEMPLATE_ROWS));
