import fs from 'node:fs';
import path from 'node:path';
import { joinSlices, OfficeReadError, readOpenDocument, type OfficeDocumentLike } from './readDocument';

/** The browser tests' fake of Word (tests/support/fakeWord.browser.js), run here in jsdom. */
function fakeWord(bytes: Uint8Array) {
  const w = window as any;
  w.__fakeWordDocx = Buffer.from(bytes).toString('base64');
  new Function(fs.readFileSync(path.join(__dirname, '../../../tests/support/fakeWord.browser.js'), 'utf8'))();
  return { document: w.Office.context.document as OfficeDocumentLike, state: w.fakeWord, Office: w.Office };
}

const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7) % 256);

describe('readOpenDocument (getFileAsync in slices)', () => {
  it('puts the slices together in order and closes the file', async () => {
    const { document, state, Office } = fakeWord(bytes);
    const read = await readOpenDocument(document, Office.FileType.Compressed, 64);
    expect(read).toEqual(bytes);
    expect(state.reads).toBe(1);
    expect(state.openFiles).toBe(0);
  });

  it('reads a document smaller than one slice, and one of exactly two slices', async () => {
    const { document, Office } = fakeWord(bytes);
    expect(await readOpenDocument(document, Office.FileType.Compressed)).toEqual(bytes);
    expect(await readOpenDocument(document, Office.FileType.Compressed, 500)).toEqual(bytes);
  });

  it("says Word's failure as Word said it", async () => {
    const { document, state, Office } = fakeWord(bytes);
    state.failNextRead = { code: 5001, message: 'An internal error has occurred.' };
    await expect(readOpenDocument(document, Office.FileType.Compressed)).rejects.toEqual(new OfficeReadError('An internal error has occurred.', 5001));
  });

  it('closes the file when a slice fails, and takes slices as Office gives them (array, ArrayBuffer)', async () => {
    const closed: boolean[] = [];
    const ok = <T>(value: T) => ({ status: 'succeeded', value }) as unknown as Office.AsyncResult<T>;
    const document: OfficeDocumentLike = {
      getFileAsync: (_type, _options, callback) =>
        callback(
          ok({
            size: 4,
            sliceCount: 2,
            getSliceAsync: (index: number, cb: (r: Office.AsyncResult<Office.Slice>) => void) =>
              cb(
                index === 0
                  ? ok({ data: new Uint8Array([1, 2]).buffer, index, size: 2 } as Office.Slice)
                  : ({ status: 'failed', error: { code: 5001, message: 'gone', name: 'Error' } } as unknown as Office.AsyncResult<Office.Slice>),
              ),
            closeAsync: (cb?: () => void) => {
              closed.push(true);
              cb?.();
            },
          } as unknown as Office.File),
        ),
    };
    await expect(readOpenDocument(document, 'compressed' as unknown as Office.FileType)).rejects.toThrow('gone');
    expect(closed).toEqual([true]);
  });

  it('refuses slices that do not add up to the file', () => {
    expect(() => joinSlices([new Uint8Array(3)], 4)).toThrow('Word gave 3 bytes of a 4-byte document.');
    expect(joinSlices([new Uint8Array([1]), new Uint8Array([2, 3])], 3)).toEqual(new Uint8Array([1, 2, 3]));
  });
});
