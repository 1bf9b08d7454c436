import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { useTestServer } from '../support/testServer';

// @database-neutral: its subject is the OpenAPI document, so it runs once, not on each database (jest.config.js).

/**
 * The request side of the OpenAPI document (every call's parameters and body) as it was before
 * the schemas moved to shared/contract (issue 18): moving a schema must not drop or change a
 * call's documented request. The expectation keeps a digest of each call's request (its
 * parameters and body schema, as JSON): a changed digest names the call to look at. Run with
 * UPDATE_OPENAPI_REQUESTS=1 to write a new expectation on purpose.
 */
const EXPECTED = path.join(__dirname, 'fixtures', 'openapiRequests.json');
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

type Operation = { parameters?: unknown[]; requestBody?: unknown };

function requestsOf(document: { paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> }) {
  const requests: Record<string, string> = {};
  for (const route of Object.keys(document.paths).sort()) {
    for (const method of METHODS) {
      const operation = document.paths[route][method];
      if (!operation) continue;
      const request = JSON.stringify({ parameters: operation.parameters ?? [], requestBody: operation.requestBody ?? null });
      requests[`${method.toUpperCase()} ${route}`] = crypto.createHash('sha256').update(request).digest('hex').slice(0, 16);
    }
  }
  return requests;
}

const server = useTestServer();

test('the OpenAPI document still lists every call with its request schemas', async () => {
  const res = await server.call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  const requests = requestsOf(res.body);
  if (process.env.UPDATE_OPENAPI_REQUESTS) fs.writeFileSync(EXPECTED, `${JSON.stringify(requests, null, 1)}\n`);
  expect(requests).toEqual(JSON.parse(fs.readFileSync(EXPECTED, 'utf8')));
});
