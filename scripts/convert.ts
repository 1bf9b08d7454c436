import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXPORT_FORMATS, exportSections, IMPORT_FORMATS, importFile, type ExportFormat, type ImportFormat } from '@shared/interop';
import { describeProblem } from '@shared/interop/problems';

/**
 * `npm run --silent convert -- FILE --to json|qti3|moodle|gift|aiken|csv|xlsx|docx [--from FMT] [--out FILE]`:
 * questions from one format to another (issue 20). The input format is detected from the file.
 * `--to json` prints the question JSON `npm run parse -- --json` prints. Problems go to stderr, each
 * with its question number; what the target format cannot hold is named. Exits 1 when a question
 * was left out, 2 on wrong usage.
 */
const USAGE = `usage: npm run --silent convert -- FILE --to ${EXPORT_FORMATS.join('|')} [--from ${IMPORT_FORMATS.join('|')}] [--out FILE]`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { to: { type: 'string' }, from: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) return (console.log(USAGE), 0);
  const to = values.to as ExportFormat | undefined;
  const from = values.from as ImportFormat | undefined;
  if (positionals.length !== 1 || !to || !EXPORT_FORMATS.includes(to) || (from && !IMPORT_FORMATS.includes(from))) {
    console.error(USAGE);
    return 2;
  }
  const file = positionals[0];
  if (!fs.existsSync(file)) {
    console.error(`${file}: no such file`);
    return 2;
  }
  const imported = await importFile(new Uint8Array(fs.readFileSync(file)), path.basename(file), from);
  for (const problem of imported.problems) console.error(`${path.basename(file)}: ${describeProblem(problem)}`);
  const errors = imported.problems.filter((p) => p.severity === 'error').length;
  console.error(
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
    else console.log(json);
    return errors ? 1 : 0;
  }
  const base = path.basename(file).replace(/\.(qti\.zip|gift\.txt|[^.]+)$/i, '');
  const out = await exportSections(imported.sections, to, base);
  for (const loss of out.losses)
    console.error(
      `${out.fileName}: dropped: ${loss.message} (question${loss.count === 1 ? '' : 's'} ${loss.questions.slice(0, 20).join(', ')}${loss.count > 20 ? '…' : ''})`,
    );
  const target = values.out ?? out.fileName;
  fs.writeFileSync(target, out.data);
  console.error(`wrote ${target}`);
  return errors ? 1 : 0;
}

main().then((code) => (process.exitCode = code));
