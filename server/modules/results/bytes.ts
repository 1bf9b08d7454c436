/**
 * A growing byte buffer for writing an export a batch at a time: ASCII written a character at a
 * time (marks are a few characters), anything else through Buffer.write. One buffer a batch
 * instead of a string a cell: at 10,000,000 cells an export, the strings were most of its time.
 */
export class ByteWriter {
  buf: Buffer;
  at = 0;

  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(Math.max(64, capacity));
  }

  /** Room for `bytes` more. */
  reserve(bytes: number): void {
    if (this.at + bytes <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + bytes));
    this.buf.copy(grown, 0, 0, this.at);
    this.buf = grown;
  }

  byte(code: number): void {
    this.reserve(1);
    this.buf[this.at++] = code;
  }

  /** `text[from, to)`, which holds ASCII only (the caller knows: digits, signs, points). */
  ascii(text: string, from = 0, to = text.length): void {
    this.reserve(to - from);
    for (let i = from; i < to; i++) this.buf[this.at++] = text.charCodeAt(i);
  }

  /** Any text, as UTF-8. */
  utf8(text: string): void {
    this.reserve(text.length * 3);
    this.at += this.buf.write(text, this.at, 'utf8');
  }

  bytes(source: Uint8Array): void {
    this.reserve(source.length);
    this.buf.set(source, this.at);
    this.at += source.length;
  }

  /** What was written (a view: the writer is not used after). */
  written(): Buffer {
    return this.buf.subarray(0, this.at);
  }
}
