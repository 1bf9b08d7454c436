import { startTestServer, type TestServer } from '../support/testServer';

// @database-neutral: its subject is a static page, so it runs once, not on each database (jest.config.js).

describe('GET /help/word-format (the teachers’ guide)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const page = async (query: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.baseUrl}/help/word-format${query}`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    return { html: await res.text(), language: res.headers.get('content-language') };
  };

  it('serves docs/word-format.md as a page, tables and examples included', async () => {
    const { html, language } = await page('');
    expect(language).toBe('en');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Writing questions in Word: the teachers' guide · Testforge</title>");
    expect(html).toContain('<h2>Numbered text</h2>');
    expect(html).toMatch(/<table>[\s\S]*<th>The answer line says<\/th>/);
    expect(html).toContain('<a href="/samples/testforge-word-sample.docx">');
  });

  it('serves the Vietnamese guide for ?lang=vi, with its Vietnamese keywords and sample', async () => {
    const { html, language } = await page('?lang=vi');
    expect(language).toBe('vi');
    expect(html).toContain('<html lang="vi">');
    expect(html).toContain('<title>Soạn câu hỏi trong Word: hướng dẫn cho giáo viên · Testforge</title>');
    expect(html).toContain('<h2>Văn bản đánh số</h2>');
    expect(html).toContain('Câu 1. Đơn vị đo lực trong hệ SI là gì?');
    expect(html).toContain('<a href="/samples/testforge-word-sample.vi.docx">');
    // The other languages are a link away, each named in its own language.
    expect(html).toContain('<a href="/help/word-format?lang=ko" lang="ko" hreflang="ko">한국어</a>');
    expect(html).toContain('<a href="/help/word-format?lang=vi" lang="vi" aria-current="page">Tiếng Việt</a>');
  });

  it('follows the browser’s language without ?lang (Korean), and ?lang wins over it', async () => {
    const korean = await page('', { 'accept-language': 'ko-KR,ko;q=0.9,en;q=0.5' });
    expect(korean.language).toBe('ko');
    expect(korean.html).toContain('<title>Word로 문항 작성하기: 교사용 안내서 · Testforge</title>');
    expect(korean.html).toContain('문제 1. 힘의 SI 단위는 무엇입니까?');
    expect(korean.html).toContain('<a href="/samples/testforge-word-sample.ko.docx">');
    expect((await page('?lang=en', { 'accept-language': 'ko-KR' })).language).toBe('en');
    // A language the guide does not have is English.
    expect((await page('?lang=fr')).language).toBe('en');
  });

  it('serves the three sample documents', async () => {
    for (const file of ['testforge-word-sample.docx', 'testforge-word-sample.vi.docx', 'testforge-word-sample.ko.docx']) {
      const res = await fetch(`${server.baseUrl}/samples/${file}`);
      expect([file, res.status]).toEqual([file, 200]);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
    }
  });
});
