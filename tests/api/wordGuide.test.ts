import { startTestServer, type TestServer } from '../support/testServer';

describe('GET /help/word-format (the teachers’ guide)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('serves docs/word-format.md as a page, tables and examples included', async () => {
    const res = await fetch(`${server.baseUrl}/help/word-format`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain("<title>Writing questions in Word: the teachers' guide · Testforge</title>");
    expect(html).toContain('<h2>Numbered text</h2>');
    expect(html).toMatch(/<table>[\s\S]*<th>The answer line says<\/th>/);
    expect(html).toContain('<a href="/samples/testforge-word-sample.docx">');
  });
});
