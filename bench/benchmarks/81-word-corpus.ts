import fs from 'node:fs';
import path from 'node:path';
import { parseDocx } from '@shared/parser/parseDocx';
import { hardPapers, papers } from '@tests/fixtures/word';
import { scoreDocument } from '@tests/support/wordScore';
import { hasKey, realPapers } from '@tests/fixtures/word/real';
import { isKnownFontFace } from '@shared/domain/fonts';
import { consistencyOf, meanConsistency } from '@shared/parser/measure/consistency';
import { median, round } from '../lib/stats';
import type { Benchmark, Figure } from '../lib/types';

/**
 * The teacher corpus (tests/fixtures/word): papers laid out as teachers really write them.
 * Speed: questions per second parsing the largest paper (the first read apart, then the median of
 * 7), with mammoth's convertToRawText of the same file as a baseline in the same run. Quality:
 * the share of the corpus's questions read fully right and of its papers that upload, scored by
 * tests/support/wordScore.ts against what a human reads in each paper. The real-structure corpus
 * (tests/fixtures/word/real, issue 28): real papers anonymised with their structure kept, scored
 * the same way (fully right in all, the mean per paper, papers with a key that upload through the
 * Word dialog) and with the truth-free consistency figure (percentages of questions/paragraphs).
 */

const REPEATS = 7;
const FULLY_RIGHT_TARGET = 0.95;
const UPLOADING_TARGET = 0.95;

