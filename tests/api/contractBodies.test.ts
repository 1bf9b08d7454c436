import type { z } from 'zod';
import { authUser, loginResult, orgLoginSettings, orgSummary } from '@shared/contract/auth';
import { signedUpload } from '@shared/contract/files';
import { sharedTest } from '@shared/contract/freeTests';
import { folderChildren, tagList, testSummary } from '@shared/contract/library';
import { parserEngineInfo, parserVersion } from '@shared/contract/parser';
import { reportList } from '@shared/contract/corrections';
import { savedAnswer, studentAttempt, studentResult, studentStanding, studentStart, studentTestInfo } from '@shared/contract/students';
import { editorTest, questionsResult, sectionResult, testUpdateResult } from '@shared/contract/editor';
import type { TestServer } from '../support/testServer';
import { startWithEditor, type Editor } from '../support/testEditor';
import { everyType, publishFreeTest, studentOf } from '../support/studentTests';

// @database-neutral: its subject is request bodies against the contract, on code that does not
// differ by database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on
// each database (jest.config.js).

/**
 * The contract's answer shapes (shared/contract, issue 18) against real answers of a real server:
 * each body parses, and parsing keeps all of it (a field the server sends that the contract does
 * not describe would be stripped, and the comparison would name it).
 */
let server: TestServer;
let tutor: Editor;
beforeAll(async () => ({ server, tutor } = await startWithEditor()));
afterAll(() => server.close());

async function answer(res: { status: number; body: any }) {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const describes = (schema: z.ZodType, body: unknown) => expect(schema.parse(body)).toEqual(body);

test('the sign-in and organisation answers', async () => {
  const { orgCode, email, password, orgId } = tutor.account;
  describes(loginResult, await answer(await server.call('POST', '/api/auth/login', { body: { orgCode, email, password } })));
  describes(authUser, (await answer(await tutor.call('GET', '/api/auth/user'))).user);
  describes(orgSummary, await answer(await server.call('GET', `/api/v2/verify/org/${orgCode}`)));
  describes(orgLoginSettings, await answer(await server.call('GET', `/api/v2/org/login-settings?orgId=${orgId}`, { headers: { 'API-VERSION': '1' } })));
});

test('the library answers', async () => {
  describes(testSummary, await answer(await tutor.call('POST', '/api/v2/test/create', { name: 'Contract', tags: ['algebra'] })));
  describes(folderChildren, await answer(await tutor.call('GET', '/api/folder/childrens/0?showRecent=true')));
  describes(folderChildren, await answer(await tutor.call('GET', '/api/folder/childrens/0?searchString=Contract')));
  describes(tagList, await answer(await tutor.call('GET', '/api/tags')));
});

test("the test editor's answers", async () => {
  const testId = await tutor.newTest();
  const created = await tutor.section(testId, { name: 'Part 1' });
  describes(sectionResult, created);
  describes(questionsResult, await tutor.questions(testId, created.section._id, everyType()));
  const test = await tutor.get(testId);
  describes(editorTest, test);
  describes(testUpdateResult, await answer(await tutor.call('PATCH', '/api/v2/test/update', { testId, version: test.version, name: 'Renamed' })));
});

test("the parser's, the report dashboard's and the uploads' answers", async () => {
  for (const engine of await answer(await tutor.call('GET', `/api/v2/parser/engines?orgId=${tutor.account.orgId}`))) describes(parserEngineInfo, engine);
  describes(parserVersion, await answer(await tutor.call('GET', '/api/v2/parser/version')));
  describes(reportList, await answer(await tutor.call('GET', '/api/v2/report-repo/list')));
  describes(
    signedUpload,
    await answer(await tutor.call('POST', '/api/v2/user/getS3SignedUrl', { fileName: 'a.png', contentType: 'image/png', size: 2048, purpose: 'picture' })),
  );
});

test("a free test's and its student's answers", async () => {
  const { testId, sharedTestId } = await publishFreeTest(server, tutor);
  describes(sharedTest, await answer(await tutor.call('GET', `/api/v2/shared-test/test/${testId}`)));
  const student = studentOf(server, sharedTestId);
  describes(studentTestInfo, await answer(await student.info()));
  describes(studentStanding, await answer(await student.identify()));
  const started = await answer(await student.start());
  describes(studentStart, started);
  const first = started.attempt.sections[0].questions[0];
  describes(savedAnswer, await answer(await student.save(first.id, { selected: [first.options[0].id] }, 1)));
  describes(studentAttempt, await answer(await student.attempt()));
  describes(studentResult, await answer(await student.submit()));
  describes(studentResult, await answer(await student.result()));
});
