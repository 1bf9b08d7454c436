import sanitize from 'sanitize-html';
import { HEADING_TAGS } from '../htmlTags';

/**
 * Rich text of questions, options, solutions, paragraphs and instructions: sanitised HTML.
 *
 * Kept: formatting (bold, italic, underline, strike, sub/superscript, headings, code), lists,
 * tables, links (http, https, mailto), pictures with a `src` of our own stored files
 * (`/api/files/{org}/{name}`) or an https address (issue 14: any other address, such as
 * http://127.0.0.1 or the server's own API, was fetched by the PDF export), and a size
 * (width/height), a few inline styles (alignment, size, colour, weight). LaTeX stays text
 * between `$...$` or `\(...\)` (KaTeX renders it when shown); a `<` inside it must come
 * escaped (`&lt;`), as in any HTML text.
 * Dropped: scripts and styles with their content, every other element (its text is kept),
 * event handlers and every attribute not listed, `javascript:`/`data:` and protocol-relative
 * URLs, comments.
 *
 * sanitize-html parses with htmlparser2 (no DOM), so the server, the editor and the add-in run
 * the same code. Its own style parsing needs postcss (Node only), so it is off, and `style` is
 * filtered here against an allowlist of properties and value patterns instead.
 */

const SIZE = /^(auto|\d{1,5}(\.\d{1,3})?(px|%|em|rem|pt)?)$/;
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+\s*)?\)|[a-z]{3,20})$/i;
const STYLES: Record<string, RegExp> = {
  'text-align': /^(left|right|center|justify|start|end)$/,
  'vertical-align': /^(top|middle|bottom|baseline|sub|super|text-top|text-bottom)$/,
  width: SIZE,
  height: SIZE,
  'max-width': SIZE,
  'min-width': SIZE,
  color: COLOR,
  'background-color': COLOR,
  'font-weight': /^(normal|bold|bolder|lighter|[1-9]00)$/,
  'font-style': /^(normal|italic|oblique)$/,
  'text-decoration': /^(none|underline|line-through|overline)( (underline|line-through|overline))*$/,
};

/** The declarations of a style attribute that are on the allowlist, normalised; '' for none. */
export function safeStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return null;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration
        .slice(colon + 1)
        .trim()
        .replace(/\s+/g, ' ');
      return STYLES[property]?.test(value) ? `${property}: ${value}` : null;
    })
    .filter(Boolean)
    .join('; ');
}

const DIMENSION = /^\d{1,5}%?$/;
/** A picture stored by Testforge (server/modules/files): `/api/files/{org id}/{32 hex}.{ext}`. */
export const STORED_FILE_SRC = /^\/api\/files\/[A-Za-z0-9-]{1,64}\/[0-9a-f]{32}\.[a-z]{3,4}$/;
const styled = ['style'];
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'del',
    'ins',
    'sub',
    'sup',
    'small',
    'mark',
    ...HEADING_TAGS,
    'blockquote',
    'pre',
    'code',
    'hr',
    'ul',
    'ol',
    'li',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'a',
    'img',
  ],
  allowedAttributes: {
    '*': styled,
    a: ['href', 'title', 'target', 'rel', 'style'],
    img: ['src', 'alt', 'title', 'width', 'height', 'style'],
    ol: ['start', 'type', 'style'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'scope', 'style'],
    col: ['span', 'style'],
    colgroup: ['span', 'style'],
    table: ['border', 'style'],
  },
  selfClosing: ['img', 'br', 'hr', 'col'],
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'head'],
  transformTags: {
    '*': (tagName, attribs) => {
      const next = { ...attribs };
      if (next.style !== undefined) {
        const style = safeStyle(next.style);
        if (style) next.style = style;
        else delete next.style;
      }
      for (const size of ['width', 'height'] as const) {
        if (next[size] !== undefined && !DIMENSION.test(next[size].trim())) delete next[size];
      }
      // Pictures come from our own stored files or an https address, nothing else.
      if (tagName === 'img' && next.src !== undefined && !STORED_FILE_SRC.test(next.src.trim()) && !/^https:\/\/[^\s"'`<>]+$/i.test(next.src.trim())) {
        delete next.src;
      }
      if (tagName === 'a') {
        if (next.target !== undefined && next.target !== '_blank') delete next.target;
        if (next.target === '_blank') next.rel = 'noopener noreferrer';
        else delete next.rel;
      }
      return { tagName, attribs: next };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitised HTML (see above). Idempotent: sanitising sanitised HTML changes nothing. */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  return sanitize(html, OPTIONS);
}
