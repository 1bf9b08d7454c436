import { formulas } from '../math';
import { attributes, tokenize } from '../html';
import { dataUrlFile, extensionOf, isShowable } from '../pictures';
import { xmlEscape } from '../xml';
import { latexToOmml } from './omml';

/**
 * Our HTML as Word paragraphs: <p> a paragraph, bold / italic / underline / sub / superscript as
 * run properties, <br> a line break, `$...$` a Word equation, a data: picture an inline drawing
 * (its bytes put in word/media). Tables go out as their text, a paragraph per row.
 */
export interface Media {
  add(type: string, bytes: Uint8Array): string;
}

const EMU_PER_PX = 9525;

function drawing(rid: string, id: number, width: number, height: number): string {
  const cx = Math.round(width * EMU_PER_PX);
  const cy = Math.round(height * EMU_PER_PX);
  return (
    `<w:r><w:drawing><wp:inline><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${id}" name="Picture ${id}"/>` +
    `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${id}" name="Picture ${id}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
    `</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  );
}

let pictureId = 0;

/** The runs of a text with `$...$` formulas as equations. */
function textRuns(text: string, props: string): string {
  let out = '';
  let at = 0;
  const run = (t: string) => (t ? `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${xmlEscape(t)}</w:t></w:r>` : '');
  for (const f of formulas(text)) {
    out += run(text.slice(at, f.index)) + `<m:oMath>${latexToOmml(f.latex)}</m:oMath>`;
    at = f.index + f.length;
  }
  return out + run(text.slice(at));
}

/** Paragraphs of HTML as Word paragraphs' contents (each string one paragraph's runs). */
export function htmlParagraphs(html: string, media: Media): string[] {
  const paragraphs: string[] = [''];
  const open: string[] = [];
  let text = '';
  const props = () =>
    [
      open.includes('b') || open.includes('strong') ? '<w:b/>' : '',
      open.includes('i') || open.includes('em') ? '<w:i/>' : '',
      open.includes('u') ? '<w:u w:val="single"/>' : '',
      open.includes('sub') ? '<w:vertAlign w:val="subscript"/>' : open.includes('sup') ? '<w:vertAlign w:val="superscript"/>' : '',
    ].join('');
  const flush = () => {
    paragraphs[paragraphs.length - 1] += textRuns(text, props());
    text = '';
  };
  for (const t of tokenize(html)) {
    if (t.kind === 'text') {
      text += t.value;
      continue;
    }
    flush();
    if (t.name === 'br') paragraphs[paragraphs.length - 1] += '<w:r><w:br/></w:r>';
    else if (t.name === 'img' && t.kind === 'open') {
      const a = attributes(t.value);
      const file = dataUrlFile(a.src ?? '');
      if (file && isShowable(file.type))
        paragraphs[paragraphs.length - 1] += drawing(media.add(file.type, file.bytes), ++pictureId, Number(a.width) || 100, Number(a.height) || 100);
    } else if (/^(p|div|tr|li|h\d)$/.test(t.name)) {
      if (paragraphs[paragraphs.length - 1]) paragraphs.push('');
    } else if (t.kind === 'open') open.push(t.name);
    else open.splice(open.lastIndexOf(t.name), 1);
  }
  flush();
  return paragraphs.filter((p, i) => p || i === 0);
}

export const mediaName = (n: number, type: string) => `image${n}.${extensionOf(type)}`;
