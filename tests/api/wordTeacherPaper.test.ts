import { type Endpoints } from '@shared/api/endpoints';
import { hydrateTest, validateTest } from '@shared/domain/test';
import { parseDocx } from '@shared/parser/parseDocx';
import { blocksUpload } from '@shared/parser/types';
import { uploadDocument } from '@shared/parser/upload';
import { buildDocx } from '../support/docx';
import { endpointsFor, signInEditor } from '../support/testEditor';
import { useTestServer } from '../support/testServer';

// @database-neutral: its subject is the parser on a teacher's paper, so it runs once, not on each database (jest.config.js).

/**
 * Issue 15, end to end on the real server: a teacher's paper with no answer key for one question,
 * the answer in bold for another and one question in a legacy font uploads the readable ones.
 * The one without an answer is stored with none, and the test is not ready to publish until the
 * teacher sets it (MCQ_ONE_ANS); the bold that gave the answer away is not stored.
 */
const server = useTestServer();
let api: Endpoints;
beforeAll(async () => {
  const tutor = await signInEditor(server, { flags: { enable_vidu_parser: true } });
  api = endpointsFor(server, tutor.token);
});

test('a paper without a key for one question uploads it unanswered; publishing asks for the answer', async () => {
  const parsed = parseDocx(
    buildDocx({
      body: [
        'PHẦN I. TRẮC NGHIỆM',
        'Câu 1. Nước sôi ở bao nhiêu độ C (ở áp suất thường)?',
        'A. 90',
        { runs: [{ text: 'B. 100', bold: true }] },
        'C. 110',
        'Câu 2. Chọn từ đồng nghĩa với "vui".',
        'A. buồn   B. mừng   C. giận',
        { runs: ['Câu 3. ', { text: 'ikuh dk', font: 'Kruti Dev 010' }] },
        'A. x   B. y',
      ],
    }),
  );
  expect(blocksUpload(parsed)).toBe(false);
  expect(parsed.problems.map((p) => [p.severity, p.code])).toEqual([
    ['warning', 'answerNotMarked'],
    ['error', 'legacyFont'],
  ]);
  const { _id: testId } = await api.createTest({ name: 'Giữa kỳ', parentFolderId: '0', isGlobal: false });
  const { version } = await api.getTest(testId);
  const sectionId = (await api.createSection({ testId, version, name: 'Phần I' })).section._id;
  await uploadDocument(api, { testId, sectionId, parsed, pictureBytes: () => null });

  const test = await api.getTest(testId);
  const questions = test.sections.flatMap((s) => s.questions);
  expect(questions.map((q) => (q.type === 'multiple_choice' ? q.options.map((o) => o.isCorrect) : null))).toEqual([
    [false, true, false],
    [false, false, false],
  ]);
  expect(JSON.stringify(questions[0])).not.toContain('<b>');
  expect(test.isReadyToLink).toBe(false);
  const errors = validateTest(hydrateTest({ ...test, languages: test.languagesList, content: test }));
  expect(errors.map((e) => [e.type, e.questionOrder])).toEqual([['MCQ_ONE_ANS', 2]]);
});

test('short answers without their answers (단답형) upload with the answer unset, and the rest of the paper with them', async () => {
  const parsed = parseDocx(
    buildDocx({
      body: ['단답형', '1. 3 × 4의 값을 구하시오.', '2. 대한민국의 수도를 쓰시오.', '3. 다음 중 소수는?', '① 4\t② 6\t③ 7', '정답: ③'],
    }),
  );
  expect(parsed.problems.filter((p) => p.code === 'answerNotGiven').map((p) => p.params.question)).toEqual(['1', '2']);
  expect(blocksUpload(parsed)).toBe(false);
  const { _id: testId } = await api.createTest({ name: '단답형', parentFolderId: '0', isGlobal: false });
  const { version } = await api.getTest(testId);
  const sectionId = (await api.createSection({ testId, version, name: '단답형' })).section._id;
  await uploadDocument(api, { testId, sectionId, parsed, pictureBytes: () => null });
  const questions = (await api.getTest(testId)).sections.flatMap((s) => s.questions);
  expect(questions.map((q) => q.type)).toEqual(['fill_ups', 'fill_ups', 'multiple_choice']);
});
