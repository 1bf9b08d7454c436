import { callJson } from './server';

/** Shares `testId` as a free test that opened a minute ago, as its tutor (`token`); the shared test's id. */
export async function openFreeTest(baseUrl: string, token: string, testId: string): Promise<string> {
  const free = await callJson(`${baseUrl}/api/v2/shared-test/create`, {
    method: 'POST',
    headers: { 'x-access-token': token },
    body: { testId, startTime: new Date(Date.now() - 60_000).toISOString() },
  });
  if (free.status !== 200) throw new Error(`free test: ${JSON.stringify(free.body)}`);
  return free.body.data._id as string;
}
