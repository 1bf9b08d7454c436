import { strToU8, zipSync } from 'fflate';
import { png } from './pictures';

/**
 * Writes real .docx files (WordprocessingML as Word writes it: content types, relationships,
 * styles, numbering definitions, media) for the parser's tests, the sample document the
 * product serves and the benchmark. Word and LibreOffice open what it writes.
 */

export type Run =
  | string
  | { text: string; bold?: boolean; italic?: boolean; underline?: boolean; script?: 'sub' | 'sup'; font?: string; csFont?: string; complexScript?: boolean }
  /** An equation: the OMML inside <m:oMath>. */
  | { math: string }
  | { picture: Uint8Array; widthPx: number; heightPx: number }
  /** An Equation 3.0 object (a picture of an equation). */
  | { legacyEquation: true };

export interface Para {
  runs: Run[];
  /** Word's automatic numbering: a list defined with `lists` below. */
  list?: { id: number; level?: number };
  style?: string;
}
export type Block = string | Para | { table: (string | Para)[][] };

export type ListFormat = 'decimal' | 'lowerLetter' | 'upperLetter' | 'lowerRoman' | 'bullet';
export interface ListDefinition {
  id: number;
  /** One entry per level: its format and its text ("%1.", "(%2)"). */
  levels: { format: ListFormat; text: string }[];
}

export interface DocxContent {
  body: Block[];
  lists?: ListDefinition[];
  /** The document's default font (docDefaults), Calibri unless given. */
  defaultFont?: string;
  /** Extra paragraph styles: id -> font. */
  styles?: Record<string, string>;
}

