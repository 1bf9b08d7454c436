// Parses one .docx (its path the argument) in a process of its own and prints what it found and
// the process's peak memory as JSON: tests run it with --max-old-space-size=512 (issue 14).
import fs from 'node:fs';
import { parseDocx } from '@shared/parser/parseDocx';

const file = new Uint8Array(fs.readFileSync(process.argv[2]));
const started = performance.now();
const parsed = parseDocx(file);
console.log(
  JSON.stringify({
    questionCount: parsed.questionCount,
    fileProblem: parsed.problems.find((p) => p.code === 'file') ?? null,
    ms: Math.round(performance.now() - started),
    peakMb: Math.round((process.resourceUsage().maxRSS * 1024) / (1024 * 1024)),
  }),
);