const benchmark: Benchmark = {
  id: 'word-corpus',
  title: 'Word parser on the teacher corpus: speed on its largest paper (mammoth as a baseline) and how much of it is read right',
  async run(ctx) {
    const docxDir = path.join(ctx.root, 'tests/fixtures/word/docx');
    const files = papers.map((paper) => ({ paper, bytes: new Uint8Array(fs.readFileSync(path.join(docxDir, `${paper.name}.docx`))) }));
    const count = (qs: { children?: unknown[] }[]): number => qs.reduce((sum, q) => sum + 1 + (q.children?.length ?? 0), 0);
    const hardDir = path.join(ctx.root, 'tests/fixtures/word/docx2');
    const hard = hardPapers.map((paper) => ({ paper, bytes: new Uint8Array(fs.readFileSync(path.join(hardDir, `${paper.name}.docx`))) }));
    const largest = [...files, ...hard].reduce((a, b) => (count(b.paper.expected) > count(a.paper.expected) ? b : a));

    ctx.log(`${largest.paper.name}: 1 + ${REPEATS} reads with the parser, then with mammoth`);
    const time = (fn: () => unknown) => {
      const start = performance.now();
      fn();
      return performance.now() - start;
    };
    const timeAsync = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      await fn();
      return performance.now() - start;
    };
    let questions = 0;
    const parseFirst = time(() => (questions = parseDocx(largest.bytes, largest.paper.engine).questionCount));
    const parseTimes = Array.from({ length: REPEATS }, () => time(() => parseDocx(largest.bytes, largest.paper.engine)));
    const mammoth = (await import('mammoth')).default;
    const buffer = Buffer.from(largest.bytes);
    const mammothFirst = await timeAsync(() => mammoth.extractRawText({ buffer }));
    const mammothTimes: number[] = [];
    for (let i = 0; i < REPEATS; i++) mammothTimes.push(await timeAsync(() => mammoth.extractRawText({ buffer })));

    // Both corpora: the first (papers, the layouts the issue names) and the harder one (papers2, written without reading the parser's rules).
    const score = (set: { paper: (typeof papers)[number]; bytes: Uint8Array }[]) => {
      let expected = 0;
      let right = 0;
      let uploading = 0;
      const worst: string[] = [];
      for (const { paper, bytes } of set) {
        const result = scoreDocument(parseDocx(bytes, paper.engine), paper.expected);
        expected += result.expected;
        right += result.fullyRight;
        if (result.uploads) uploading += 1;
        if (result.fullyRight < result.expected || !result.uploads)
          worst.push(`${paper.name} ${result.fullyRight}/${result.expected}${result.uploads ? '' : ' (does not upload)'}`);
      }
      return { expected, right, uploading, papers: set.length, worst };
    };
    ctx.log(`scoring ${files.length} + ${hard.length} papers`);
    const first = score(files);
    const second = score(hard);
    const { expected, right, uploading } = first;
    const worst = [...first.worst, ...second.worst];

    // The real-structure corpus (issue 28): real papers, anonymised, with hand-written expected questions.
    const real = realPapers().map((paper) => {
      const parsed = parseDocx(new Uint8Array(fs.readFileSync(paper.file)));
      const result = scoreDocument(parsed, paper.expected);
      return { paper, result, consistency: consistencyOf(parsed), dialog: result.uploads && parsed.fonts.every(isKnownFontFace) };
    });
    const realExpected = real.reduce((n, r) => n + r.result.expected, 0);
    const realRight = real.reduce((n, r) => n + r.result.fullyRight, 0);
    const realPerPaper = real.reduce((n, r) => n + r.result.fullyRight / r.result.expected, 0) / Math.max(real.length, 1);
    const keyed = real.filter((r) => hasKey(r.paper));
    const keyedUploading = keyed.filter((r) => r.dialog).length;
    const agreement = meanConsistency(real.map((r) => r.consistency));

    const parseMedian = median(parseTimes);
    const mammothMedian = median(mammothTimes);
    const all = (times: number[]) => times.map((t) => round(t)).join(', ');
    const figures: Figure[] = [
      {
        name: `parse ${largest.paper.name} (median)`,
        value: round(questions / (parseMedian / 1000)),
        unit: 'questions/s',
        detail: `${questions} questions, ${round(largest.bytes.length / 1024)} KB; median ${round(parseMedian)} ms of ${REPEATS} reads after a first one of ${round(parseFirst)} ms (all: ${all(parseTimes)} ms)`,
      },
      { name: 'parse, first read', value: round(parseFirst), unit: 'ms', detail: 'the first read in this process (code not yet optimised by V8)' },
      {
        name: 'baseline: mammoth convertToRawText, same file (median)',
        value: round(mammothMedian),
        unit: 'ms',
        detail: `mammoth.extractRawText (its convertToRawText), which reads the .docx into plain text and recognises no question; first read ${round(mammothFirst)} ms (all: ${all(mammothTimes)} ms); the parser took ${round(parseMedian / mammothMedian)}× its time`,
      },
      {
        name: 'corpus questions fully right',
        value: round((100 * right) / expected),
        unit: '%',
        target: `≥ ${FULLY_RIGHT_TARGET * 100} %`,
        meetsTarget: right / expected >= FULLY_RIGHT_TARGET,
        detail: `${right} of ${expected} questions (comprehensions and their children each count) in ${files.length} papers`,
      },
      {
        name: 'corpus papers uploading',
        value: round((100 * uploading) / files.length),
        unit: '%',
        target: `≥ ${UPLOADING_TARGET * 100} %`,
        meetsTarget: uploading / files.length >= UPLOADING_TARGET,
        detail: `${uploading} of ${files.length} papers open and give at least one question`,
      },
      {
        name: 'harder corpus questions fully right',
        value: round((100 * second.right) / second.expected),
        unit: '%',
        target: `≥ ${FULLY_RIGHT_TARGET * 100} %`,
        meetsTarget: second.right / second.expected >= FULLY_RIGHT_TARGET,
        detail: `${second.right} of ${second.expected} questions in ${second.papers} papers (tests/fixtures/word/papers2)`,
      },
      {
        name: 'harder corpus papers uploading',
        value: round((100 * second.uploading) / second.papers),
        unit: '%',
        target: `≥ ${UPLOADING_TARGET * 100} %`,
        meetsTarget: second.uploading / second.papers >= UPLOADING_TARGET,
        detail: `${second.uploading} of ${second.papers} papers`,
      },
      {
        name: 'real-structure corpus questions fully right',
        value: round((100 * realRight) / Math.max(realExpected, 1)),
        unit: '%',
        target: '≥ 90 %',
        meetsTarget: realRight / Math.max(realExpected, 1) >= 0.9,
        detail: `${realRight} of ${realExpected} questions in ${real.length} anonymised real papers (tests/fixtures/word/real)`,
      },
      {
        name: 'real-structure corpus, mean per paper',
        value: round(100 * realPerPaper),
        unit: '%',
        target: '≥ 90 %',
        meetsTarget: realPerPaper >= 0.9,
        detail: 'the mean over papers of each paper’s share of questions fully right',
      },
      {
        name: 'real-structure papers with a key that upload through the Word dialog',
        value: round((100 * keyedUploading) / Math.max(keyed.length, 1)),
        unit: '%',
        target: '≥ 90 %',
        meetsTarget: keyedUploading / Math.max(keyed.length, 1) >= 0.9,
        detail: `${keyedUploading} of ${keyed.length} papers that give answers open, give a question and use no font the dialog would stop on`,
      },
      {
        name: 'real-structure corpus, truth-free consistency',
        value: round(100 * agreement.oneAnswer),
        unit: '% one answer',
        detail: `choice questions with exactly one correct option (papers that give answers); uniform option counts ${round(100 * agreement.uniformOptions)} %; paragraphs not understood ${round(100 * agreement.notUnderstood)} % (npm run word-consistency -- DIR gives the same over any folder)`,
      },
    ];
    return { figures, notes: worst.length ? [`papers not fully right: ${worst.join('; ')}`] : ['every paper fully right'] };
  },
};

export default benchmark;
