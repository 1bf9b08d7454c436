import { strToU8, zipSync } from 'fflate';

/**
 * Hostile .docx files (issue 14), each inside the upload size limit: what an attacker (or a broken
 * generator) sends to make the parser use gigabytes. Built here, not stored: a few lines each.
 */
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const docx = (documentXml: string | Uint8Array, extra: Record<string, Uint8Array> = {}, level = 6) =>
  zipSync(
    {
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      'word/document.xml': typeof documentXml === 'string' ? strToU8(documentXml) : documentXml,
      ...extra,
    },
    { level: level as 6 },
  );

/** Pseudo-random text that does not compress much (so the packed-to-unpacked ratio stays low). */
function noise(length: number, seed = 1): string {
  let x = seed;
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ';
  const codes = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    // 32-bit integer arithmetic (Math.imul): a plain product passes 2^53 and made 40 MB of noise take 9 s.
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    codes[i] = chars.charCodeAt(x % chars.length);
  }
  return Buffer.from(codes).toString('latin1');
}

export const hostileDocx = {
  /** One paragraph of text per question-like line, document.xml of about `mb` MB that compresses little. */
  hugePart(mb: number): Uint8Array {
    const parts: string[] = [`<w:document ${W}><w:body>`];
    const line = 4000;
    for (let i = 0; i < (mb * 1024 * 1024) / line; i++) parts.push(`<w:p><w:r><w:t>${noise(line - 40, i + 1)}</w:t></w:r></w:p>`);
    parts.push('</w:body></w:document>');
    return docx(parts.join(''));
  },
  /** Millions of tiny elements: a small part that builds a huge tree. */
  manyElements(count: number): Uint8Array {
    const text = noise(count * 4, 7);
    const tags = Array.from({ length: count }, (_, i) => `<w:t w:x="${text.slice(i * 4, i * 4 + 4)}"/>`).join('');
    return docx(`<w:document ${W}><w:body><w:p><w:r>${tags}</w:r></w:p></w:body></w:document>`);
  },
  /** `count` real questions (stem, four options, answer), each paragraph its own text: the most a document can hold, as questions. */
  manyQuestions(count: number): Uint8Array {
    const p = (text: string) => `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
    const body = Array.from(
      { length: count },
      (_, i) => p(`${i + 1}. ${noise(60, i + 11)}?`) + ['a', 'b', 'c', 'd'].map((l, j) => p(`(${l}) ${noise(12, i * 4 + j)}`)).join('') + p('Ans: b'),
    ).join('');
    return docx(`<w:document ${W}><w:body>${body}</w:body></w:document>`);
  },
  /** Elements nested `depth` deep. */
  deep(depth: number): Uint8Array {
    const text = noise(depth * 4, 3);
    const open = Array.from({ length: depth }, (_, i) => `<w:sdt w:x="${text.slice(i * 4, i * 4 + 4)}">`).join('');
    return docx(`<w:document ${W}><w:body>${open}<w:p><w:r><w:t>deep</w:t></w:r></w:p>${'</w:sdt>'.repeat(depth)}</w:body></w:document>`);
  },
  /** A normal question with `count` pictures of `mb` MB each that do not compress. */
  manyPictures(count: number, mb: number): Uint8Array {
    const extra: Record<string, Uint8Array> = {};
    for (let i = 0; i < count; i++) {
      const bytes = new Uint8Array(mb * 1024 * 1024);
      for (let j = 0; j < bytes.length; j++) bytes[j] = (j * 2654435761 + i) >>> 24;
      extra[`word/media/image${i + 1}.png`] = bytes;
    }
    return docx(`<w:document ${W}><w:body><w:p><w:r><w:t>1. What is 2 + 2?</w:t></w:r></w:p></w:body></w:document>`, extra, 0);
  },
};
