import { linesOf as lines } from '@tests/support/lines';
import { paragraphText, type Paragraph } from '../docx/document';
import { latinLookalikeLabels } from './lookalikeLabels';

const texts = (paragraphs: Paragraph[]) => paragraphs.map(paragraphText);

describe('option labels typed with Cyrillic letters that look Latin (lookalikeLabels)', () => {
  it('a paper labelling А) В) С) D) Е) has its Cyrillic А В С Е read as Latin, one character for one', () => {
    const paper = lines(
      '1. Сұрақ?',
      'А) бір',
      'В) * екі',
      'С) үш',
      'D) төрт',
      '2. Сұрақ?',
      'А) бір',
      'В) екі',
      'С) * үш',
      'D) төрт',
      'Е) бес',
      '3. Сұрақ?',
      'А) а',
      'С) с',
    );
    const read = texts(latinLookalikeLabels(paper));
    expect(read.slice(1, 5)).toEqual(['A) бір', 'B) * екі', 'C) үш', 'D) төрт']);
    expect(read[10]).toBe('E) бес');
    expect(read[0]).toBe('1. Сұрақ?');
  });

  it('an Uzbek paper labelling A. B. S. D. has S read as C, when C never comes', () => {
    const paper = lines('1. Savol?', 'A.9', 'B.8', 'S.7', 'D.10', '2. Savol?', 'A. x', 'B. y', 'S. z', 'D. w', '3. Savol?', 'A. x', 'S. z', 'D. w');
    expect(texts(latinLookalikeLabels(paper)).slice(1, 5)).toEqual(['A.9', 'B.8', 'C.7', 'D.10']);
    const withC = lines('1. Q?', 'A. x', 'B. y', 'C. z', 'S. Sulfur', '2. Q?', 'S. x', 'D. y', '3. Q?', 'S. x', 'D. y', 'D. z');
    expect(texts(latinLookalikeLabels(withC))).toEqual(texts(withC));
  });

  it('a Russian paper labelling а) б) в) г) keeps its letters', () => {
    const paper = lines('1. Вопрос?', 'а) один', 'б) два', 'в) три', 'г) четыре', '2. Вопрос?', 'а) один', 'б) два', 'в) три', 'г) четыре');
    expect(latinLookalikeLabels(paper)).toBe(paper);
  });
});
