import net from 'node:net';
import { startTestServer, type TestServer } from '../support/testServer';

// @database-neutral: its subject is HTTP connections, so it runs once, not on each database (jest.config.js).

// A client that opens a connection and sends nothing (a browser's preconnect, a slow or hostile
// client) must not hold the server's close: Node leaves such a socket open until its headers
// timeout (60-90 s), so a graceful shutdown would wait for it, then exit as failed.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});

test('close drops a connection that never sent a request, at once', async () => {
  const { port } = new URL(server.baseUrl);
  const silent = net.connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => silent.once('connect', resolve));
  const dropped = new Promise((resolve) => silent.once('close', resolve));
  expect((await server.call('GET', '/api/health')).status).toBe(200);
  await server.close();
  await dropped;
  expect(silent.destroyed).toBe(true);
}, 20_000);
