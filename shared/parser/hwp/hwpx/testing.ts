/**
 * Tiny .hwpx files for tests, built from XML strings: a header with the shapes a test names and
 * sections of paragraphs, zipped as Hangul zips them (mimetype first).
 */
import { strToU8, zipSync } from 'fflate';

const NAMESPACES =
  'xmlns:ha="http://www.hancom.co.kr/hwpml/2011/app" xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph" ' +
  'xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section" xmlns:hc="http://www.hancom.co.kr/hwpml/2011/core" ' +
  'xmlns:hh="http://www.hancom.co.kr/hwpml/2011/head"';

export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface CharPrOptions {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  sup?: boolean;
  sub?: boolean;
  /** #RRGGBB */
  color?: string;
  /** #RRGGBB or none */
  shade?: string;
  /** Id in the HANGUL font list (0 함초롬돋움, 1 함초롬바탕). */
  font?: number;
}

export function charPr(id: number, o: CharPrOptions = {}): string {
  return (
    `<hh:charPr id="${id}" height="1000" textColor="${o.color ?? '#000000'}" shadeColor="${o.shade ?? 'none'}" useFontSpace="0" useKerning="0" symMark="NONE" borderFillIDRef="2">` +
    `<hh:fontRef hangul="${o.font ?? 1}" latin="${o.font ?? 1}" hanja="1" japanese="1" other="1" symbol="1" user="1"/>` +
    (o.bold ? '<hh:bold/>' : '') +
    (o.italic ? '<hh:italic/>' : '') +
    `<hh:underline type="${o.underline ? 'BOTTOM' : 'NONE'}" shape="SOLID" color="#000000"/>` +
    (o.sup ? '<hh:supscript/>' : '') +
    (o.sub ? '<hh:subscript/>' : '') +
    '</hh:charPr>'
  );
}

/** A paragraph shape; heading as Hangul writes it (type NUMBER/OUTLINE/BULLET, idRef, 0-based level). */
export function paraPr(id: number, heading?: { type: 'NUMBER' | 'OUTLINE' | 'BULLET'; idRef: number; level?: number }): string {
  return (
    `<hh:paraPr id="${id}" tabPrIDRef="0" condense="0"><hh:align horizontal="JUSTIFY" vertical="BASELINE"/>` +
    `<hh:heading type="${heading?.type ?? 'NONE'}" idRef="${heading?.idRef ?? 0}" level="${heading?.level ?? 0}"/></hh:paraPr>`
  );
}

/** A numbering definition: one paraHead per level (1-based level, as Hangul writes them). */
export function numbering(id: number, heads: { format: string; text: string; start?: number }[]): string {
  return (
    `<hh:numbering id="${id}" start="0">` +
    heads
      .map(
        (h, i) =>
          `<hh:paraHead start="${h.start ?? 1}" level="${i + 1}" align="LEFT" numFormat="${h.format}" charPrIDRef="4294967295">${escapeXml(h.text)}</hh:paraHead>`,
      )
      .join('') +
    '</hh:numbering>'
  );
}

export interface HeaderOptions {
  charPrs?: string[];
  paraPrs?: string[];
  numberings?: string[];
  bullets?: string[];
}

export function headerXml(o: HeaderOptions = {}): string {
  const charPrs = [charPr(0), ...(o.charPrs ?? [])];
  const paraPrs = [paraPr(0), ...(o.paraPrs ?? [])];
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes" ?><hh:head ${NAMESPACES} version="1.4" secCnt="1"><hh:refList>` +
    '<hh:fontfaces itemCnt="2"><hh:fontface lang="HANGUL" fontCnt="2"><hh:font id="0" face="함초롬돋움" type="TTF" isEmbedded="0"/><hh:font id="1" face="함초롬바탕" type="TTF" isEmbedded="0"/></hh:fontface>' +
    '<hh:fontface lang="LATIN" fontCnt="2"><hh:font id="0" face="Arial" type="TTF" isEmbedded="0"/><hh:font id="1" face="Times New Roman" type="TTF" isEmbedded="0"/></hh:fontface></hh:fontfaces>' +
    `<hh:charProperties itemCnt="${charPrs.length}">${charPrs.join('')}</hh:charProperties>` +
    `<hh:numberings>${(o.numberings ?? []).join('')}</hh:numberings>` +
    `<hh:bullets>${(o.bullets ?? []).join('')}</hh:bullets>` +
    `<hh:paraProperties itemCnt="${paraPrs.length}">${paraPrs.join('')}</hh:paraProperties>` +
    '<hh:styles itemCnt="1"><hh:style id="0" type="PARA" name="바탕글" engName="Normal" paraPrIDRef="0" charPrIDRef="0" nextStyleIDRef="0"/></hh:styles>' +
    '</hh:refList></hh:head>'
  );
}

