import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { Language } from '@shared/i18n/languages';
import { serverMessage, type ServerMessageKey } from '@shared/i18n/serverMessages';
import { ByteWriter } from './bytes';
import type { ExportRow, ResultsExport } from './service';

/**
 * The results as a file (issue 16): a row per submitted attempt, header labels in the caller's
 * language. Both formats are written a batch at a time as the download takes them.
 */

const LABELS: ServerMessageKey[] = [
  'resultsColumnName',
  'resultsColumnContact',
  'resultsColumnStarted',
  'resultsColumnSubmitted',
  'resultsColumnTimeTaken',
  'resultsColumnScore',
  'resultsColumnMaxScore',
  'resultsColumnPercentage',
  'resultsColumnRank',
];

export function headerOf(lang: Language, questionCount: number): string[] {
  return [
    ...LABELS.map((key) => serverMessage(lang, key)),
    ...Array.from({ length: questionCount }, (_, i) => serverMessage(lang, 'resultsColumnQuestion', { number: i + 1 })),
  ];
}

/** A download named after the test: ASCII for old clients, UTF-8 (RFC 5987) for the rest. */
export function attachment(name: string, extension: string): string {
  const ascii =
    name
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .trim() || 'results';
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(name)}.${extension}`;
}

/**
 * Text a spreadsheet would run as a formula (= + - @, or a tab or carriage return first: OWASP's
 * CSV injection list) gets a leading apostrophe, which Excel and LibreOffice show as text.
 * Only student-typed text goes through here: numbers are written by us as numbers.
 */
export const neutralised = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** 2026-05-01 09:30:00: UTC, a form Excel reads as a date and time. */
const utc = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
const duration = (seconds: number) =>
  `${Math.floor(seconds / 3600)}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** A row's cells before its marks, and the comma before them. */
const csvStart = (row: ExportRow<Buffer>) =>
  `${field(neutralised(row.name))},${field(neutralised(row.contact))},${utc(row.startedAt)},${utc(row.submittedAt)},${duration(row.timeTakenS)},${row.score},${row.maxScore},${row.percentage.toFixed(2)},${row.rank},`;

/**
 * UTF-8 with a byte-order mark (without it Excel reads Vietnamese and Korean names as Latin-1),
 * CRLF line ends. A Readable pulled by the response: the next batch is read only when the
 * previous one has been taken (back-pressure), and a closed download stops the reading. Each
 * batch is one buffer; the marks come as bytes already (ExportMarks.csvOf).
 */
export function csvStream(data: ResultsExport<Buffer>, lang: Language): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(`\uFEFF${headerOf(lang, data.questionCount).map(field).join(',')}\r\n`);
    for await (const batch of data.batches) {
      const out = new ByteWriter(batch.length * 128 + batch.reduce((sum, row) => sum + row.marks.length, 0));
      for (const row of batch) {
        out.utf8(csvStart(row));
        out.bytes(row.marks);
        out.ascii('\r\n');
      }
      yield out.written();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

const SECONDS_PER_DAY = 86_400;

/**
 * A real spreadsheet (exceljs's streaming WorkbookWriter, zipped as it goes): dates as dates,
 * time taken as a duration, numbers as numbers and every text cell as a string (never a
 * formula, whatever it starts with). Shared strings are off: their table would hold every
 * name until the end. After each batch the writer waits until the download has taken what was
 * written, so a slow client holds about one batch in memory.
 */
export function xlsxStream(data: ResultsExport, lang: Language): Readable {
  const out = new PassThrough();
  const header = headerOf(lang, data.questionCount);
  const formats = ['@', '@', 'yyyy-mm-dd hh:mm:ss', 'yyyy-mm-dd hh:mm:ss', '[h]:mm:ss', '0.##', '0.##', '0.00', '0'];
  const write = async () => {
    // Loaded when a spreadsheet is asked for: exceljs is the largest module of the server's start.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(serverMessage(lang, 'resultsSheetName'));
    sheet.columns = header.map((label, i) => ({ header: label, width: i < 2 ? 28 : i < 4 ? 20 : 10, style: { numFmt: formats[i] ?? '0.##' } }));
    for await (const batch of data.batches) {
      for (const row of batch) {
        sheet
          .addRow([
            row.name,
            row.contact,
            row.startedAt,
            row.submittedAt,
            row.timeTakenS / SECONDS_PER_DAY,
            row.score,
            row.maxScore,
            row.percentage,
            row.rank,
            ...row.marks,
          ])
          .commit();
      }
      // Let the zip take the batch, then wait while the download is behind.
      await new Promise((resolve) => setImmediate(resolve));
      while (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
