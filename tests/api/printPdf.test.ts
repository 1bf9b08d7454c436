import { startTestServer, type TestServer } from '../support/testServer';
import { signInEditor } from '../support/testEditor';

// @database-neutral: its subject is the call without Chromium, so it runs once, not on each database (jest.config.js).

/** The PDF itself is checked in tests/browser/print.test.ts (it needs Chromium and the built portal). */
describe('GET /api/v2/test/{id}/print-pdf', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No Chromium: the call says so and the portal falls back to the browser's print dialog.
    server = await startTestServer({ chromiumPath: null });
  });
  afterAll(() => server.close());

  test('without Chromium: 503 with a message that says what to do, in the caller language', async () => {
    const tutor = await signInEditor(server);
    const testId = await tutor.newTest({ name: 'Algebra' });
    const res = await tutor.call('GET', `/api/v2/test/${testId}/print-pdf`);
    expect([res.status, res.body.code, res.body.message]).toEqual([
      503,
      'PDF_UNAVAILABLE',
      "PDF export needs Chromium on the server (CHROMIUM_PATH). Use Print and your browser's Save as PDF instead.",
    ]);
    expect((await tutor.call('GET', `/api/v2/test/${testId}/print-pdf`, undefined, 'vi')).body.message).toContain('Xuất PDF cần Chromium');
  });

  test("another organisation's test is 404 before anything is printed; bad input is 400; no session 401", async () => {
    const owner = await signInEditor(server);
    const testId = await owner.newTest({ name: 'Private' });
    const stranger = await signInEditor(server);
    const res = await stranger.call('GET', `/api/v2/test/${testId}/print-pdf`);
    expect([res.status, res.body.message]).toEqual([404, 'This test does not exist, or it is not in your library.']);
    const bad = await owner.call('GET', `/api/v2/test/${testId}/print-pdf?answers=maybe`);
    expect([bad.status, bad.body.details[0].field]).toEqual([400, 'query.answers']);
    // A multilingual test's language to print (issue 17): a name, or `all`; anything longer is bad input.
    const badLanguage = await owner.call('GET', `/api/v2/test/${testId}/print-pdf?lang=${'x'.repeat(41)}`);
    expect([badLanguage.status, badLanguage.body.details[0].field]).toEqual([400, 'query.lang']);
    // Ids are opaque strings up to 64 characters: a longer one is bad input, an unknown one missing.
    const badId = await owner.call('GET', `/api/v2/test/${'x'.repeat(65)}/print-pdf`);
    expect([badId.status, badId.body.details[0].field]).toEqual([400, 'params.id']);
    expect((await owner.call('GET', '/api/v2/test/nope/print-pdf')).status).toBe(404);
    expect((await server.call('GET', `/api/v2/test/${testId}/print-pdf`)).status).toBe(401);
  });
});
