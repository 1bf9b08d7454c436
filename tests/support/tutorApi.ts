import { login, type TestServer } from './testServer';

/** The API as an account's own tutor, for arranging data and checking what the portal did: a call's data, or an error naming a non-200. */
export async function tutorApi(server: TestServer, account: { orgCode: string; email: string; password: string }) {
  const token = await login(server, account);
  return async (method: string, path: string, body?: unknown) => {
    const response = await server.call(method, path, { token, body });
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data;
  };
}
