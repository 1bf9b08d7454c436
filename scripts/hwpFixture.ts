import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { anonymiseHangul, hangulLines, leftovers } from '@shared/parser/hwp/anonymise';
import { seededHash } from '@shared/parser/hwp/anonymise/words';

/**
 * `node --import tsx scripts/hwpFixture.ts anonymise REAL.hwp OUT.hwp`: a real Korean paper (.hwp
 * or .hwpx) turned into an anonymous copy with the same structure, to commit as a fixture of
 * tests/fixtures/hwp/real (docs/hwp-fixtures.md). `text FILE` prints what a reader sees in a paper,
 * one line a paragraph, to write its expected questions by hand.
 */
const USAGE =
  'usage: node --import tsx scripts/hwpFixture.ts anonymise REAL.hwp|REAL.hwpx OUT [--seed SEED]\n' +
  '       node --import tsx scripts/hwpFixture.ts text FILE\n' +
  '  anonymise: every record, control, table, equation and picture size of REAL kept; every Hangul\n' +
  '  syllable, Latin letter and Han character of a word that is not structure replaced one for one\n' +
  '  (the same word gives the same pseudo-word; SEED makes it repeatable, by default it is random and\n' +
  '  never written); pictures replaced by grey ones of the same size; preview and summary dropped.\n' +
  '  exit codes: 0 written, and no original word of two syllables or more is left in OUT\n' +
  '              1 written, but some original words are left (do not commit it)\n' +
  '              2 usage, or REAL is missing, encrypted or not a Hangul document';

function anonymise(input: string, output: string, seed: string): number {
  const result = anonymiseHangul(new Uint8Array(fs.readFileSync(input)), seededHash(seed));
  fs.writeFileSync(output, result.bytes);
  const { words } = result.report;
  const left = leftovers(result.bytes, result.originals);
  const extra =
    'paragraphs' in result.report
      ? `${result.report.paragraphs} paragraphs, ${result.report.equations} equations, removed ${result.report.removed.join(', ') || 'nothing'}`
      : `${result.report.runs} runs, ${result.report.equations} equations`;
  const unknown = result.report.unknownPictures.length ? `; pictures left as they are, check them: ${result.report.unknownPictures.join(', ')}` : '';
  console.log(
    `${path.basename(input)} -> ${output} (${result.format}): ${words.replaced} words replaced (${words.distinct} distinct), ${words.kept} kept; ` +
      `${extra}; ${result.report.pictures} pictures replaced${unknown}; ${left.length ? `ORIGINAL WORDS LEFT: ${left.slice(0, 20).join(' ')}` : 'no original word left'}`,
  );
  return left.length ? 1 : 0;
}

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, input, output] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (!input || !fs.existsSync(input) || (command === 'anonymise' && !output) || !['anonymise', 'text'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  try {
    if (command === 'text') {
      console.log(hangulLines(new Uint8Array(fs.readFileSync(input))).join('\n'));
      return 0;
    }
    return anonymise(input, output, values.seed ?? randomBytes(16).toString('hex'));
  } catch (error) {
    console.error(`${input}: ${(error as Error).message}`);
    return 2;
  }
}

process.exitCode = main();
