/**
 * One reader of a .docx in a process of its own, for the word-parser benchmark's time and
 * memory figures: `node --expose-gc --import tsx bench/lib/parseChild.ts FILE READER REPEATS`,
 * READER `text` or `table` (shared/parser parseDocx with that engine) or `mammoth`
 * (convertToHtml, the baseline). Prints one line of JSON.
 *
 * Memory: the kernel's high-water mark of this process's resident set
 * (`process.resourceUsage().maxRSS`), read after everything is loaded and the file is in memory
 * (the baseline), after the first read (its peak), and at the end (the highest of all the reads). A read is synchronous or runs
 * to its end before anything else here, so sampling `process.memoryUsage()` during it would see
 * nothing; maxRSS misses no peak however short.
 */
import fs from 'node:fs';
import { parseDocx } from '@shared/parser/parseDocx';

const [file, reader, repeatsArg] = process.argv.slice(2);
const repeats = Number(repeatsArg ?? 7);
const bytes = new Uint8Array(fs.readFileSync(file));
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

// Only the reader measured is loaded, so that the baseline holds nothing of the other.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when it is the reader measured
const mammoth: typeof import('mammoth') | null = reader === 'mammoth' ? require('mammoth') : null;

async function read(): Promise<number> {
  if (mammoth) {
    const result = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    return result.value.length;
  }
  if (reader !== 'text' && reader !== 'table') throw new Error(`unknown reader ${reader}`);
  return parseDocx(bytes, reader).questionCount;
}

const maxRss = () => process.resourceUsage().maxRSS * 1024;

async function main() {
  gc!();
  const baseline = { rss: process.memoryUsage().rss, maxRss: maxRss() };
  let start = performance.now();
  const output = await read();
  const firstMs = performance.now() - start;
  const afterFirst = { maxRss: maxRss() };
  const times: number[] = [];
  /** CPU time of the process (all its threads, GC helpers included) per read: less moved by other work on the machine than the wall clock. */
  const cpuTimes: number[] = [];
  for (let i = 0; i < repeats; i++) {
    // Each timed read starts from a collected heap (not timed): V8 would otherwise let garbage
    // of the earlier reads pile up, and the peak would measure its laziness, not one read.
    gc!();
    const cpu = process.cpuUsage();
    start = performance.now();
    await read();
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  process.stdout.write(`${JSON.stringify({ reader, output, firstMs, times, cpuTimes, baseline, afterFirst, endMaxRss: maxRss() })}\n`);
}

void main();
