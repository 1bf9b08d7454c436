/** `length` UTF-16LE code units from `at` (binary formats keep their text so: Hangul's records, Word's form controls). */
export function readUtf16(data: Uint8Array, at: number, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(data[at + 2 * i] | (data[at + 2 * i + 1] << 8));
  return text;
}

/** `text` written over the UTF-16LE units at `at` (same length: the caller keeps it). */
export function writeUtf16(data: Uint8Array, at: number, text: string): void {
  for (let i = 0; i < text.length; i++) {
    data[at + 2 * i] = text.charCodeAt(i) & 0xff;
    data[at + 2 * i + 1] = text.charCodeAt(i) >> 8;
  }
}
