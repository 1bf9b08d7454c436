import { useTestServer } from '../support/testServer';

// @database-neutral: its subject is a static page, so it runs once, not on each database (jest.config.js).

describe('GET /help/word-format (the teachers’ guide)', () => {
  const server = useTestServer();

  /** The guide with this query string, asked for by a browser whose Accept-Language is `acceptLanguage` when given. */
  const page = async (query: string, acceptLanguage?: string) => {
    const res = await fetch(`${server.baseUrl}/help/word-format${query}`, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    return { html: await res.text(), language: res.headers.get('content-language') };
  };

  it.each([
    {
      asked: 'by default',
      query: '',
      language: 'en',
      title: "Writing questions in Word: the teachers' guide",
      heading: 'Numbered text',
      example: '1. What is the SI unit of force?',
      sample: 'testforge-word-sample.docx',
    },
    {
      asked: 'for ?lang=vi',
      query: '?lang=vi',
      language: 'vi',
      title: 'Soạn câu hỏi trong Word: hướng dẫn cho giáo viên',
      heading: 'Văn bản đánh số',
      example: 'Câu 1. Đơn vị đo lực trong hệ SI là gì?',
      sample: 'testforge-word-sample.vi.docx',
    },
    {
      asked: 'for a browser in Korean, without ?lang',
      query: '',
      acceptLanguage: 'ko-KR,ko;q=0.9,en;q=0.5',
      language: 'ko',
      title: 'Word로 문항 작성하기: 교사용 안내서',
      heading: '번호 매긴 텍스트',
      example: '문제 1. 힘의 SI 단위는 무엇입니까?',
      sample: 'testforge-word-sample.ko.docx',
    },
  ])(
    'serves the guide in $language $asked, with its keywords, examples and sample',
    async ({ query, acceptLanguage, language, title, heading, example, sample }) => {
      const guide = await page(query, acceptLanguage);
      expect(guide.language).toBe(language);
      expect(guide.html).toContain(`<html lang="${language}">`);
      expect(guide.html).toContain(`<title>${title} · Testforge</title>`);
      expect(guide.html).toContain(`<h2>${heading}</h2>`);
      expect(guide.html).toContain(example);
      expect(guide.html).toContain(`<a href="/samples/${sample}">`);
    },
  );

  it('serves docs/word-format.md with its tables; each language links to the others, named in their own', async () => {
    expect((await page('')).html).toMatch(/<table>[\s\S]*<th>The answer line says<\/th>/);
    const { html } = await page('?lang=vi');
    expect(html).toContain('<a href="/help/word-format?lang=ko" lang="ko" hreflang="ko">한국어</a>');
    expect(html).toContain('<a href="/help/word-format?lang=vi" lang="vi" aria-current="page">Tiếng Việt</a>');
  });

  it('?lang wins over the browser’s language; a language the guide does not have is English', async () => {
    expect((await page('?lang=en', 'ko-KR')).language).toBe('en');
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
