import { linesOf } from '@tests/support/lines';
import { paragraphText, type Paragraph } from '../docx/document';
import { materialLabels } from './materialLabels';

const isStart = (line: Paragraph) => /^\d+\./.test(paragraphText(line));

describe("circled marks in a question's material", () => {
  it("a statute's clauses (② ③ after `제1조①`) are text when the options come after them from ①", () => {
    const paper = linesOf(
      '1. 다음 규정에 따를 때 옳은 것은?',
      '제1조① 첫째 항',
      '② 둘째 항',
      '③ 셋째 항',
      '제2조① 다른 항',
      '② 또 다른 항',
      '①ㄱ\t②ㄷ\t③ㄱ, ㄴ',
      '2. 다음 중 옳은 것은?',
      '① 가',
      '② 나',
    );
    expect([...materialLabels(paper, isStart)].map(paragraphText)).toEqual(['② 둘째 항', '③ 셋째 항', '② 또 다른 항']);
  });

  it('options from ①, and a run from ① before them (a question whose number went unread), stay options', () => {
    const paper = linesOf('1. 옳은 것은?', '① 가', '② 나', '[그림]2 옳은 것은?', '① 다', '② 라');
    expect(materialLabels(paper, isStart).size).toBe(0);
    // No later run from ①: the clauses are the options.
    expect(materialLabels(linesOf('1. 옳은 것은?', '② 나', '③ 다'), isStart).size).toBe(0);
  });
});
