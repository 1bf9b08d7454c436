import axios from 'axios';
import { createEndpoints, type Endpoints } from '@shared/api/endpoints';
import { createAccount, login, madeBeforeAll, startTestServer, type TestServer } from './testServer';

/** A signed-in tutor driving the test editor's calls (tests/api/testEditor*.test.ts). */
export interface Editor {
  token: string;
  account: Awaited<ReturnType<typeof createAccount>>;
  call: (method: string, path: string, body?: unknown, lang?: string) => ReturnType<TestServer['call']>;
  /** A new test in My Library (or the Global Library); its id. */
  newTest: (body?: Record<string, unknown>) => Promise<string>;
  get: (testId: string) => Promise<any>;
  /** Adds a section; answers the call's data (section, version, totals). */
  section: (testId: string, body?: Record<string, unknown>) => Promise<any>;
  /** Adds questions to a section; answers the call's data (questions, section, version, totals). */
  questions: (testId: string, sectionId: string, questions: unknown[], extra?: Record<string, unknown>) => Promise<any>;
  /** Changes the test's details or settings (PATCH /v2/test/update at its current version); answers the call's data. */
  update: (testId: string, changes: Record<string, unknown>) => Promise<any>;
}

/** The portal's typed calls (shared/api/endpoints.ts) to this server, as the signed-in user of `token`. */
export const endpointsFor = (server: TestServer, token: string): Endpoints =>
  createEndpoints(axios.create({ baseURL: `${server.baseUrl}/api`, headers: { 'x-access-token': token } }));

export async function signInEditor(server: TestServer, options: Parameters<typeof createAccount>[1] = {}): Promise<Editor> {
  const account = await createAccount(server, options);
  const token = await login(server, account);
  return editorOver(account, token, (method, path, body, lang) => server.call(method, path, { token, body, lang }));
}

/** The editor of the tutor signed in with `token`, whose calls `call` makes (to a server of this process, or another's). */
export function editorOver(account: Editor['account'], token: string, call: Editor['call']): Editor {
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await call(method, path, body);
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  return {
    token,
    account,
    call,
    newTest: async (body = {}) => (await ok('POST', '/api/v2/test/create', body))._id,
    get: (testId) => ok('GET', `/api/v2/test/${testId}`),
    section: (testId, body = {}) => ok('POST', '/api/v2/test/section/create', { testId, ...body }),
    questions: (testId, sectionId, questions, extra = {}) => ok('POST', '/api/v2/question/create', { testId, sectionId, questions, ...extra }),
    update: async (testId, changes) => ok('PATCH', '/api/v2/test/update', { testId, version: (await ok('GET', `/api/v2/test/${testId}`)).version, ...changes }),
  };
}

/**
 * A tutor of an organisation of their own, signed in on the server before the tests of the file (or
 * of the describe block); its fields are read when a test or a later hook uses them.
 */
export function useEditor(server: TestServer, options: Parameters<typeof createAccount>[1] = {}): Editor {
  let editor: Editor | undefined;
  beforeAll(async () => {
    editor = await signInEditor(server, options);
  });
  return madeBeforeAll('the tutor is not signed in yet', () => editor);
}

/** A test file's own server with a signed-in tutor on it: the usual beforeAll of an editor test. */
export async function startWithEditor(options: Parameters<typeof createAccount>[1] = {}) {
  const server = await startTestServer();
  return { server, tutor: await signInEditor(server, options) };
}

/** A multiple-choice question that passes validation. */
export const readyMcq = (name = 'What is 2 + 2?') => ({
  type: 'multiple_choice' as const,
  name,
  options: [
    { name: '3', isCorrect: false },
    { name: '4', isCorrect: true },
  ],
});

/** A test's fonts setting: these faces, each marked supported, sent with the test. */
export const includedFonts = (...faces: string[]) => ({ list: faces.map((face) => ({ face, supported: true })), include: true });
