// Parses one .docx (its path the argument) in a process of its own and prints what it found and
// the process's peak memory as JSON: tests run it with --max-old-space-size=512 (issue 14).
// With a kind of hostileDocx and its arguments after the path, it only builds that document and
// writes it there (in a process of its own, so that the parser's peak memory is the parser's):
// built in a Jest worker, 40 MB of noise took 16 s (Jest's sandbox makes global lookups slow), here 2 s.
import fs from 'node:fs';
import { parseDocx } from '@shared/parser/parseDocx';
import { hostileDocx } from './hostileDocx';

const [at, kind, ...args] = process.argv.slice(2) as [string, keyof typeof hostileDocx | undefined, ...string[]];
if (kind) {
  fs.writeFileSync(at, (hostileDocx[kind] as (...n: number[]) => Uint8Array)(...args.map(Number)));
  process.exit(0);
}
const file = new Uint8Array(fs.readFileSync(at));
const started = performance.now();
const parsed = parseDocx(file);
console.log(
  JSON.stringify({
    bytes: file.length,
    questionCount: parsed.questionCount,
    fileProblem: parsed.problems.find((p) => p.code === 'file') ?? null,
    ms: Math.round(performance.now() - started),
    peakMb: Math.round((process.resourceUsage().maxRSS * 1024) / (1024 * 1024)),
  }),
);
