import { execFile } from 'node:child_process';
import path from 'node:path';

/**
 * The text of a PDF, page by page, as a reader would copy it out of the file (pdf.js, in
 * pdfTextWorker.mjs): tests check the PDF itself rather than the page it came from.
 */
export function pdfText(pdf: Uint8Array): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(__dirname, 'pdfTextWorker.mjs')], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`pdfText: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout));
    });
    child.stdin!.end(Buffer.from(pdf));
  });
}
