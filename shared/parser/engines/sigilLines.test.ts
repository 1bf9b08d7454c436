import { linesOf as lines } from '@tests/support/lines';
import { inferSigilLines } from './sigilLines';

describe('a bank led by signs: ?question, +right, =other (sigilLines)', () => {
  it('finds the questions and which option each sign marks right, whatever sign the paper uses for the others', () => {
    const paper = lines(
      '?Qaysi shahar poytaxt?',
      '+ Toshkent',
      '= Samarqand',
      '= Buxoro',
      '?2 + 2 nechaga teng?',
      '= 3',
      '+ 4',
      '?Suv qanday?',
      '+Suyuq',
      '=Qattiq',
    );
    const found = inferSigilLines(paper);
    expect([...found.questions.keys()].map((p) => p.index)).toEqual([0, 4, 7]);
    expect([...found.options].map(([p, o]) => [p.index, o.right])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [5, false],
      [6, true],
      [8, true],
      [9, false],
    ]);
  });

  it('is no bank with fewer than three questions, or without one sign on one option of most of them', () => {
    expect(inferSigilLines(lines('?A', '+ x', '= y', '?B', '+ x', '= y')).questions.size).toBe(0);
    expect(inferSigilLines(lines('?A', '- x', '- y', '?B', '- x', '- y', '?C', '- x', '- y')).questions.size).toBe(0);
  });
});
