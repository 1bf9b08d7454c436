import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { ROOT } from '../support/paths';
import { describeInBrowser, enterApp, launchBrowser, newPage, screenshot } from '../support/browser';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Runs an npm script as a user would and collects what it prints. */
function npm(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForOutput(read: () => string, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = read().match(pattern);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output so far:\n${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeInBrowser('the README quick start: npm start on a fresh data directory', () => {
  let browser: Browser;
  let dataDir: string;
  let server: ReturnType<typeof npm> | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testforge-start-'));
  });
  afterAll(async () => {
    if (server?.child.pid) process.kill(-server.child.pid, 'SIGTERM');
    await server?.exited;
    await browser?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('prints the URL and demo credentials, which sign in; a second server on the same data refuses', async () => {
    const port = await freePort();
    server = npm(['start'], { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: '' });
    await waitForOutput(server.output, /Testforge is running at http:\/\/127\.0\.0\.1:\d+/, 90_000);
    const orgCode = (await waitForOutput(server.output, /Organisation code:\s+(\S+)/, 5_000))[1];
    const email = (await waitForOutput(server.output, /E-mail:\s+(\S+)/, 5_000))[1];
    const password = (await waitForOutput(server.output, /Password:\s+(\S+)/, 5_000))[1];

    const { page } = await newPage(browser, `http://127.0.0.1:${port}`);
    await enterApp(page, { orgCode, email, password });
    await screenshot(page, 'quick-start-home');
    await page.context().close();

    const second = npm(['run', 'serve'], { DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: '' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another Testforge process`);
  }, 120_000);
});
