import fs from 'node:fs';
import path from 'node:path';
import { parseDocx } from '@shared/parser/parseDocx';
import { consistencyOf, meanConsistency } from '@shared/parser/measure/consistency';

/**
 * `npm run word-consistency -- DIR|FILE.docx ...`: the truth-free consistency figure (issue 28)
 * over real papers kept outside the repository. Prints one line per paper and the mean:
 * one-answer (% of choice questions with exactly one correct option, papers that give answers),
 * uniform (% of choice questions with the paper's usual option count), not understood (% of
 * paragraphs). Exit codes: 0 printed, 2 usage (no file given, or a path that does not exist).
 */
const USAGE = 'usage: npm run word-consistency -- DIR|FILE.docx [...]';

function files(args: string[]): string[] | null {
  const found: string[] = [];
  for (const arg of args) {
    if (!fs.existsSync(arg)) return null;
    if (fs.statSync(arg).isDirectory())
      found.push(
        ...fs
          .readdirSync(arg)
          .filter((f) => f.endsWith('.docx'))
          .sort()
          .map((f) => path.join(arg, f)),
      );
    else found.push(arg);
  }
  return found;
}

function main(): number {
  const args = process.argv.slice(2);
  const list = args.includes('--help') || args.length === 0 ? null : files(args);
  if (!list) {
    console.error(USAGE);
    return args.includes('--help') ? 0 : 2;
  }
  const pct = (v: number | null) => (v === null ? '   -' : `${(v * 100).toFixed(0).padStart(3)}%`);
  const all = list.map((file) => {
    const figures = consistencyOf(parseDocx(new Uint8Array(fs.readFileSync(file))));
    console.log(
      `${path.basename(file).padEnd(48)} ${String(figures.questions).padStart(4)} questions  one-answer ${pct(figures.oneAnswer)}  uniform ${pct(figures.uniformOptions)}  not understood ${pct(figures.notUnderstood)}`,
    );
    return figures;
  });
  const mean = meanConsistency(all);
  console.log(
    `mean over ${mean.papers} papers: one-answer ${pct(mean.oneAnswer)}, uniform options ${pct(mean.uniformOptions)}, paragraphs not understood ${pct(mean.notUnderstood)}`,
  );
  return 0;
}

process.exitCode = main();
