/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { importFile } from '../index';
import { htmlToPlain } from '../html';
import { importGift } from './import';

const SAMPLE = path.join(__dirname, '../../../tests/fixtures/interop/samples/moodle/examples.gift.txt');
const plain = (html: string) => htmlToPlain(html).text.trim();

describe('GIFT true/false questions: the statement is the question text', () => {
  it('every true/false question of the Moodle sample is named by its statement', () => {
    const text = fs.readFileSync(SAMPLE, 'utf8');
    const statements = [...text.matchAll(/^([^/\n{][^{\n]*)\{(?:T|F|TRUE|FALSE)\b/gm)].map((m) => m[1].trim());
    const read = importGift(text);
    const trueFalse = read.sections.flatMap((s) => s.questions).filter((q) => q.type === 'true_false');
    expect(statements).toHaveLength(5);
    expect(trueFalse.map((q) => plain(q.name))).toEqual(statements);
  });

  it.each([
    ['The sun rises in the east{T}.', 'The sun rises in the east.', true],
    ['::The sun rises in the east::{T}.', 'The sun rises in the east.', true],
    ['::Sun::The sun rises in the east.{T}', 'The sun rises in the east.', true],
    ['Grant was buried{F} in Grant’s tomb.', 'Grant was buried in Grant’s tomb.', false],
    ['::Q:: {TRUE} Water boils at 100 °C.', 'Water boils at 100 °C.', true],
    ['::Q4::[html]<p>한강은 서울을 지난다.</p>{T}', '한강은 서울을 지난다.', true],
  ])('%s reads as the statement “%s”, no blank in it', (gift, statement, right) => {
    const read = importGift(gift);
    expect(read.problems).toEqual([]);
    const [q] = read.sections[0].questions;
    expect(q.type).toBe('true_false');
    expect(plain(q.name)).toBe(statement);
    expect('options' in q && q.options.map((o) => 'isCorrect' in o && o.isCorrect)).toEqual([right, !right]);
  });

  it('a missing word in a multiple-choice question keeps its blank', () => {
    const [q] = importGift('Grant is {~buried =entombed ~living} in Grant’s tomb.').sections[0].questions;
    expect(plain(q.name)).toBe('Grant is ____ in Grant’s tomb.');
  });
});

describe('questions left out for their kind carry a reason code (the portal words it)', () => {
  it('GIFT: an essay and a matching question', () => {
    const read = importGift('::E:: Describe a river. {}\n\n::M:: Match {=a -> 1 =b -> 2 =c -> 3}\n\n::T:: The sun is a star. {T}');
    expect(read.questionCount).toBe(1);
    expect(read.problems.map(({ question, code, reason }) => ({ question, code, reason }))).toEqual([
      { question: 1, code: 'unknownType', reason: 'essay' },
      { question: 2, code: 'unknownType', reason: 'matching' },
    ]);
    // The API keeps its English message.
    expect(read.problems[0].message).toBe('essay questions (an empty answer block) have no place in our tests');
  });

  it('Moodle XML: an essay, a matching and a drag-and-drop question', async () => {
    const q = (type: string) =>
      `<question type="${type}"><name><text>${type}</text></name><questiontext format="html"><text>Q</text></questiontext></question>`;
    const xml = `<?xml version="1.0"?><quiz>${q('essay')}${q('match')}${q('ddwtos')}</quiz>`;
    const read = await importFile(new TextEncoder().encode(xml), 'bank.xml');
    expect(read.problems.map(({ code, reason, kind }) => ({ code, reason, kind }))).toEqual([
      { code: 'unknownType', reason: 'essay', kind: undefined },
      { code: 'unknownType', reason: 'matching', kind: undefined },
      { code: 'unknownType', reason: 'otherKind', kind: 'ddwtos' },
    ]);
  });

  it('QTI 2.1 samples: extended text is an essay, match a matching question', async () => {
    const dir = path.join(__dirname, '../../../tests/fixtures/interop/samples/qti21');
    const reasonOf = async (file: string) =>
      (await importFile(new Uint8Array(fs.readFileSync(path.join(dir, file))), file)).problems.map((p) => [p.reason, p.kind]);
    expect(await reasonOf('extended_text.xml')).toEqual([['essay', undefined]]);
    expect(await reasonOf('match.xml')).toEqual([['matching', undefined]]);
    expect(await reasonOf('inline_choice.xml')).toEqual([['otherKind', 'inline choice']]);
  });
});
