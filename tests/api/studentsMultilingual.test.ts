import fs from 'node:fs';
import type { TestServer } from '../support/testServer';
import { includedFonts, startWithEditor, readyMcq, type Editor } from '../support/testEditor';
import { publishFreeTest, publishMultilingualTest, studentOf } from '../support/studentTests';

// @database-neutral: its subject is a multilingual test on the student page, on code that does not
// differ by database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on
// each database (jest.config.js).

/**
 * Issue 17: a multilingual free test on the student page. The attempt, the landing info and the
 * result carry the test's languages and each question's text in its other languages (by option
 * id, so an answer is the same in every language); solutions only when revealed; the test's fonts
 * with the files its organisation uploaded.
 */
let server: TestServer;
let tutor: Editor;
beforeAll(async () => ({ server, tutor } = await startWithEditor({ days: 60, flags: { is_tb_test_enabled: true } })));
afterAll(() => server.close());

const questionsOf = (view: any): any[] => view.sections.flatMap((s: any) => s.questions);

test('languages and translations in the landing info, the attempt and the result; scoring by ids', async () => {
  const { sharedTestId } = await publishMultilingualTest(server, tutor, { settings: { showAnswers: true, showSolutions: true, revealAnswersTime: 'now' } });
  const student = studentOf(server, sharedTestId);
  const info = (await student.info()).body.data;
  expect(info.languages).toEqual(['English', 'Vietnamese', 'Korean']);
  expect(info.translations).toEqual({ Vietnamese: { name: 'Thủ đô' }, Korean: { name: '수도' } });
  expect(info.fonts).toBeUndefined();

  expect((await student.start()).status).toBe(200);
  const attempt = (await student.attempt()).body.data;
  expect(attempt.languages).toEqual(['English', 'Vietnamese', 'Korean']);
  const [capital, seoul] = questionsOf(attempt);
  expect(capital.name).toBe('<p>What is the capital of Vietnam?</p>');
  expect(capital.translations).toEqual({
    Vietnamese: { name: '<p>Thủ đô của Việt Nam là gì?</p>', options: { 'opt-hue': 'Huế', 'opt-hanoi': 'Hà Nội', 'opt-saigon': 'Sài Gòn' } },
    // Saigon has no Korean text: left out, the page shows the English one.
    Korean: { name: '<p>베트남의 수도는 어디입니까?</p>', options: { 'opt-hue': '후에', 'opt-hanoi': '하노이' } },
  });
  // No solution while the test is taken, in any language (the year alone can stand in a random id).
  expect(JSON.stringify(attempt)).not.toMatch(/since 1976|từ năm 1976/);
  expect(seoul.translations).toEqual({ Vietnamese: { name: '<p>Seoul là thủ đô của Hàn Quốc.</p>', options: { 'tf-true': 'Đúng', 'tf-false': 'Sai' } } });

  // Answers are option ids: the same whatever language the student reads.
  expect((await student.save(capital.id, { selected: ['opt-hanoi'] })).status).toBe(200);
  expect((await student.save(seoul.id, { selected: ['tf-false'] })).status).toBe(200);
  const result = (await student.submit()).body.data;
  expect([result.score, result.maxScore]).toEqual([1, 2]);
  expect(result.languages).toEqual(['English', 'Vietnamese', 'Korean']);
  const [first, second] = questionsOf(result);
  expect(first.outcome).toBe('correct');
  expect(second.outcome).toBe('wrong');
  // Revealed: the solution in its translations too (Korean has none: the English one shows).
  expect(first.translations.Vietnamese).toEqual({
    name: '<p>Thủ đô của Việt Nam là gì?</p>',
    solution: '<p>Hà Nội là thủ đô từ năm 1976.</p>',
    options: { 'opt-hue': 'Huế', 'opt-hanoi': 'Hà Nội', 'opt-saigon': 'Sài Gòn' },
  });
  expect(first.translations.Korean.solution).toBeUndefined();
  expect((await student.result()).body.data.sections).toEqual(result.sections);
});

test('solutions not revealed stay out of the translations too', async () => {
  const { sharedTestId } = await publishMultilingualTest(server, tutor, { settings: { showAnswers: false, showSolutions: false } });
  const student = studentOf(server, sharedTestId);
  await student.start();
  const result = (await student.submit()).body.data;
  expect(JSON.stringify(result)).not.toMatch(/since 1976|từ năm 1976/);
  expect(questionsOf(result)[0].translations.Vietnamese.name).toBe('<p>Thủ đô của Việt Nam là gì?</p>');
});

test("a test in one language has no languages or translations; the test's fonts come with their uploaded files", async () => {
  const { sharedTestId, testId } = await publishFreeTest(server, tutor, { sections: [{ questions: [readyMcq('<p>One language</p>')] }] });
  const form = new FormData();
  form.append('name', 'School Serif');
  form.append('uploaded_file', new Blob([new Uint8Array(fs.readFileSync('/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf'))]), 's.ttf');
  const uploaded = await fetch(`${server.baseUrl}/api/v2/parserfont/upload`, { method: 'POST', body: form, headers: { 'x-access-token': tutor.token } });
  expect(uploaded.status).toBe(200);
  await tutor.update(testId, { fonts: includedFonts('School Serif', 'Arial') });
  const student = studentOf(server, sharedTestId);
  const fonts = [{ face: 'School Serif', fileUrl: expect.stringMatching(/^\/api\/v2\/parserfont\/file\/[0-9a-f]+\.ttf$/) }, { face: 'Arial' }];
  expect((await student.info()).body.data.fonts).toEqual(fonts);
  await student.start();
  const attempt = (await student.attempt()).body.data;
  expect(attempt.fonts).toEqual(fonts);
  expect(attempt.languages).toBeUndefined();
  expect(questionsOf(attempt)[0].translations).toBeUndefined();
  // The file is served without a session (as @font-face needs).
  const file = await fetch(`${server.baseUrl}${attempt.fonts[0].fileUrl}`);
  expect([file.status, file.headers.get('content-type')]).toEqual([200, 'font/ttf']);
  expect((await student.submit()).body.data.fonts).toEqual(fonts);
  // The tutor's preview too.
  expect((await tutor.call('GET', `/api/student/preview/${testId}`)).body.data.fonts).toEqual(fonts);
});