/** hp:t with its text escaped; `\t` and `\n` become hp:tab and hp:lineBreak. */
export function t(text: string): string {
  return `<hp:t>${escapeXml(text).replace(/\t/g, '<hp:tab width="4000" leader="0" type="1"/>').replace(/\n/g, '<hp:lineBreak/>')}</hp:t>`;
}

/** A run of a character shape; a string is text. */
export const run = (content: string, charPrId = 0) => `<hp:run charPrIDRef="${charPrId}">${content}</hp:run>`;

/** A paragraph of runs; a plain string is one run of plain text. */
export function p(runs: string | string[], paraPrId = 0): string {
  const content = typeof runs === 'string' ? run(t(runs)) : runs.join('');
  return `<hp:p id="0" paraPrIDRef="${paraPrId}" styleIDRef="0" pageBreak="0" columnBreak="0" merged="0">${content}</hp:p>`;
}

/** A table (in a run) of rows of cells, each cell a list of paragraphs' XML; `inline`: placed as a character; a caption on a side. */
export function tbl(rows: string[][][], inline = false, caption?: { side: 'LEFT' | 'RIGHT' | 'TOP' | 'BOTTOM'; paragraphs: string[] }): string {
  const trs = rows.map(
    (cells, row) =>
      '<hp:tr>' +
      cells
        .map(
          (paragraphs, column) =>
            `<hp:tc name="" header="0" hasMargin="0" protect="0" editable="0" dirty="0" borderFillIDRef="3"><hp:subList id="" textDirection="HORIZONTAL" lineWrap="BREAK" vertAlign="CENTER">${paragraphs.join('')}</hp:subList>` +
            `<hp:cellAddr colAddr="${column}" rowAddr="${row}"/><hp:cellSpan colSpan="1" rowSpan="1"/><hp:cellSz width="10000" height="1000"/></hp:tc>`,
        )
        .join('') +
      '</hp:tr>',
  );
  const captionXml = caption
    ? `<hp:caption side="${caption.side}" fullSz="0" width="8504" gap="566" lastWidth="28835"><hp:subList id="" textDirection="HORIZONTAL" lineWrap="BREAK" vertAlign="TOP">${caption.paragraphs.join('')}</hp:subList></hp:caption>`
    : '';
  return `<hp:tbl id="1" zOrder="0" rowCnt="${rows.length}" colCnt="${rows[0]?.length ?? 0}" cellSpacing="0" borderFillIDRef="3"><hp:sz width="40000" height="2000"/><hp:pos treatAsChar="${inline ? 1 : 0}"/>${captionXml}${trs.join('')}</hp:tbl>`;
}

/** A note control (in a run) holding paragraphs; Hangul starts the note's first paragraph with its automatic number. */
export function note(kind: 'endNote' | 'footNote', number: number, paragraphs: string[]): string {
  const autoNum = `<hp:run charPrIDRef="0"><hp:ctrl><hp:autoNum num="${number}" numType="${kind === 'endNote' ? 'ENDNOTE' : 'FOOTNOTE'}"><hp:autoNumFormat type="DIGIT" suffixChar=")"/></hp:autoNum></hp:ctrl></hp:run>`;
  const [first, ...rest] = paragraphs;
  const withNumber = first ? first.replace(/(<hp:p [^>]*>)/, `$1${autoNum}`) : '';
  return `<hp:ctrl><hp:${kind} number="${number}" suffixChar="41" instId="${1000 + number}"><hp:subList id="" textDirection="HORIZONTAL">${withNumber}${rest.join('')}</hp:subList></hp:${kind}></hp:ctrl>`;
}

export const equation = (script: string) =>
  `<hp:equation id="1" zOrder="0" version="Equation Version 60" baseLine="86" textColor="#000000" baseUnit="1000" font="HYhwpEQ"><hp:sz width="3000" height="1000"/><hp:pos treatAsChar="1"/><hp:script>${escapeXml(script)}</hp:script></hp:equation>`;

export const picture = (id: string, width: number, height: number) =>
  `<hp:pic id="2" zOrder="1" numberingType="PICTURE"><hp:orgSz width="${width * 2}" height="${height * 2}"/><hp:curSz width="${width}" height="${height}"/><hc:img binaryItemIDRef="${id}" bright="0" contrast="0" effect="REAL_PIC" alpha="0"/><hp:sz width="${width}" widthRelTo="ABSOLUTE" height="${height}" heightRelTo="ABSOLUTE" protect="0"/><hp:pos treatAsChar="1"/><hp:shapeComment>그림입니다.</hp:shapeComment></hp:pic>`;

