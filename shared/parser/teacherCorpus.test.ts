import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { buildDocx } from '@tests/support/docx';
import { scoreDocument, type WordScore } from '@tests/support/wordScore';
import { hardPapers, papers } from '@tests/fixtures/word';
import { parseDocx } from './parseDocx';

/**
 * The teacher corpora (tests/fixtures/word): papers laid out the way teachers really write them,
 * each a JSON file (papers/*.json, papers2/*.json: its document and the questions a careful human
 * reads in it) written as a .docx by build.ts, scored by tests/support/wordScore.ts. The
 * first copies the layouts issue 15 names; the harder one (papers2) was written from real layouts
 * by someone who had not read the parser's rules (split runs, w:sym ticks, fields, merged key
 * tables, list restarts, <보기> boxes, cloze passages, bilingual lines …). The figures of each
 * paper are printed in one table.
 */

/** Share of all expected questions (comprehension children included) read fully right. */
const FULLY_RIGHT_AT_LEAST = 0.95;
/** Share of papers that upload: the file opens and at least one question is read. */
const UPLOADING_AT_LEAST = 0.95;

const CORPORA = [
  { title: 'the teacher corpus', papers, dir: path.join(__dirname, '../../tests/fixtures/word/docx') },
  { title: 'the harder teacher corpus', papers: hardPapers, dir: path.join(__dirname, '../../tests/fixtures/word/docx2') },
];

describe.each(CORPORA)('$title', ({ title, papers, dir: DOCX_DIR }) => {
  const scores: { name: string; score: WordScore }[] = [];
  beforeAll(() => {
    for (const paper of papers) {
      const bytes = new Uint8Array(fs.readFileSync(path.join(DOCX_DIR, `${paper.name}.docx`)));
      scores.push({ name: paper.name, score: scoreDocument(parseDocx(bytes, paper.engine), paper.expected) });
    }
    const lines = scores.map(
      ({ name, score }) => `${name}: ${score.fullyRight}/${score.expected} fully right, ${score.uploads ? 'uploads' : 'DOES NOT UPLOAD'}`,
    );
    const misses = scores.flatMap(({ name, score }) => score.misses.slice(0, 3).map((m) => `  ${name} #${m.index}: ${m.reason}`));
    const total = scores.reduce((sum, s) => sum + s.score.expected, 0);
    const right = scores.reduce((sum, s) => sum + s.score.fullyRight, 0);
    console.log(
      [
        `${title}: ${right}/${total} questions fully right, ${scores.filter((s) => s.score.uploads).length}/${scores.length} papers upload`,
        ...lines,
        'First misses of each paper:',
        ...misses,
      ].join('\n'),
    );
  });

  it('the committed files are those the papers describe (else run node --import tsx tests/fixtures/word/build.ts)', () => {
    for (const paper of papers) {
      const file = path.join(DOCX_DIR, paper.name);
      expect(JSON.parse(fs.readFileSync(`${file}.expected.json`, 'utf8'))).toEqual(paper.expected);
      const committed = strFromU8(unzipSync(new Uint8Array(fs.readFileSync(`${file}.docx`)))['word/document.xml']);
      expect(committed).toBe(strFromU8(unzipSync(buildDocx(paper.content))['word/document.xml']));
    }
  });

  it(`reads at least ${FULLY_RIGHT_AT_LEAST * 100}% of the questions fully right`, () => {
    const total = scores.reduce((sum, s) => sum + s.score.expected, 0);
    const right = scores.reduce((sum, s) => sum + s.score.fullyRight, 0);
    expect(right / total).toBeGreaterThanOrEqual(FULLY_RIGHT_AT_LEAST);
  });

  it(`uploads at least ${UPLOADING_AT_LEAST * 100}% of the papers`, () => {
    expect(scores.filter((s) => s.score.uploads).length / scores.length).toBeGreaterThanOrEqual(UPLOADING_AT_LEAST);
  });
});
