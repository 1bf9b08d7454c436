import { parseDocument } from '@shared/parser/parseDocument';
import { hangulLines } from '@shared/parser/hwp/anonymise';
import { buildHwp, equation, inlineControl, paragraph } from '@shared/parser/hwp/anonymise/testing';
import type { HwpRecord } from '@shared/parser/hwp/anonymise/records';
import { buildHwpx, equation as hwpxEquation, p, run, t } from '@shared/parser/hwp/hwpx/testing';
import { median, round } from '../lib/stats';
import type { Benchmark, Figure } from '../lib/types';

/**
 * Issue 30's benchmark: a 300-question Korean paper (a stem with an equation, ①–⑤ options on one
 * line split by tabs, `정답: ③`), written as an HWP 5.0 compound file and as an .hwpx, read by
 * the paper reader the upload dialog runs (parseDocument: the format's reader, then the engines),
 * median of runs; the baseline of the same run reads the same file's text alone (the compound
 * file's or zip's streams inflated, the paragraphs' text decoded: bench's floor for any reader).
 */
const QUESTIONS = 300;
const REPEATS = 7;

const stem = (n: number) => `${n}. 함수 f(x)의 값이 ${n}일 때 옳은 것은?`;
const options = (n: number) => ['①', '②', '③', '④', '⑤'].map((label, i) => `${label} ${n + i}`).join('\t');

/** In PARA_TEXT a tab and an object are controls of eight units (code, data, code), as Hangul writes them. */
const TAB = inlineControl(9, '    ');
const OBJECT = inlineControl(11, 'eqed');

function hwpPaper(): Uint8Array {
  const records: HwpRecord[] = [];
  for (let n = 1; n <= QUESTIONS; n++) {
    records.push(...paragraph(`${stem(n)} ${OBJECT}`, equation('{1} over {2} + sqrt {x ^{2} +1}')));
    records.push(...paragraph(options(n).replaceAll('\t', TAB)), ...paragraph('정답: ③'));
  }
  return buildHwp({ paragraphs: records });
}

function hwpxPaper(): Uint8Array {
  const paragraphs: string[] = [];
  for (let n = 1; n <= QUESTIONS; n++) {
    paragraphs.push(p([run(t(stem(n))), run(hwpxEquation('{1} over {2} + sqrt {x ^{2} +1}'))]), p(options(n)), p('정답: ③'));
  }
  return buildHwpx({ sections: [paragraphs] });
}

function timed(work: () => unknown): number[] {
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return times;
}

const benchmark: Benchmark = {
  id: 'hangul-parser',
  title: `Hangul papers: a ${QUESTIONS}-question paper as .hwp and .hwpx, read into questions, against reading its text alone`,
  async run() {
    const figures: Figure[] = [];
    for (const [kind, file] of [
      ['hwp', hwpPaper()],
      ['hwpx', hwpxPaper()],
    ] as const) {
      const found = parseDocument(file).questionCount;
      if (found !== QUESTIONS) throw new Error(`.${kind}: ${found} questions read of ${QUESTIONS}`);
      const parse = median(timed(() => parseDocument(file)));
      const text = median(timed(() => hangulLines(file)));
      const size = `${Math.round(file.length / 1024)} KB, ${QUESTIONS} questions read`;
      figures.push(
        { name: `.${kind}: ${QUESTIONS} questions read (median of ${REPEATS})`, value: round(parse), unit: 'ms', detail: size },
        { name: `baseline: .${kind}: its text alone`, value: round(text), unit: 'ms' },
        { name: `.${kind}: reading / text alone`, value: round(parse / text), unit: '×' },
      );
    }
    return { figures, notes: [] };
  },
};

export default benchmark;
