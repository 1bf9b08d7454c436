import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  EXPORT_FORMATS,
  exportSections,
  FORMAT_NAMES,
  IMPORT_FORMATS,
  importFile,
  MAPPING_FIELDS,
  type ExportFormat,
  type ImportFormat,
  type ImportResult,
} from '@shared/interop';
import { describeProblem } from '@shared/interop/problems';
import { describeMapping, parseNamedMapping } from '@shared/interop/table/mapping';

/**
 * `npm run --silent convert -- FILE --to json|qti3|moodle|gift|aiken|csv|xlsx|docx [--from FMT] [--out FILE] [--map MAPPING]`:
 * questions from one format to another (issue 20). The input format is detected from the file.
 * `--to json` prints the question JSON `npm run parse -- --json` prints. Problems go to stderr, each
 * with its question number; what the target format cannot hold is named. A file with no question
 * to convert (empty, not text, malformed, none readable) is one line naming the file, and nothing
 * is written (issue 29). A spreadsheet of other columns is read by --map, or by a guessed mapping
 * stderr names (issue 29; docs/interop.md). Exits 0 when every question was read, 1 when questions were left out or
 * nothing could be converted, 2 on wrong usage.
 */
const USAGE = `usage: npm run --silent convert -- FILE --to ${EXPORT_FORMATS.join('|')} [--from ${IMPORT_FORMATS.join('|')}] [--out FILE] [--map MAPPING]`;
const HELP = `${USAGE}

Reads the questions of FILE (its format detected from its bytes and name; --from gives it) and
writes them in the format --to names: to --out, or to a file named after FILE in this folder
(--to json without --out prints to stdout). Problems and what the target format cannot hold go to
stderr, each with its question number. Text formats (GIFT, Aiken, CSV, JSON, Moodle XML, a QTI
item) must be text: UTF-8, or UTF-16 with a byte-order mark.

A spreadsheet (CSV, XLSX) whose columns are not ours is read through a column mapping: --map
names, for each of our fields, the column (by its header) that holds it, several joined by |:
  --map "question=Question Text,options=Choice 1|Choice 2|Choice 3|Choice 4,correct=Correct,solution=Explanation,marks=Points"
The fields: ${MAPPING_FIELDS.join(', ')} (answer for correct). Without --map the mapping is guessed
from the header words and the values, and stderr says which one was used, in --map's words.

Exit codes:
  0  every question of the file was read and written
  1  questions were left out (each named on stderr), or nothing could be converted: an empty
     file, a file that is not text or not well-formed, or one with no question we can read (one
     line naming the file, and no file written)
  2  wrong usage: an unknown option or format, no FILE, a FILE that cannot be read, or a --map
     that cannot be read or names a column the sheet does not have (one line naming it)`;

/** Why nothing of a file could be converted, in one line. */
function nothingReason(imported: ImportResult): string {
  const whole = imported.problems.find((p) => p.question === null && p.severity === 'error');
  if (whole) return whole.message;
  const errors = imported.problems.filter((p) => p.severity === 'error');
  const what = `no question could be read from this ${FORMAT_NAMES[imported.format]} file`;
  if (!errors.length) return what;
  return `${what}: ${errors.length} left out, the first at ${describeProblem(errors[0]).replace(/^error\s+/, '')}`;
}

/** Where convert writes its lines: the terminal, or a test's arrays. */
export interface ConvertIo {
  out: (line: string) => void;
  err: (line: string) => void;
}
const TERMINAL: ConvertIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** The command with its arguments (after `--`): its exit code. Tests call it in-process. */
export async function convert(args: string[], io: ConvertIo = TERMINAL): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        to: { type: 'string' },
        from: { type: 'string' },
        out: { type: 'string' },
        map: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) return (io.out(HELP), 0);
  const to = values.to as ExportFormat | undefined;
  const from = values.from as ImportFormat | undefined;
  if (positionals.length !== 1 || !to || !EXPORT_FORMATS.includes(to) || (from && !IMPORT_FORMATS.includes(from))) {
    io.err(USAGE);
    return 2;
  }
  const named = values.map === undefined ? null : parseNamedMapping(values.map);
  if (named && 'error' in named) {
    io.err(`--map: ${named.error}`);
    return 2;
  }
  const file = positionals[0];
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(fs.readFileSync(file));
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    io.err(
      `${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot be read (${code ?? (error as Error).message})`}`,
    );
    return 2;
  }
  const imported = await importFile(bytes, path.basename(file), from, named ? { mapping: { names: named.mapping } } : {});
  if (imported.mappingError) {
    io.err(`${file}: --map: ${imported.mappingError.message}`);
    return 2;
  }
  // Which columns were read as what, in --map's words: a guess can be given back corrected.
  const mapped = imported.sheet
    ? `columns ${imported.sheet.guessed ? 'guessed' : 'mapped'}: --map "${describeMapping(imported.sheet.mapping, imported.sheet.columns)}"`
    : '';
  if (imported.questionCount === 0) {
    // One line naming the file, and no file written: there is nothing to write.
    io.err(`${file}: nothing to convert: ${nothingReason(imported)}${mapped ? ` (${mapped})` : ''}`.replace(/\s*[\r\n]+\s*/g, ' '));
    return 1;
  }
  if (mapped) io.err(`${path.basename(file)}: ${mapped}`);
  for (const problem of imported.problems) io.err(`${path.basename(file)}: ${describeProblem(problem)}`);
  const errors = imported.problems.filter((p) => p.severity === 'error').length;
  io.err(
    `${path.basename(file)}: ${imported.format}, ${imported.questionCount} question${imported.questionCount === 1 ? '' : 's'} read${errors ? `, ${errors} left out` : ''}`,
  );
  if (to === 'json') {
    const countsByType: Record<string, number> = {};
    for (const s of imported.sections)
      for (const q of s.questions)
        for (const c of q.type === 'comprehension' ? [q, ...q.questions] : [q]) countsByType[c.type] = (countsByType[c.type] ?? 0) + 1;
    const json = JSON.stringify(
      { file, format: imported.format, sections: imported.sections, problems: imported.problems, questionCount: imported.questionCount, countsByType },
      null,
      2,
    );
    if (values.out) fs.writeFileSync(values.out, json + '\n');
    else io.out(json);
    return errors ? 1 : 0;
  }
  const base = path.basename(file).replace(/\.(qti\.zip|gift\.txt|[^.]+)$/i, '');
  const out = await exportSections(imported.sections, to, base);
  for (const loss of out.losses)
    io.err(
      `${out.fileName}: dropped: ${loss.message} (question${loss.count === 1 ? '' : 's'} ${loss.questions.slice(0, 20).join(', ')}${loss.count > 20 ? '…' : ''})`,
    );
  const target = values.out ?? out.fileName;
  fs.writeFileSync(target, out.data);
  io.err(`wrote ${target}`);
  return errors ? 1 : 0;
}

// Run as a command (npm run convert), not when a test imports it.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) convert(process.argv.slice(2)).then((code) => (process.exitCode = code));
