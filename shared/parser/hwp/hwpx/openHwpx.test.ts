import { strToU8, zipSync } from 'fflate';
import { DOCX_LIMITS, DocxError, type DocxProblem } from '../../docx/openDocx';
import { readHwpx } from '../parseHwpx';
import { openHwpx } from './openHwpx';
import { buildHwpx, p } from './testing';

/** What readHwpx throws for a file, and the message it gives. */
function refusal(bytes: Uint8Array): { problem: DocxProblem; message: string; params: Record<string, string | number> } | null {
  try {
    readHwpx(bytes);
    return null;
  } catch (error) {
    if (error instanceof DocxError) return { problem: error.problem, message: error.message, params: error.params };
    throw error;
  }
}
const problemOf = (bytes: Uint8Array) => refusal(bytes)?.problem ?? null;

describe('openHwpx', () => {
  it('opens a Hangul package: its XML parts, and pictures unpacked when asked for', () => {
    const pkg = openHwpx(buildHwpx({ files: { 'BinData/image1.png': new Uint8Array([1, 2, 3]) } }));
    expect(pkg.xml('Contents/section0.xml')).toContain('1. 문제');
    expect(pkg.xml('Contents/section9.xml')).toBeNull();
    expect(pkg.bytes('BinData/image1.png')).toEqual(new Uint8Array([1, 2, 3]));
    expect(pkg.names[0]).toBe('mimetype');
  });

  it('reads a package without a mimetype when it has OWPML parts', () => {
    expect(problemOf(buildHwpx({ mimetype: null }))).toBeNull();
  });

  it('says a file is not a Hangul document: a binary .hwp, a .docx, another zip, text', () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(64).fill(0)]);
    expect(refusal(ole)).toMatchObject({ problem: 'notHwp', message: 'This is not a Hangul document (.hwp or .hwpx).' });
    const docx = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w:document/>') });
    expect(problemOf(docx)).toBe('notHwp');
    expect(problemOf(buildHwpx({ mimetype: 'application/vnd.oasis.opendocument.text' }))).toBe('notHwp');
    expect(problemOf(strToU8('1. 다음 중 옳은 것은?'))).toBe('notHwp');
    expect(problemOf(new Uint8Array())).toBe('empty');
    expect(problemOf(new Uint8Array(DOCX_LIMITS.fileBytes + 1))).toBe('tooLarge');
  });

  it('says a password-protected package is encrypted (the manifest carries encryption data)', () => {
    const manifest =
      '<odf:manifest xmlns:odf="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><odf:file-entry full-path="Contents/section0.xml" media-type="application/xml" size="4000">' +
      '<odf:encryption-data checksum-type="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0#sha256-1k" checksum="abc="><odf:algorithm algorithm-name="http://www.w3.org/2001/04/xmlenc#aes256-cbc" initialisation-vector="xyz="/>' +
      '</odf:encryption-data></odf:file-entry></odf:manifest>';
    const encrypted = buildHwpx({ manifest, files: { 'Contents/section0.xml': new Uint8Array([0x9c, 0x13, 0x77, 0x01]) } });
    expect(refusal(encrypted)).toMatchObject({ problem: 'hwpEncrypted', message: expect.stringContaining('password') });
  });

  it('says a package without its body, or with damaged XML, is damaged', () => {
    const noBody = zipSync({ mimetype: strToU8('application/hwp+zip'), 'Contents/header.xml': strToU8('<hh:head xmlns:hh="h"/>') });
    expect(refusal(noBody)).toMatchObject({ problem: 'corrupt', message: expect.stringContaining('damaged') });
    expect(problemOf(buildHwpx().slice(0, 80))).toBe('corrupt');
    expect(problemOf(buildHwpx({ files: { 'Contents/section0.xml': '<hs:sec><hp:p></hs:sec>' } }))).toBe('corrupt');
    expect(problemOf(buildHwpx({ header: '<hh:head><hh:refList>' }))).toBe('corrupt');
  });

  it('refuses a zip bomb quickly, and a package of too many entries', () => {
    const bomb = buildHwpx({ files: { 'BinData/zeros.bmp': new Uint8Array(64 * 1024 * 1024) } });
    expect(bomb.length).toBeLessThan(512 * 1024);
    const started = Date.now();
    expect(problemOf(bomb)).toBe('zipBomb');
    expect(Date.now() - started).toBeLessThan(2000);
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= DOCX_LIMITS.entries; i++) many[`BinData/x${i}.png`] = new Uint8Array(0);
    expect(problemOf(buildHwpx({ files: many }))).toBe('zipBomb');
  });

  it('refuses an XML part too large, with too many elements or nested too deep, naming the part', () => {
    // Stored, not deflated: a part that large packs to its own size, so the ratio does not catch it first.
    const huge = zipSync({
      mimetype: strToU8('application/hwp+zip'),
      'Contents/section0.xml': [new Uint8Array(DOCX_LIMITS.xmlPartBytes + 1).fill(32), { level: 0 }],
    });
    expect(refusal(huge)).toMatchObject({ problem: 'partTooLarge', params: { part: 'Contents/section0.xml', mb: 24 } });
    // Repeated markup deflates past the zip-bomb ratio: these parts are stored.
    const stored = (section: string) => zipSync({ mimetype: strToU8('application/hwp+zip'), 'Contents/section0.xml': [strToU8(section), { level: 0 }] });
    const many = `<hs:sec xmlns:hs="s" xmlns:hp="p">${'<hp:p/>'.repeat(DOCX_LIMITS.elements + 1)}</hs:sec>`;
    expect(refusal(stored(many))).toMatchObject({ problem: 'tooManyElements', params: { part: 'Contents/section0.xml' } });
    const deep = `<hs:sec xmlns:hs="s" xmlns:hp="p">${'<hp:p>'.repeat(DOCX_LIMITS.depth + 1)}${'</hp:p>'.repeat(DOCX_LIMITS.depth + 1)}</hs:sec>`;
    expect(refusal(stored(deep))).toMatchObject({ problem: 'tooDeep', message: expect.stringContaining('Contents/section0.xml') });
  });

  it('reads every section in the spine order', () => {
    const doc = readHwpx(buildHwpx({ sections: [[p('1. 첫 구역')], [p('2. 둘째 구역')]] }));
    expect(doc.paragraphs.map((x) => x.inlines.map((i) => (i.kind === 'text' ? i.text : '')).join(''))).toEqual(['1. 첫 구역', '2. 둘째 구역']);
  });
});
