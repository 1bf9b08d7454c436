import { signInEditor, type Editor } from '@tests/support/testEditor';
import type { TestServer } from '@tests/support/testServer';

/** The interop API tests' tools: multipart calls as a browser sends them, a tutor with a test and its first section. */

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  bytes: Uint8Array;
}

async function answer(response: Response): Promise<Answer> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  let body: unknown = null;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    /* a file, not JSON */
  }
  return { status: response.status, body, headers: response.headers, bytes };
}

export async function postFile(
  server: TestServer,
  token: string,
  path: string,
  file: { name: string; data: Uint8Array | string } | null,
  fields: Record<string, string> = {},
  lang = 'en',
): Promise<Answer> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([typeof file.data === 'string' ? file.data : (file.data as Uint8Array<ArrayBuffer>)]), file.name);
  return answer(await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'x-access-token': token, 'accept-language': lang }, body: form }));
}

export async function getFile(server: TestServer, token: string, path: string): Promise<Answer> {
  return answer(await fetch(`${server.baseUrl}${path}`, { headers: { 'x-access-token': token } }));
}

export async function postJson(server: TestServer, token: string, path: string, body: unknown): Promise<Answer> {
  return answer(
    await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'x-access-token': token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

/** A signed-in tutor with a new test of one section; their ids. */
export async function tutorWithTest(server: TestServer, name = 'Interop test'): Promise<{ editor: Editor; testId: string; sectionId: string }> {
  const editor = await signInEditor(server);
  const testId = await editor.newTest({ name });
  const { section } = await editor.section(testId, { name: 'Section 1' });
  return { editor, testId, sectionId: section._id as string };
}

/** Every question of a stored test (passages' own questions included), in order. */
export const allQuestions = (test: { sections: { questions: any[] }[] }) =>
  test.sections.flatMap((s) => s.questions).flatMap((q) => (q.type === 'comprehension' ? [q, ...q.questions] : [q]));
