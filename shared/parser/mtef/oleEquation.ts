import { isCompoundFile, readCfbStream } from './cfb';
import { mtefToLatex } from './mtef';

/**
 * The LaTeX of an equation OLE object (ProgID Equation.DSMT4/5/6 from MathType, Equation.3 from
 * Equation Editor 3.0): the `word/embeddings/oleObjectN.bin` a .docx's <o:OLEObject> points at.
 * The compound file's `Equation Native` stream starts with an EQNOLEFILEHDR (cbHdr u16 — 28 —,
 * version u32, clipboard format u16, cbObject u32, reserved) and continues with MTEF.
 * Returns null, never throws, for anything else: other OLE objects, truncated or hostile bytes.
 * Also accepts a bare `Equation Native` stream, as some converters store it without the container.
 */
export function oleEquationToLatex(bin: Uint8Array): string | null {
  try {
    const stream = isCompoundFile(bin) ? readCfbStream(bin, 'Equation Native') : bin;
    return stream ? equationNativeToLatex(stream) : null;
  } catch {
    return null; // a last net: the readers are meant to fail with null on their own
  }
}

/** `Equation Native` bytes: the header, then cbObject bytes of MTEF. */
export function equationNativeToLatex(stream: Uint8Array): string | null {
  if (stream.length < 8) return null;
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const headerSize = view.getUint16(0, true);
  if (headerSize < 8 || headerSize >= stream.length) return null;
  const declared = headerSize >= 12 ? view.getUint32(8, true) : 0;
  // cbObject is sometimes 0 or too large in the wild: then take the rest of the stream.
  const end = declared > 0 && headerSize + declared <= stream.length ? headerSize + declared : stream.length;
  return mtefToLatex(stream.subarray(headerSize, end));
}
