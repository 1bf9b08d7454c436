import { unzipSync } from 'fflate';
import { exportGift } from '@shared/interop/gift/export';
import { importGift } from '@shared/interop/gift/import';
import { importQtiPackage } from '@shared/interop/qti/import';
import { exportQti3 } from '@shared/interop/qti/package';
import { generateTest } from '@shared/interop/testing/generate';
import { median, round } from '../lib/stats';
import type { Benchmark, Figure } from '../lib/types';

/**
 * Issue 20: a 10,000-question bank imported from GIFT and from a QTI 3.0 package, in questions a
 * second (median of several reads in this process, after an untimed one), each beside a baseline
 * measured in the same run on the same bytes: for GIFT, splitting the text into its blocks; for
 * QTI, unzipping the package. The target is 2,000 questions a second.
 */
const QUESTIONS = 10_000;
const REPEATS = 5;
const TARGET = 2_000;

function timed(run: () => void): number[] {
  run(); // untimed: V8 optimises the code
  return Array.from({ length: REPEATS }, () => {
    const start = performance.now();
    run();
    return performance.now() - start;
  });
}

const benchmark: Benchmark = {
  id: 'interop',
  title: 'Question import: 10,000-question GIFT and QTI 3.0 banks',
  async run(ctx) {
    const bank = generateTest(2026, { sections: 10, questionsPerSection: 0 });
    const filler = generateTest(7, { sections: 1, questionsPerSection: QUESTIONS });
    // A flat bank of 10,000 questions in 10 sections (passages' questions counted).
    const questions = filler[0].questions.flatMap((q) => (q.type === 'comprehension' ? q.questions : [q])).slice(0, QUESTIONS);
    bank.forEach((s, i) => (s.questions = questions.slice(i * (QUESTIONS / 10), (i + 1) * (QUESTIONS / 10))));
    const gift = new TextDecoder().decode(exportGift(bank).data);
    const qti = exportQti3(bank).data;
    ctx.log(`bank: ${questions.length} questions; GIFT ${round(gift.length / 1e6)} MB, QTI package ${round(qti.length / 1e6)} MB`);
    const figures: Figure[] = [];
    const measure = (name: string, read: () => number, baselineName: string, baseline: () => void) => {
      let count = 0;
      const times = timed(() => (count = read()));
      const base = timed(baseline);
      const rate = (QUESTIONS / median(times)) * 1000;
      figures.push({
        name: `${name} import (median)`,
        value: round(rate),
        unit: 'questions/s',
        target: `>= ${TARGET.toLocaleString('en')} questions/s`,
        meetsTarget: rate >= TARGET && count === QUESTIONS,
        detail: `${count} questions read in ${round(median(times))} ms (median of ${REPEATS}: ${times.map((t) => Math.round(t)).join(', ')} ms)`,
      });
      figures.push({
        name: `${name}: baseline, ${baselineName} (median)`,
        value: round(median(base)),
        unit: 'ms',
        detail: `the same bytes, in the same run (all: ${base.map((t) => Math.round(t)).join(', ')} ms)`,
      });
    };
    measure(
      'GIFT',
      () => importGift(gift).questionCount,
      'splitting the text into question blocks',
      () => void gift.split(/\n\s*\n/).length,
    );
    measure(
      'QTI 3.0 package',
      () => importQtiPackage(qti, 'qti3').questionCount,
      'unzipping the package',
      () => void unzipSync(qti),
    );
    return { figures, notes: [] };
  },
};

export default benchmark;
