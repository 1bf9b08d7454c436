// Issue 29: the import preview shows maths rendered and pictures as thumbnails. The preview's text
// is cut where no formula is split, and the questions the portal lists carry their pictures
// (within a budget), so the portal draws them before anything is stored.
// @database-neutral: no server, no database.
import type { ImportResult, InteropQuestion } from '@shared/interop/model';
import { PREVIEW_QUESTIONS } from '@shared/contract/interop';
import { presentPreview } from './presenter';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const question = (name: string, optionName = 'A'): InteropQuestion => ({
  type: 'multiple_choice',
  name,
  solution: '',
  options: [
    { name: optionName, isCorrect: true },
    { name: 'B', isCorrect: false },
  ],
});
const result = (questions: InteropQuestion[]): ImportResult => ({
  format: 'gift',
  sections: [{ name: null, questions }],
  problems: [],
  questionCount: questions.length,
});

test('the text is cut outside a formula, so the portal typesets the formula whole', () => {
  const long = `${'x'.repeat(290)} $\\frac{a}{b} + \\sqrt{2}$ more`;
  const [q] = presentPreview(result([question(`<p>${long}</p>`)])).sections[0].questions;
  expect(q.text).toBe(`${'x'.repeat(290)}…`);
  expect(presentPreview(result([question('<p>If $n$ cells each of emf $E$</p>')])).sections[0].questions[0].text).toBe('If $n$ cells each of emf $E$');
});

test("a listed question's pictures come as thumbnails: small ones as they are, links kept, the rest as their size", () => {
  const big = `data:image/png;base64,${'A'.repeat(400_000)}`;
  const svg = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';
  const [q] = presentPreview(
    result([question(`<p>Which? <img src="${PNG}"> <img src="${big}"></p>`, `<img src="https://example.org/a.png"> <img src="${svg}"> <img src="/x.png">`)]),
  ).sections[0].questions;
  expect(q.pictures).toBe(5);
  expect(q.thumbnails).toEqual([
    { src: PNG, bytes: 70 },
    { src: null, bytes: 300_000 },
    { src: 'https://example.org/a.png', bytes: null },
    { src: null, bytes: 11 },
    { src: null, bytes: null },
  ]);
});

test('only the questions the portal lists carry pictures, and only up to the budget', () => {
  const questions = Array.from({ length: PREVIEW_QUESTIONS + 2 }, (_, i) => question(`<p>Q${i} <img src="${PNG}"></p>`));
  const listed = presentPreview(result(questions)).sections[0].questions;
  expect(listed.slice(0, PREVIEW_QUESTIONS).every((q) => q.thumbnails?.[0].src === PNG)).toBe(true);
  expect(listed.slice(PREVIEW_QUESTIONS).map((q) => [q.pictures, q.thumbnails])).toEqual([
    [1, undefined],
    [1, undefined],
  ]);

  const heavy = `data:image/jpeg;base64,${'A'.repeat(340_000)}`;
  const many = presentPreview(result(Array.from({ length: 12 }, () => question(`<p><img src="${heavy}"></p>`)))).sections[0].questions;
  const sent = many.filter((q) => q.thumbnails?.[0].src !== null).length;
  expect(sent).toBeGreaterThan(0);
  expect(sent).toBeLessThan(12);
  expect(many.at(-1)!.thumbnails).toEqual([{ src: null, bytes: 255_000 }]);
});
