import { addQuestions, addSection } from './operations';
import { emptyTest, sequentialIds } from './testing';
import { placeDocument } from './wordDocument';

/** Where a Word document's questions go (issue 14): the chosen section, or the document's own sections. */
const ctx = { ids: sequentialIds(), allowGpscType: false };
const q = (name: string) => ({ type: 'integer' as const, name, solution: '1' });
const doc = [
  { name: null, questions: [q('intro')] },
  { name: 'Part A', questions: [q('a1'), q('a2')] },
  { name: 'Part B', questions: [q('b1')] },
];
const layout = (test: ReturnType<typeof emptyTest>) => test.sections.map((s) => [s.name, s.questions.map((x) => x.name)]);

it('by default every question goes into the chosen section; the Section: names are reported, not used', () => {
  const test = emptyTest();
  const chosen = addSection(test, { name: 'Mine' }, ctx.ids);
  expect(placeDocument(test, chosen._id, doc, false, ctx)).toEqual({ questions: 4, sectionsCreated: 0, renamed: null, ignoredSections: ['Part A', 'Part B'] });
  expect(layout(test)).toEqual([['Mine', ['intro', 'a1', 'a2', 'b1']]]);
});

it("the document's sections: what comes first into the chosen section, each Section: a new one", () => {
  const test = emptyTest();
  const chosen = addSection(test, { name: 'Mine' }, ctx.ids);
  expect(placeDocument(test, chosen._id, doc, true, ctx)).toMatchObject({ questions: 4, sectionsCreated: 2, renamed: null });
  expect(layout(test)).toEqual([
    ['Mine', ['intro']],
    ['Part A', ['a1', 'a2']],
    ['Part B', ['b1']],
  ]);
});

it('an empty chosen section that would stay empty takes the first Section: and its name (none is left empty)', () => {
  const test = emptyTest();
  const chosen = addSection(test, { name: 'Section 1' }, ctx.ids);
  const placement = placeDocument(test, chosen._id, doc.slice(1), true, ctx);
  expect(placement).toEqual({ questions: 3, sectionsCreated: 1, renamed: { from: 'Section 1', to: 'Part A' }, ignoredSections: [] });
  expect(layout(test)).toEqual([
    ['Part A', ['a1', 'a2']],
    ['Part B', ['b1']],
  ]);
  expect(test.sections.every((s) => s.questions.length > 0)).toBe(true);
});

it('a chosen section that already has questions keeps its name', () => {
  const test = emptyTest();
  const chosen = addSection(test, { name: 'Mine' }, ctx.ids);
  addQuestions(test, chosen._id, [q('old')], ctx);
  placeDocument(test, chosen._id, doc.slice(1), true, ctx);
  expect(layout(test)).toEqual([
    ['Mine', ['old']],
    ['Part A', ['a1', 'a2']],
    ['Part B', ['b1']],
  ]);
});

it('a refused question names its place in the document', () => {
  const test = emptyTest();
  const chosen = addSection(test, { name: 'Mine' }, ctx.ids);
  expect(() => placeDocument(test, chosen._id, [{ name: null, questions: [q('fine'), { type: 'essay' } as never] }], false, ctx)).toThrow(
    expect.objectContaining({ field: 'sections.0.questions.1.type' }),
  );
});
