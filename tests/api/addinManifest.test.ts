import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@server/config';
import { startTestServer, type TestServer } from '../support/testServer';
import { ROOT } from '../support/paths';

// @database-neutral: its subject is a file the server serves, so it runs once, not on each database (jest.config.js).

/**
 * Issue 29: every manifest the server serves names its PUBLIC_URL. The API's
 * (/api/v2/parser/manifest.xml) did; the built add-in's copy beside its pages (/addin/manifest.xml,
 * dist/addin/manifest.xml) still named https://localhost:3000 in its five addresses.
 */
const PUBLIC_URL = 'https://addin.example.test:8443';
const MANIFEST_URLS = ['/api/v2/parser/manifest.xml', '/addin/manifest.xml'];

/** What the server reads from PUBLIC_URL, as `npm start` with PUBLIC_URL set would. */
function publicUrlSettings() {
  const { publicUrl, linkBaseUrl } = loadConfig({ PUBLIC_URL });
  return { publicUrl, linkBaseUrl };
}

/** A built portal as webpack leaves it: index.html, and the add-in's files with manifest.xml copied as it is. */
function builtDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'testforge-dist-'));
  fs.mkdirSync(path.join(dist, 'addin'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Testforge</title>');
  fs.writeFileSync(path.join(dist, 'addin', 'taskpane.html'), '<!doctype html><title>Testforge for Word</title>');
  fs.copyFileSync(path.join(ROOT, 'manifest.xml'), path.join(dist, 'addin', 'manifest.xml'));
  return dist;
}

/** The addresses a manifest names (its namespaces left out: they name schemas, not a server). */
function addressesIn(xml: string): string[] {
  const attributes = [...xml.matchAll(/\s([\w:]+)="(https?:\/\/[^"]*)"/g)].filter(([, name]) => !name.startsWith('xmlns')).map(([, , url]) => url);
  const domains = [...xml.matchAll(/<AppDomain>([^<]*)<\/AppDomain>/g)].map(([, url]) => url);
  return [...attributes, ...domains];
}

async function manifestAt(server: TestServer, url: string): Promise<{ status: number; type: string | null; xml: string }> {
  const res = await fetch(`${server.baseUrl}${url}`);
  return { status: res.status, type: res.headers.get('content-type'), xml: await res.text() };
}

function expectNamesOnly(xml: string, origin: string) {
  expect(xml).not.toMatch(/localhost|127\.0\.0\.1/);
  const addresses = addressesIn(xml);
  // IconUrl, HighResolutionIconUrl, SupportUrl, SourceLocation and the AppDomain.
  expect(addresses).toHaveLength(5);
  for (const address of addresses) expect(address.startsWith(origin)).toBe(true);
  expect(xml).toContain(`<SourceLocation DefaultValue="${origin}/addin/taskpane.html"/>`);
  expect(xml).toContain(`<AppDomain>${origin}</AppDomain>`);
}

describe('with PUBLIC_URL set and the add-in built (dist/addin/manifest.xml)', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = builtDist();
    server = await startTestServer({ ...publicUrlSettings(), distDir: dist });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test('both manifests name the public URL in every address, and no localhost', async () => {
    const served = [];
    for (const url of MANIFEST_URLS) {
      const manifest = await manifestAt(server, url);
      expect({ url, status: manifest.status, type: manifest.type }).toEqual({ url, status: 200, type: 'application/xml; charset=utf-8' });
      expectNamesOnly(manifest.xml, PUBLIC_URL);
      expect(manifest.xml).not.toContain('Word will refuse');
      served.push(manifest.xml);
    }
    // One rendering, at either address.
    expect(served[1]).toBe(served[0]);
  });

  test("the add-in's copy is shown, not downloaded, and the other built files are still served as built", async () => {
    const res = await fetch(`${server.baseUrl}/addin/manifest.xml`);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const pane = await fetch(`${server.baseUrl}/addin/taskpane.html`);
    expect([pane.status, await pane.text()]).toEqual([200, '<!doctype html><title>Testforge for Word</title>']);
  });
});

test('without a built add-in, /addin/manifest.xml is still served, naming the public URL', async () => {
  const server = await startTestServer({ ...publicUrlSettings(), distDir: path.join(os.tmpdir(), 'testforge-no-such-dist') });
  try {
    const manifest = await manifestAt(server, '/addin/manifest.xml');
    expect(manifest.status).toBe(200);
    expectNamesOnly(manifest.xml, PUBLIC_URL);
  } finally {
    await server.close();
  }
});
