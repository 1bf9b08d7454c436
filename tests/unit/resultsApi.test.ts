/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '@shared/api/client';
import { createEndpoints } from '@shared/api/endpoints';
import { dispositionFileName } from '@shared/api/results';

/** The results calls of the API client (issue 16) against a real HTTP server that records what it is sent. */
let server: http.Server;
let api: ReturnType<typeof createEndpoints>;
const seen: { method: string; url: string; body: string; token?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, token: req.headers['x-access-token'] as string | undefined });
      if (req.url?.includes('results.csv')) {
        res.writeHead(200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="_i s_ tu_n 3.csv"; filename*=UTF-8''${encodeURIComponent('Đại số tuần 3')}.csv`,
        });
        return void res.end('\ufeffName\r\nHoa\r\n');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { dryRun: true, freeTests: [], attempts: [], total: 0 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = createEndpoints(
    createApiClient({
      baseURL,
      getToken: () => 'tok',
      getLanguage: () => 'vi',
      onSessionTimedOut: () => undefined,
      onSubscriptionExpired: () => undefined,
      onError: () => undefined,
    }),
  );
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => (seen.length = 0));

test('attempts: the query as parameters, an empty search left out, ids escaped', async () => {
  await api.attempts('st/1', { page: 2, limit: 25, sort: 'score', order: 'asc', search: '' });
  const url = new URL(seen[0].url, 'http://x');
  expect(url.pathname).toBe('/v2/shared-test/st%2F1/attempts');
  expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', limit: '25', sort: 'score', order: 'asc' });
  expect(seen[0].token).toBe('tok');
});

test('the other reads go to the contract’s paths', async () => {
  await api.answerSheet('st1', 'a1');
  await api.freeTestAnalysis('st1');
  await api.resultsSummary('st1');
  await api.testAnalysis('t1');
  expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
    'GET /v2/shared-test/st1/attempts/a1',
    'GET /v2/shared-test/st1/analysis',
    'GET /v2/shared-test/st1/results/summary',
    'GET /v2/test/t1/analysis',
  ]);
});

test('the corrections preview is the save-and-resolve call with dryRun: true', async () => {
  const preview = await api.previewCorrections({ test: { _id: 't1' }, questions: [] });
  expect(preview.dryRun).toBe(true);
  expect(seen[0].method).toBe('PATCH');
  expect(seen[0].url).toBe('/v2/report-repo/save-and-resolve');
  expect(JSON.parse(seen[0].body)).toEqual({ test: { _id: 't1' }, questions: [], dryRun: true });
});

test('a results file comes with the session header and the server’s UTF-8 file name', async () => {
  const file = await api.resultsFile('st1', 'csv');
  expect(seen[0].url).toBe('/v2/shared-test/st1/results.csv');
  expect(seen[0].token).toBe('tok');
  expect(file.fileName).toBe('Đại số tuần 3.csv');
});

test('file names: the UTF-8 form first, the plain one else, null without', () => {
  expect(dispositionFileName(`attachment; filename="a.csv"; filename*=UTF-8''%ED%95%9C.csv`)).toBe('한.csv');
  expect(dispositionFileName('attachment; filename="a.csv"')).toBe('a.csv');
  expect(dispositionFileName(`attachment; filename="b.csv"; filename*=UTF-8''%E0%A4.csv`)).toBe('b.csv');
  expect(dispositionFileName(undefined)).toBeNull();
});
