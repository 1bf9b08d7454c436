// Prints the text of the PDF read from stdin, as a JSON array of pages, read with pdf.js
// (Mozilla's PDF reader). A separate process: pdf.js is an ES module Jest's transform cannot load.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const document = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false }).promise;
const pages = [];
for (let n = 1; n <= document.numPages; n += 1) {
  const content = await (await document.getPage(n)).getTextContent();
  pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
}
await document.destroy();
process.stdout.write(JSON.stringify(pages));