const NS = [
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"',
  'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"',
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
  'xmlns:v="urn:schemas-microsoft-com:vml"',
  'xmlns:o="urn:schemas-microsoft-com:office:office"',
].join(' ');
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const EMU_PER_PX = 9525;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function buildDocx(content: DocxContent): Uint8Array {
  const media: Record<string, Uint8Array> = {};
  const rels: string[] = [
    `<Relationship Id="rIdStyles" Type="${REL}/styles" Target="styles.xml"/>`,
    `<Relationship Id="rIdNumbering" Type="${REL}/numbering" Target="numbering.xml"/>`,
  ];
  let pictures = 0;

  const run = (r: Run): string => {
    if (typeof r === 'string') return run({ text: r });
    if ('math' in r) return `<m:oMath>${r.math}</m:oMath>`;
    if ('legacyEquation' in r) {
      pictures += 1;
      // The picture Word shows for the object, and the object itself (its bytes do not matter here).
      media[`word/media/image${pictures}.png`] = png(60, 24);
      media[`word/embeddings/oleObject${pictures}.bin`] = new Uint8Array(16);
      rels.push(`<Relationship Id="rIdOleImg${pictures}" Type="${REL}/image" Target="media/image${pictures}.png"/>`);
      rels.push(`<Relationship Id="rIdOle${pictures}" Type="${REL}/oleObject" Target="embeddings/oleObject${pictures}.bin"/>`);
      return `<w:r><w:object><v:shape style="width:45pt;height:18pt"><v:imagedata r:id="rIdOleImg${pictures}"/></v:shape><o:OLEObject Type="Embed" ProgID="Equation.3" ShapeID="_x0000_i${pictures}" DrawAspect="Content" ObjectID="_${pictures}" r:id="rIdOle${pictures}"/></w:object></w:r>`;
    }
    if ('picture' in r) {
      pictures += 1;
      const name = `image${pictures}.png`;
      media[`word/media/${name}`] = r.picture;
      const id = `rIdImg${pictures}`;
      rels.push(`<Relationship Id="${id}" Type="${REL}/image" Target="media/${name}"/>`);
      const cx = r.widthPx * EMU_PER_PX;
      const cy = r.heightPx * EMU_PER_PX;
      return (
        `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${pictures}" name="Picture ${pictures}"/>` +
        `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${pictures}" name="${name}"/><pic:cNvPicPr/></pic:nvPicPr>` +
        `<pic:blipFill><a:blip r:embed="${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
      );
    }
    const props = [
      r.font || r.csFont ? `<w:rFonts${r.font ? ` w:ascii="${escape(r.font)}" w:hAnsi="${escape(r.font)}"` : ''}${r.csFont ? ` w:cs="${escape(r.csFont)}"` : ''}/>` : '',
      r.bold ? '<w:b/>' : '',
      r.italic ? '<w:i/>' : '',
      r.complexScript ? '<w:cs/>' : '',
      r.underline ? '<w:u w:val="single"/>' : '',
      r.script ? `<w:vertAlign w:val="${r.script === 'sub' ? 'subscript' : 'superscript'}"/>` : '',
    ].join('');
    return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${escape(r.text)}</w:t></w:r>`;
  };
  const paragraph = (p: string | Para): string => {
    const para = typeof p === 'string' ? { runs: [p] } : p;
    const pPr = [para.style ? `<w:pStyle w:val="${para.style}"/>` : '', para.list ? `<w:numPr><w:ilvl w:val="${para.list.level ?? 0}"/><w:numId w:val="${para.list.id}"/></w:numPr>` : ''].join('');
    return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${para.runs.map(run).join('')}</w:p>`;
  };
  const block = (b: Block): string => {
    if (typeof b === 'string' || 'runs' in b) return paragraph(b);
    const columns = Math.max(...b.table.map((row) => row.length));
    const grid = `<w:tblGrid>${'<w:gridCol w:w="3000"/>'.repeat(columns)}</w:tblGrid>`;
    const borders = '<w:tblBorders>' + ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="auto"/>`).join('') + '</w:tblBorders>';
    const rows = b.table.map((row) => `<w:tr>${row.map((cell) => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr>${paragraph(cell)}</w:tc>`).join('')}</w:tr>`).join('');
    return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>${borders}</w:tblPr>${grid}${rows}</w:tbl>`;
  };

  const body = content.body.map(block).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${NS}><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const font = escape(content.defaultFont ?? 'Calibri');
  const extraStyles = Object.entries(content.styles ?? {})
    .map(([id, face]) => `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${id}"/><w:basedOn w:val="Normal"/><w:rPr><w:rFonts w:ascii="${escape(face)}" w:hAnsi="${escape(face)}" w:cs="${escape(face)}"/></w:rPr></w:style>`)
    .join('');
  const styles =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
    `<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:eastAsia="${font}" w:cs="${font}"/><w:sz w:val="22"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr></w:pPrDefault></w:docDefaults>` +
    `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>` +
    `<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style>${extraStyles}</w:styles>`;
  const lists = content.lists ?? [];
  const numbering =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
    lists
      .map(
        (list) =>
          `<w:abstractNum w:abstractNumId="${list.id}"><w:multiLevelType w:val="multilevel"/>` +
          list.levels.map((level, i) => `<w:lvl w:ilvl="${i}"><w:start w:val="1"/><w:numFmt w:val="${level.format}"/><w:lvlText w:val="${escape(level.format === 'bullet' ? '•' : level.text)}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${360 * (i + 1)}" w:hanging="360"/></w:pPr></w:lvl>`).join('') +
          `</w:abstractNum>`,
      )
      .join('') +
    lists.map((list) => `<w:num w:numId="${list.id}"><w:abstractNumId w:val="${list.id}"/></w:num>`).join('') +
    `</w:numbering>`;
  const contentTypes =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.oleObject"/>` +
    `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
    `<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>` +
    `<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>`;
  return zipSync(
    {
      '[Content_Types].xml': strToU8(contentTypes),
      '_rels/.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`),
      'word/document.xml': strToU8(document),
      'word/_rels/document.xml.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`),
      'word/styles.xml': strToU8(styles),
      'word/numbering.xml': strToU8(numbering),
      ...media,
    },
    { level: 6 },
  );
}

/** OMML for tests: a fraction, a square root, a superscript. */
export const omml = {
  fraction: (num: string, den: string) => `<m:f><m:num><m:r><m:t>${num}</m:t></m:r></m:num><m:den><m:r><m:t>${den}</m:t></m:r></m:den></m:f>`,
  sqrt: (body: string) => `<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e><m:r><m:t>${body}</m:t></m:r></m:e></m:rad>`,
  sup: (base: string, exp: string) => `<m:sSup><m:e><m:r><m:t>${base}</m:t></m:r></m:e><m:sup><m:r><m:t>${exp}</m:t></m:r></m:sup></m:sSup>`,
};
