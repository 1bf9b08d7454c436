import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import MarkdownIt from 'markdown-it';
import { LANGUAGE_LABELS, pickLanguage, SUPPORTED_LANGUAGES, type Language } from '@shared/i18n/languages';
import { guideLanguage, WORD_GUIDE_URL, wordGuideUrl } from '@shared/parser/links';

/** The guide in each language: docs/word-format.md (English), word-format.vi.md, word-format.ko.md. */
const GUIDE_FILES: Record<Language, string> = {
  en: path.join(__dirname, '../../../docs/word-format.md'),
  vi: path.join(__dirname, '../../../docs/word-format.vi.md'),
  ko: path.join(__dirname, '../../../docs/word-format.ko.md'),
};

const STYLE = `
body { font-family: 'Noto Sans', 'Segoe UI', 'Malgun Gothic', 'Apple SD Gothic Neo', 'Noto Sans CJK KR', system-ui, sans-serif; color: #242424; line-height: 1.55; margin: 0; background: #faf9f8; }
main { max-width: 820px; margin: 0 auto; padding: 32px 24px 64px; overflow-wrap: break-word; background: #fff; min-height: 100vh; box-sizing: border-box; }
h1 { font-size: 28px; margin-top: 0; } h2 { margin-top: 40px; border-bottom: 1px solid #e0e0e0; padding-bottom: 4px; } h3 { margin-top: 28px; }
code { background: #f0f0f0; padding: 1px 4px; border-radius: 4px; font-size: 0.92em; }
pre { background: #f5f5f5; border-left: 3px solid #0f6cbd; padding: 12px 16px; overflow-x: auto; line-height: 1.6; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; margin: 12px 0; width: 100%; font-size: 0.95em; display: block; overflow-x: auto; }
code { overflow-wrap: anywhere; }
th, td { border: 1px solid #d1d1d1; padding: 6px 10px; text-align: left; vertical-align: top; }
th { background: #f5f5f5; }
a { color: #0f6cbd; }
nav { display: flex; gap: 12px; justify-content: flex-end; font-size: 0.9em; margin-bottom: 8px; }
nav [aria-current] { font-weight: 600; color: #242424; text-decoration: none; }
`;

/** Links to the guide in the other languages, each labelled in its own language. */
const languageLinks = (current: Language) =>
  `<nav aria-label="Language">${SUPPORTED_LANGUAGES.map((l) =>
    l === current
      ? `<a href="${wordGuideUrl(l)}" lang="${l}" aria-current="page">${LANGUAGE_LABELS[l]}</a>`
      : `<a href="${wordGuideUrl(l)}" lang="${l}" hreflang="${l}">${LANGUAGE_LABELS[l]}</a>`,
  ).join('')}</nav>`;

function render(language: Language): string {
  const markdown = fs.readFileSync(GUIDE_FILES[language], 'utf8');
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? 'Writing questions in Word';
  const body = new MarkdownIt({ html: false, linkify: false, typographer: false }).render(markdown);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Testforge</title><style>${STYLE}</style></head><body><main>${languageLinks(language)}${body}</main></body></html>`;
}

/**
 * The teachers' guide to the Word format (docs/word-format.md and its Vietnamese and Korean
 * versions, the same files the repository keeps), served as a page at WORD_GUIDE_URL for the
 * portal's Bulk Upload modal and the add-in, in the language of `?lang=` (the links carry the
 * user's language), else of the browser's Accept-Language. Rendered once, when the server starts.
 */
export async function guideRoutes(app: FastifyInstance): Promise<void> {
  const pages = Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, render(l)])) as Record<Language, string>;
  app.get<{ Querystring: { lang?: string } }>(WORD_GUIDE_URL, { schema: { hide: true } }, async (request, reply) => {
    const asked = request.query.lang;
    const language = asked ? guideLanguage(asked) : pickLanguage(request.headers['accept-language']);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-language', language)
      .header('vary', 'accept-language')
      .send(pages[language]);
  });
}
