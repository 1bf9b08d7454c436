import { strToU8, zipSync } from 'fflate';
import { DocxError, openDocx, type DocxProblem } from './openDocx';

const DOCUMENT =
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>1. What is 2 + 2?</w:t></w:r></w:p></w:body></w:document>';
const RELS =
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/>' +
  '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com" TargetMode="External"/>' +
  '</Relationships>';

function docx(parts: Record<string, string | Uint8Array> = {}): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [path, content] of Object.entries({
    '[Content_Types].xml': '<Types/>',
    'word/document.xml': DOCUMENT,
    'word/_rels/document.xml.rels': RELS,
    ...parts,
  })) {
    files[path] = typeof content === 'string' ? strToU8(content) : content;
  }
  return zipSync(files);
}

function problemOf(bytes: Uint8Array): DocxProblem | null {
  try {
    openDocx(bytes);
    return null;
  } catch (error) {
    if (error instanceof DocxError) return error.problem;
    throw error;
  }
}

describe('openDocx', () => {
  it('reads the parts and resolves relationships to package paths', () => {
    const pkg = openDocx(docx({ 'word/media/image1.png': new Uint8Array([0x89, 0x50]) }));
    expect(pkg.xml('word/document.xml')).toContain('What is 2 + 2?');
    expect(pkg.xml('word/styles.xml')).toBeNull();
    const rels = pkg.relationships('word/document.xml');
    expect(rels.get('rId5')).toEqual({ target: 'word/media/image1.png', type: expect.stringContaining('/image'), external: false });
    expect(rels.get('rId9')).toMatchObject({ target: 'https://example.com', external: true });
    expect(pkg.bytes(rels.get('rId5')!.target)).toEqual(new Uint8Array([0x89, 0x50]));
  });

  it('names what a file is when it is not a readable .docx', () => {
    const ole = (extra: number[] = []) => new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(64).fill(0), ...extra]);
    const encrypted = Array.from('EncryptedPackage').flatMap((c) => [c.charCodeAt(0), 0]);
    expect(problemOf(new Uint8Array())).toBe('empty');
    expect(problemOf(ole())).toBe('wordDoc');
    expect(problemOf(ole(encrypted))).toBe('encrypted');
    expect(problemOf(strToU8('%PDF-1.7\n...'))).toBe('pdf');
    expect(problemOf(strToU8('just some text'))).toBe('notDocx');
    const broken = docx().slice(0, 60);
    expect(problemOf(broken)).toBe('corrupt');
    expect(problemOf(zipSync({ 'hello.txt': strToU8('hi'), '[Content_Types].xml': strToU8('<Types/>') }))).toBe('notDocx');
    expect(problemOf(new Uint8Array(50 * 1024 * 1024 + 1))).toBe('tooLarge');
  });

  it('refuses a zip bomb before unpacking it', () => {
    // 64 MB of zeros packs to about 64 KB: far past the ratio a real document has.
    const bomb = docx({ 'word/media/zeros.bin': new Uint8Array(64 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(512 * 1024);
    const started = Date.now();
    expect(problemOf(bomb)).toBe('zipBomb');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
