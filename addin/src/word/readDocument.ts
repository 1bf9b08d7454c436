/** What the pane uses of `Office.context.document` (office.js in Word; a fake in the tests). */
export interface OfficeDocumentLike {
  getFileAsync(fileType: Office.FileType, options: { sliceSize: number }, callback: (result: Office.AsyncResult<Office.File>) => void): void;
}

/** A failure Word reported, with Office's code and message (shown to the teacher as they are). */
export class OfficeReadError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'OfficeReadError';
  }
}

/** 4 MB, the largest slice Office allows. */
export const SLICE_SIZE = 4 * 1024 * 1024;

const failure = (result: Office.AsyncResult<unknown>) =>
  new OfficeReadError(result.error?.message || 'Word did not give the document.', result.error?.code ?? null);
const succeeded = (result: Office.AsyncResult<unknown>) => String(result.status) === 'succeeded';

/**
 * The open document as a .docx: `getFileAsync(Compressed)`, every slice in turn, then the file
 * closed (Office keeps few files open at once, so it is closed on failure too). Not `getOoxml`:
 * it hangs on large documents.
 */
export function readOpenDocument(document: OfficeDocumentLike, fileType: Office.FileType, sliceSize = SLICE_SIZE): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    document.getFileAsync(fileType, { sliceSize }, (opened) => {
      if (!succeeded(opened)) {
        reject(failure(opened));
        return;
      }
      const file = opened.value;
      const slices: Uint8Array[] = [];
      const finish = (error: OfficeReadError | null) =>
        file.closeAsync(() => {
          if (error) reject(error);
          else resolve(joinSlices(slices, file.size));
        });
      const next = (index: number) => {
        if (index >= file.sliceCount) {
          finish(null);
          return;
        }
        file.getSliceAsync(index, (sliced) => {
          if (!succeeded(sliced)) {
            finish(failure(sliced));
            return;
          }
          const data = sliced.value.data as ArrayLike<number> | ArrayBuffer;
          slices[index] = data instanceof ArrayBuffer ? new Uint8Array(data) : Uint8Array.from(data);
          next(index + 1);
        });
      };
      next(0);
    });
  });
}

/** The slices end to end; a total that disagrees with the file's size is an error, not a bad parse. */
export function joinSlices(slices: Uint8Array[], size: number): Uint8Array {
  const total = slices.reduce((n, s) => n + s.length, 0);
  if (total !== size) throw new OfficeReadError(`Word gave ${total} bytes of a ${size}-byte document.`, null);
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const slice of slices) {
    bytes.set(slice, at);
    at += slice.length;
  }
  return bytes;
}
