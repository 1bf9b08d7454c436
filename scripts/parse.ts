import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isParserEngine, DEFAULT_PARSER_ENGINE } from '@shared/parser/engines';
import { ENGINE_NAMES } from '@shared/parser/parseDocx';
import { parseDocument } from '@shared/parser/parseDocument';
import { blocksUpload } from '@shared/parser/types';
import { describeLines } from '@shared/parser/measure/describe';

/**
 * `npm run parse -- FILE.docx|.hwp|.hwpx [--engine text|table] [--json]`: the paper reader the add-in
 * and the portal run (Word's .docx, Hangul's .hwp and .hwpx), on files. Prints what it found and every problem with its paragraph; exits 1 when
 * a file has errors (it would not upload), 2 on wrong usage.
 */
const USAGE =
  'usage: npm run parse -- FILE [FILE ...] [--engine text|table] [--json | --lines]   (FILE: .docx, .hwp or .hwpx)\n' +
  '  --lines  each paragraph with Word numbering and run looks (**bold {colour} [highlight] _underline), as the reader sees it\n' +
  '  exit codes: 0 every file would upload, 1 a file would not (or does not exist), 2 usage';

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        engine: { type: 'string', default: DEFAULT_PARSER_ENGINE },
        json: { type: 'boolean', default: false },
        lines: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const engine = values.engine!;
  if (!isParserEngine(engine)) {
    console.error(`--engine must be text or table, not "${engine}"\n${USAGE}`);
    return 2;
  }
  let failed = false;
  for (const file of positionals) {
    if (!fs.existsSync(file)) {
      console.error(`${file}: no such file`);
      failed = true;
      continue;
    }
    if (values.lines) {
      try {
        console.log(describeLines(new Uint8Array(fs.readFileSync(file))).join('\n'));
      } catch (error) {
        console.error(`${file}: ${(error as Error).message}`);
        failed = true;
      }
      continue;
    }
    const start = performance.now();
    const { pictureBytes: _, ...doc } = parseDocument(new Uint8Array(fs.readFileSync(file)), engine);
    const ms = performance.now() - start;
    failed ||= blocksUpload(doc);
    if (values.json) {
      console.log(JSON.stringify({ file, ...doc }, null, 2));
      continue;
    }
    const { comprehension: passages, ...byType } = doc.countsByType;
    const types =
      Object.entries(byType)
        .map(([type, n]) => `${n} ${type.replace('_', ' ')}`)
        .join(', ') + (passages ? `; ${passages} comprehension passage${passages === 1 ? '' : 's'}` : '');
    console.log(`${path.basename(file)} (${ENGINE_NAMES[doc.engine].toLowerCase()} engine, ${Math.round(ms)} ms)`);
    console.log(`  ${doc.questionCount} question${doc.questionCount === 1 ? '' : 's'}${types ? `: ${types}` : ''}`);
    if (doc.sections.some((s) => s.name !== null))
      console.log(`  sections: ${doc.sections.map((s) => `${s.name ?? '(the chosen section)'} ${s.questions.length}`).join(', ')}`);
    console.log(`  pictures: ${doc.pictures.length}; fonts: ${doc.fonts.join(', ') || 'none'}`);
    const errors = doc.problems.filter((p) => p.severity === 'error').length;
    // Errors leave their question out; only a blocking problem stops the whole document (issue 15).
    const verdict = blocksUpload(doc)
      ? ': this document would not upload'
      : errors
        ? `: ${doc.questionCount} question${doc.questionCount === 1 ? '' : 's'} would upload, the rest left out`
        : '';
    console.log(`  ${errors} error${errors === 1 ? '' : 's'}, ${doc.problems.length - errors} note${doc.problems.length - errors === 1 ? '' : 's'}${verdict}`);
    for (const p of doc.problems) {
      const place =
        p.paragraph === null ? 'document' : `paragraph ${p.paragraph}${p.cell ? ` (table ${p.cell.table}, row ${p.cell.row}, column ${p.cell.column})` : ''}`;
      console.log(`  ${p.severity === 'error' ? 'error' : 'note '} ${place}: ${p.message}${p.excerpt ? ` "${p.excerpt}"` : ''}`);
    }
  }
  return failed ? 1 : 0;
}

process.exitCode = main();
