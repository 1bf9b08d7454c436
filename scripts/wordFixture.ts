import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AnonymiseError, anonymiseDocx, type AnonymiseReport } from '@shared/parser/anonymise/anonymiseDocx';
import { parseDocx } from '@shared/parser/parseDocx';

/**
 * `npm run word-fixture -- anonymise REAL.docx OUT.docx`: a real teacher's paper turned into an
 * anonymous copy with the same structure, to commit as a test fixture (docs/word-fixtures.md).
 */
const USAGE =
  'usage: npm run word-fixture -- anonymise REAL.docx OUT.docx\n' +
  '  Writes OUT.docx: every part, paragraph, run boundary, format, list, table, field and equation of\n' +
  '  REAL.docx kept; every word that is not structure replaced by a pseudo-word of the same length and\n' +
  '  script (the same word gives the same pseudo-word within one run; the key is random and never\n' +
  '  written); pictures replaced by grey ones of the same size; title, author, company blanked.\n' +
  '  Then reads both with the Word parser and says whether they give as many questions.\n' +
  '  exit codes: 0 written, and the parser reads as many questions in both\n' +
  '              1 written, but the parser reads a different number of questions (do not commit it)\n' +
  '              2 usage, or REAL.docx is missing or not a Word document';

/** The questions the parser reads in a file, or why it reads none. */
function questionsIn(bytes: Uint8Array): number | string {
  try {
    return parseDocx(bytes).questionCount;
  } catch (error) {
    return (error as Error).message;
  }
}

/** What the parser reads in both: a number of questions, or why it reads none. */
function parserLine(before: number | string, after: number | string): string {
  const read = (n: number | string) => (typeof n === 'number' ? `${n} questions` : `nothing (${n})`);
  return before === after ? `parser: ${read(before)} in both` : `parser: ${read(before)} before, ${read(after)} after`;
}

function summary(input: string, output: string, report: AnonymiseReport, before: number | string, after: number | string): string {
  const { words } = report;
  const parts = [
    `${path.basename(input)} -> ${output}: ${words.replaced} words replaced (${words.distinct} distinct), ${words.kept} kept as structure`,
    `${report.pictures} pictures replaced${report.renamed ? ` (${report.renamed} renamed to .png)` : ''}, ${report.equationPreviews} equation previews kept`,
    parserLine(before, after),
  ];
  if (report.dropped.length) parts.push(`dropped ${report.dropped.join(', ')}`);
  if (report.leftAsIs.length) parts.push(`left as they are, check them before committing: ${report.leftAsIs.join(', ')}`);
  return parts.join('; ');
}

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [command, input, output] = positionals;
  if (!['anonymise', 'anonymize'].includes(command) || !input || !output || positionals.length !== 3) {
    console.error(USAGE);
    return 2;
  }
  if (path.resolve(input) === path.resolve(output)) {
    console.error(`${input}: OUT.docx must not be the real paper itself\n${USAGE}`);
    return 2;
  }
  if (!fs.existsSync(input) || !fs.statSync(input).isFile()) {
    console.error(`${input}: no such file`);
    return 2;
  }
  const original = new Uint8Array(fs.readFileSync(input));
  // Drawn for this run and forgotten with it: pseudo-words cannot be traced back by hashing a dictionary.
  const key = randomBytes(32);
  let result;
  try {
    result = anonymiseDocx(original, (message) => createHmac('sha256', key).update(message).digest());
  } catch (error) {
    if (!(error instanceof AnonymiseError)) throw error;
    console.error(`${input}: ${error.message}`);
    return 2;
  }
  fs.writeFileSync(output, result.bytes);
  const before = questionsIn(original);
  const after = questionsIn(result.bytes);
  console.log(summary(input, output, result.report, before, after));
  return before === after ? 0 : 1;
}

process.exitCode = main();
