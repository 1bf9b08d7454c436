import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import MarkdownIt from 'markdown-it';
import { WORD_GUIDE_URL } from '@shared/parser/links';

const GUIDE_FILE = path.join(__dirname, '../../../docs/word-format.md');

const STYLE = `
body { font-family: 'Noto Sans', 'Segoe UI', system-ui, sans-serif; color: #242424; line-height: 1.55; margin: 0; background: #faf9f8; }
main { max-width: 820px; margin: 0 auto; padding: 32px 24px 64px; background: #fff; min-height: 100vh; box-sizing: border-box; }
h1 { font-size: 28px; margin-top: 0; } h2 { margin-top: 40px; border-bottom: 1px solid #e0e0e0; padding-bottom: 4px; } h3 { margin-top: 28px; }
code { background: #f0f0f0; padding: 1px 4px; border-radius: 4px; font-size: 0.92em; }
pre { background: #f5f5f5; border-left: 3px solid #0f6cbd; padding: 12px 16px; overflow-x: auto; line-height: 1.6; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; margin: 12px 0; width: 100%; font-size: 0.95em; }
th, td { border: 1px solid #d1d1d1; padding: 6px 10px; text-align: left; vertical-align: top; }
th { background: #f5f5f5; }
a { color: #0f6cbd; }
`;

/**
 * The teachers' guide to the Word format (docs/word-format.md, the same file the repository
 * keeps), served as a page at WORD_GUIDE_URL for the portal's Bulk Upload modal and the add-in.
 * Rendered once, when the server starts.
 */
export async function guideRoutes(app: FastifyInstance): Promise<void> {
  const markdown = fs.readFileSync(GUIDE_FILE, 'utf8');
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? 'Writing questions in Word';
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Testforge</title><style>${STYLE}</style></head><body><main>${new MarkdownIt({ html: false, linkify: false, typographer: false }).render(markdown)}</main></body></html>`;
  app.get(WORD_GUIDE_URL, { schema: { hide: true } }, async (_, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
  );
}
