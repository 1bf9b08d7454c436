/**
 * Plain text of the HTML the editor stores, without a DOM (the server and the add-in have
 * none). The HTML is already sanitised (./sanitize.ts), so tags are well formed.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/** The text of an HTML fragment: tags dropped, block ends as spaces, entities decoded, spaces collapsed. */
export function htmlText(html: string): string {
  return decodeEntities(html.replace(/<(br|\/p|\/div|\/li|\/td|\/th|\/tr|\/h[1-6])\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** True when the HTML shows nothing: no text (LaTeX counts as text) and no picture. */
export function isBlankHtml(html: string | undefined | null): boolean {
  if (!html) return true;
  if (/<img\b/i.test(html)) return false;
  return htmlText(html) === '';
}
