import { readUtf16 } from '../content/utf16';
import type { DocxPackage } from './openDocx';

/**
 * A form control Word keeps when a web page is saved or pasted into a document: an online quiz's
 * radio buttons and check boxes arrive as ActiveX controls (`w:object` > `w:control`), drawn by a
 * picture of the button, with the option's text in the runs after it. What the control is, and
 * whether it was checked, lives in its ActiveX part's persisted data, never in the picture.
 */
export type FormControl = { kind: 'radio' | 'checkbox'; checked: boolean } | { kind: 'text' };

/** Longest persisted data read: an HTML control's stream is a tag of a few hundred bytes. */
const MAX_STREAM_BYTES = 64 * 1024;

/**
 * The control an ActiveX part (`word/activeX/activeX1.xml`) describes, or null for one we do not
 * read. Word's HTML controls (classids 5512D1xx-5CC6-11CF-8D67-00AA00BDCE1D) persist as a stream:
 * the control's class id (16 bytes), then its HTML tag in UTF-16 (`<INPUT TYPE="radio" CHECKED
 * NAME="q1" VALUE="3">`), which says all we need whatever the class id.
 */
export function formControlOf(pkg: Pick<DocxPackage, 'xml' | 'bytes' | 'relationships'>, partPath: string | null): FormControl | null {
  if (!partPath) return null;
  const xml = pkg.xml(partPath);
  if (!xml || !/persistence="persistStream"/.test(xml)) return null;
  const dataId = /\br:id="([^"]+)"/.exec(xml)?.[1];
  const dataPath = dataId ? pkg.relationships(partPath).get(dataId)?.target : undefined;
  const data = dataPath ? pkg.bytes(dataPath) : null;
  return data ? htmlControl(data) : null;
}

/** An HTML control's persisted stream: its class id, then its tag in UTF-16LE. */
export function htmlControl(data: Uint8Array): FormControl | null {
  const length = Math.min(data.length - 16, MAX_STREAM_BYTES);
  if (length < 2) return null;
  const tag = readUtf16(data, 16, Math.floor(length / 2));
  const input = /^\s*<INPUT\b([^>]*)>/i.exec(tag);
  if (!input) return null;
  const type = /\bTYPE\s*=\s*"?([a-z]+)"?/i.exec(input[1])?.[1].toLowerCase() ?? 'text';
  const checked = /\bCHECKED\b/i.test(input[1]);
  if (type === 'radio' || type === 'checkbox') return { kind: type, checked };
  return type === 'text' ? { kind: 'text' } : null;
}