/** A rectangle with a text box of paragraphs; `inline`: placed as a character, in the sentence's line (a boxed word); `onPaper`: floating, placed from the paper's top. */
export const textBox = (paragraphs: string[], inline = false, onPaper = false) =>
  `<hp:rect id="3" zOrder="2" numberingType="PICTURE"><hp:drawText lastWidth="10000" name="" editable="0"><hp:subList id="" textDirection="HORIZONTAL">${paragraphs.join('')}</hp:subList></hp:drawText><hp:sz width="20000" height="5000"/>${inline ? '<hp:pos treatAsChar="1"/>' : onPaper ? '<hp:pos treatAsChar="0" vertRelTo="PAPER" horzRelTo="PAPER"/>' : ''}<hp:shapeComment>사각형입니다.</hp:shapeComment></hp:rect>`;

/** The first paragraph's section definition, as Hangul writes it (its outline numbering is numbering 1). */
export const SEC_PR =
  '<hp:secPr id="" textDirection="HORIZONTAL" spaceColumns="1134" tabStop="8000" outlineShapeIDRef="1" memoShapeIDRef="0"><hp:pagePr landscape="WIDELY" width="59528" height="84188"/></hp:secPr><hp:ctrl><hp:colPr id="" type="NEWSPAPER" layout="LEFT" colCount="1" sameSz="1" sameGap="0"/></hp:ctrl>';

export const sectionXml = (paragraphs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes" ?><hs:sec ${NAMESPACES}>${paragraphs.join('')}</hs:sec>`;

export interface HwpxOptions {
  header?: string;
  /** Each section's paragraphs. */
  sections?: string[][];
  /** Pictures and other parts: BinData/image1.png… (listed in the manifest under their name without extension). */
  files?: Record<string, string | Uint8Array>;
  /** null leaves the mimetype out. */
  mimetype?: string | null;
  manifest?: string | null;
}

/** A .hwpx as Hangul zips it: mimetype first, then the parts. */
export function buildHwpx(o: HwpxOptions = {}): Uint8Array {
  const sections = o.sections ?? [[p('1. 문제')]];
  const binItems = Object.keys(o.files ?? {})
    .filter((path) => path.startsWith('BinData/'))
    .map((path) => `<opf:item id="${path.slice(8).replace(/\.[^.]*$/, '')}" href="${path}" media-type="image/png" isEmbeded="1"/>`);
  const contentHpf =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes" ?><opf:package xmlns:opf="http://www.idpf.org/2007/opf/"><opf:manifest><opf:item id="header" href="Contents/header.xml" media-type="application/xml"/>' +
    sections.map((_, i) => `<opf:item id="section${i}" href="Contents/section${i}.xml" media-type="application/xml"/>`).join('') +
    binItems.join('') +
    '</opf:manifest><opf:spine><opf:itemref idref="header" linear="yes"/>' +
    sections.map((_, i) => `<opf:itemref idref="section${i}" linear="yes"/>`).join('') +
    '</opf:spine></opf:package>';
  const parts: Record<string, string | Uint8Array> = {
    ...(o.mimetype === null ? {} : { mimetype: o.mimetype ?? 'application/hwp+zip' }),
    'version.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes" ?><hv:HCFVersion xmlns:hv="http://www.hancom.co.kr/hwpml/2011/version" major="5" minor="1"/>',
    'Contents/header.xml': o.header ?? headerXml(),
    ...Object.fromEntries(sections.map((paragraphs, i) => [`Contents/section${i}.xml`, sectionXml(paragraphs)])),
    'Contents/content.hpf': contentHpf,
    'META-INF/container.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes" ?><ocf:container xmlns:ocf="urn:oasis:names:tc:opendocument:xmlns:container"><ocf:rootfiles><ocf:rootfile full-path="Contents/content.hpf" media-type="application/hwpml-package+xml"/></ocf:rootfiles></ocf:container>',
    ...(o.manifest === null ? {} : { 'META-INF/manifest.xml': o.manifest ?? '<odf:manifest xmlns:odf="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>' }),
    ...(o.files ?? {}),
  };
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {};
  for (const [path, content] of Object.entries(parts)) {
    const bytes = typeof content === 'string' ? strToU8(content) : content;
    files[path] = path === 'mimetype' ? [bytes, { level: 0 }] : bytes;
  }
  return zipSync(files);
}
