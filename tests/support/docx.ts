import { strToU8, zipSync } from 'fflate';
import { png } from './pictures';

/**
 * Writes real .docx files (WordprocessingML as Word writes it: content types, relationships,
 * styles, numbering definitions, media) for the parser's tests, the sample document the
 * product serves and the benchmark. Word and LibreOffice open what it writes.
 */

export interface TextRun {
  /** A "\n" in the text is a Shift+Enter line break (<w:br/>), a "\t" a tab (<w:tab/>, as Word writes it). */
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  script?: 'sub' | 'sup';
  font?: string;
  csFont?: string;
  complexScript?: boolean;
  color?: string;
  highlight?: string;
  shading?: string;
  /**
   * Written as several <w:r> with the same properties, as Word leaves a run after editing: each
   * with its own w:rsidR, and <w:proofErr>, <w:bookmarkStart>/<w:bookmarkEnd> between them.
   * Offsets into `text` to cut at, or 'everywhere' (every 1–4 characters, the same each time).
   */
  split?: number[] | 'everywhere';
}

export type Run =
  | string
  | TextRun
  /** A symbol Word inserts with Insert > Symbol: <w:sym w:font="Wingdings" w:char="F0FC"/> (a tick). */
  | { sym: string; font?: string; bold?: boolean; color?: string }
  /**
   * A field: by default a complex one (w:fldChar begin, w:instrText, separate, the result, end);
   * with `simple`, a <w:fldSimple>. Only the result is text a reader sees.
   */
  | { field: string; result: string; simple?: boolean }
  /** A page break (<w:br w:type="page"/>). */
  | { pageBreak: true }
  /** Tracked changes: text deleted (w:del, w:delText: not shown) or inserted (w:ins: shown). */
  | { deleted: string }
  | { inserted: string }
  /** An equation: the OMML inside <m:oMath>. */
  | { math: string }
  /**
   * A picture; `wrap` says how Word stores it: inline (the default), floating (wp:anchor), inside
   * mc:AlternateContent (Word 2010+ shapes), in a drawing canvas, or in a text box with words.
   */
  | { picture: Uint8Array; widthPx: number; heightPx: number; wrap?: 'inline' | 'anchor' | 'alternateContent' | 'canvas' }
  /** A text box (wps:txbx inside mc:AlternateContent, with the VML fallback Word also writes). */
  | { textbox: Run[] }
  /**
   * An empty circle drawn over the text (Insert > Shapes > Oval, no fill), anchored in this
   * paragraph `offsetPt` below its top (a line down puts it on the next paragraph). `vml`: only the
   * VML a pre-2010 Word writes; otherwise a wps shape in mc:AlternateContent with the VML fallback.
   */
  | { circle: { offsetPt: number; heightPt?: number; vml?: boolean; filled?: boolean } }
  /** An Equation 3.0 object (a picture of an equation); with `ole`, a MathType object holding those bytes. */
  | { legacyEquation: true; progId?: string; ole?: Uint8Array; preview?: Uint8Array };

export interface Para {
  runs: Run[];
  /** Word's automatic numbering: a list defined with `lists` below (or an instance of one in `listInstances`). */
  list?: { id: number; level?: number };
  /** A paragraph style: "Heading1", "Heading2", "Title", "ListParagraph" or one of `styles`. */
  style?: string;
  /** Paragraph alignment (w:jc). */
  align?: 'left' | 'center' | 'right' | 'both';
  /** Word's revision ids on the paragraph (w:rsidR, w:rsidRDefault), as every paragraph edited in Word carries. */
  rsid?: boolean;
}
/**
 * A table cell: one paragraph, several (a cell holding a question and its picture; a table nested
 * among them), or a cell with
 * its properties: merged across columns (`span`, w:gridSpan), down rows (`vMerge`: 'restart' on the
 * first cell, 'continue' on those under it, which are written empty), shaded (`shading`, a fill colour).
 */
export type Cell =
  | string
  | Para
  | (string | Para | Table)[]
  | { cell: string | Para | (string | Para | Table)[]; span?: number; vMerge?: 'restart' | 'continue'; shading?: string };
export interface Table {
  table: Cell[][];
  /** Borders on every side (the default); false for a layout table without lines. */
  borders?: boolean;
}
export type Block = string | Para | Table;

export type ListFormat = 'decimal' | 'lowerLetter' | 'upperLetter' | 'lowerRoman' | 'bullet' | 'decimalEnclosedCircle' | 'ganada' | 'chosung';
export interface ListDefinition {
  id: number;
  /** One entry per level: its format, its text ("%1.", "(%2)") and where it starts (1 unless given). */
  levels: { format: ListFormat; text: string; start?: number }[];
}
/**
 * Another w:num of a list (a numId of its own) that uses the same abstract list, as Word makes when a
 * teacher clicks "Restart at 1" or "Set numbering value": `startOverride` gives the level's new start
 * (w:lvlOverride/w:startOverride). Paragraphs refer to it by `id` like to a list.
 */
export interface ListInstance {
  id: number;
  list: number;
  startOverride?: { level?: number; start: number };
}

export interface DocxContent {
  body: Block[];
  lists?: ListDefinition[];
  listInstances?: ListInstance[];
  /** Every text run written split (as `split: 'everywhere'`), like a file edited many times over. */
  splitRuns?: boolean;
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
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"',
  'xmlns:wpc="http://schemas.microsoft.com/office/word/2010/wordprocessingCanvas"',
  'xmlns:wp14="http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing"',
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

  let bookmarks = 0;
  let rsids = 0;
  const rsid = () => (0x00a41c2e + ((rsids++ * 0x1f3d7) % 0xffffff)).toString(16).toUpperCase().padStart(8, '0');
  const run = (r: Run): string => {
    if (typeof r === 'string') return run({ text: r });
    if ('math' in r) return `<m:oMath>${r.math}</m:oMath>`;
    if ('sym' in r) {
      const props = [r.bold ? '<w:b/>' : '', r.color ? `<w:color w:val="${r.color}"/>` : ''].join('');
      return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:sym w:font="${escape(r.font ?? 'Wingdings')}" w:char="${r.sym}"/></w:r>`;
    }
    if ('field' in r) {
      if (r.simple) return `<w:fldSimple w:instr=" ${escape(r.field)} "><w:r><w:rPr><w:noProof/></w:rPr><w:t>${escape(r.result)}</w:t></w:r></w:fldSimple>`;
      return (
        `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${escape(r.field)} </w:instrText></w:r>` +
        `<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:rPr><w:noProof/></w:rPr><w:t>${escape(r.result)}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
      );
    }
    if ('pageBreak' in r) return '<w:r><w:br w:type="page"/></w:r>';
    if ('deleted' in r)
      return `<w:del w:id="${900 + bookmarks++}" w:author="Teacher" w:date="2024-03-01T10:00:00Z"><w:r><w:delText xml:space="preserve">${escape(r.deleted)}</w:delText></w:r></w:del>`;
    if ('inserted' in r)
      return `<w:ins w:id="${900 + bookmarks++}" w:author="Teacher" w:date="2024-03-01T10:00:00Z"><w:r><w:t xml:space="preserve">${escape(r.inserted)}</w:t></w:r></w:ins>`;
    if ('textbox' in r) {
      const inner = `<w:txbxContent><w:p>${r.textbox.map(run).join('')}</w:p></w:txbxContent>`;
      return (
        `<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV><wp:extent cx="1828800" cy="457200"/><wp:wrapSquare wrapText="bothSides"/><wp:docPr id="900" name="Text Box 1"/>` +
        `<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/><wps:spPr/><wps:txbx>${inner}</wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
        `<mc:Fallback><w:pict><v:shape type="#_x0000_t202" style="width:144pt;height:36pt"><v:textbox>${inner}</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>`
      );
    }
    if ('circle' in r) {
      const { offsetPt, heightPt = 19, vml = false, filled = false } = r.circle;
      const emu = (pt: number) => Math.round(pt * 12700);
      const oval = `<w:pict><v:oval style="position:absolute;margin-left:11pt;margin-top:${offsetPt}pt;width:${heightPt}pt;height:${heightPt}pt;mso-position-horizontal-relative:text;mso-position-vertical-relative:text" filled="${filled ? 't' : 'f'}" strokecolor="#1f4d78" strokeweight="1pt"/></w:pict>`;
      if (vml) return `<w:r>${oval}</w:r>`;
      return (
        `<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" relativeHeight="2" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>${emu(11)}</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>${emu(offsetPt)}</wp:posOffset></wp:positionV><wp:extent cx="${emu(heightPt)}" cy="${emu(heightPt)}"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapNone/><wp:docPr id="${800 + bookmarks++}" name="Oval 1"/>` +
        `<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu(heightPt)}" cy="${emu(heightPt)}"/></a:xfrm><a:prstGeom prst="ellipse"><a:avLst/></a:prstGeom>${filled ? '<a:solidFill><a:srgbClr val="4472C4"/></a:solidFill>' : '<a:noFill/>'}<a:ln w="12700"><a:solidFill><a:srgbClr val="1F4D78"/></a:solidFill></a:ln></wps:spPr><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
        `<mc:Fallback>${oval}</mc:Fallback></mc:AlternateContent></w:r>`
      );
    }
    if ('legacyEquation' in r) {
      pictures += 1;
      // The picture Word shows for the object, and the object itself.
      media[`word/media/image${pictures}.png`] = r.preview ?? png(60, 24);
      media[`word/embeddings/oleObject${pictures}.bin`] = r.ole ?? new Uint8Array(16);
      rels.push(`<Relationship Id="rIdOleImg${pictures}" Type="${REL}/image" Target="media/image${pictures}.png"/>`);
      rels.push(`<Relationship Id="rIdOle${pictures}" Type="${REL}/oleObject" Target="embeddings/oleObject${pictures}.bin"/>`);
      return `<w:r><w:object><v:shape style="width:45pt;height:18pt"><v:imagedata r:id="rIdOleImg${pictures}"/></v:shape><o:OLEObject Type="Embed" ProgID="${r.progId ?? 'Equation.3'}" ShapeID="_x0000_i${pictures}" DrawAspect="Content" ObjectID="_${pictures}" r:id="rIdOle${pictures}"/></w:object></w:r>`;
    }
    if ('picture' in r) {
      pictures += 1;
      const name = `image${pictures}.png`;
      media[`word/media/${name}`] = r.picture;
      const id = `rIdImg${pictures}`;
      rels.push(`<Relationship Id="${id}" Type="${REL}/image" Target="media/${name}"/>`);
      const cx = r.widthPx * EMU_PER_PX;
      const cy = r.heightPx * EMU_PER_PX;
      const pic =
        `<pic:pic><pic:nvPicPr><pic:cNvPr id="${pictures}" name="${name}"/><pic:cNvPicPr/></pic:nvPicPr>` +
        `<pic:blipFill><a:blip r:embed="${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>`;
      const picture = `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">${pic}</a:graphicData></a:graphic>`;
      const extent = `<wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${pictures}" name="Picture ${pictures}"/>`;
      const anchor = (graphic: string) =>
        `<wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" relativeHeight="2" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>${extent}<wp:wrapSquare wrapText="bothSides"/>${graphic}</wp:anchor>`;
      switch (r.wrap ?? 'inline') {
        case 'anchor':
          return `<w:r><w:drawing>${anchor(picture)}</w:drawing></w:r>`;
        case 'alternateContent':
          return `<w:r><mc:AlternateContent><mc:Choice Requires="wp14"><w:drawing>${anchor(picture)}</w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape style="width:${r.widthPx}px;height:${r.heightPx}px"><v:imagedata r:id="${id}" o:title=""/></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>`;
        case 'canvas':
          return `<w:r><mc:AlternateContent><mc:Choice Requires="wpc"><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">${extent}<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingCanvas"><wpc:wpc><wpc:bg/><wpc:whole/>${pic}</wpc:wpc></a:graphicData></a:graphic></wp:inline></w:drawing></mc:Choice><mc:Fallback><w:pict><v:group style="width:${r.widthPx}px;height:${r.heightPx}px"><v:shape><v:imagedata r:id="${id}"/></v:shape></v:group></w:pict></mc:Fallback></mc:AlternateContent></w:r>`;
        default:
          return `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">${extent}${picture}</wp:inline></w:drawing></w:r>`;
      }
    }
    const props = [
      r.font || r.csFont
        ? `<w:rFonts${r.font ? ` w:ascii="${escape(r.font)}" w:hAnsi="${escape(r.font)}"` : ''}${r.csFont ? ` w:cs="${escape(r.csFont)}"` : ''}/>`
        : '',
      // In the schema's order (CT_RPr), which Word insists on.
      r.bold ? '<w:b/>' : '',
      r.italic ? '<w:i/>' : '',
      r.color ? `<w:color w:val="${r.color}"/>` : '',
      r.highlight ? `<w:highlight w:val="${r.highlight}"/>` : '',
      r.underline ? '<w:u w:val="single"/>' : '',
      r.shading ? `<w:shd w:val="clear" w:color="auto" w:fill="${r.shading}"/>` : '',
      r.script ? `<w:vertAlign w:val="${r.script === 'sub' ? 'subscript' : 'superscript'}"/>` : '',
      r.complexScript ? '<w:cs/>' : '',
    ].join('');
    const textOf = (t: string) =>
      t
        .split('\n')
        .map((line) =>
          line
            .split('\t')
            .map((piece) => (piece ? `<w:t xml:space="preserve">${escape(piece)}</w:t>` : ''))
            .join('<w:tab/>'),
        )
        .join('<w:br/>');
    const rPr = props ? `<w:rPr>${props}</w:rPr>` : '';
    const split = r.split ?? (content.splitRuns ? 'everywhere' : undefined);
    if (!split) {
      // As before tabs were written as <w:tab/>: a run without a tab keeps its one <w:t> (empty included).
      const text = r.text.includes('\t')
        ? textOf(r.text)
        : r.text
            .split('\n')
            .map((line) => `<w:t xml:space="preserve">${escape(line)}</w:t>`)
            .join('<w:br/>');
      return `<w:r>${rPr}${text}</w:r>`;
    }
    const cuts = split === 'everywhere' ? everywhere(r.text) : [...split].filter((c) => c > 0 && c < r.text.length).sort((a, b) => a - b);
    const pieces = [0, ...cuts].map((start, i) => r.text.slice(start, i < cuts.length ? cuts[i] : undefined)).filter((piece) => piece !== '');
    return pieces
      .map((piece, i) => {
        const between = i === 0 ? '' : betweenRuns(i);
        return `${between}<w:r w:rsidR="${rsid()}">${rPr}${textOf(piece)}</w:r>`;
      })
      .join('');
  };
  /** What Word leaves between the pieces of an edited run: spelling marks, a bookmark, nothing. */
  const betweenRuns = (i: number): string => {
    switch (i % 5) {
      case 1:
        return '<w:proofErr w:type="spellStart"/>';
      case 2:
        return '<w:proofErr w:type="spellEnd"/>';
      case 3: {
        const id = bookmarks++;
        return `<w:bookmarkStart w:id="${id}" w:name="_Hlk${170000000 + id}"/><w:bookmarkEnd w:id="${id}"/>`;
      }
      case 4:
        return '<w:proofErr w:type="gramStart"/><w:proofErr w:type="gramEnd"/>';
      default:
        return '';
    }
  };
  const paragraph = (p: string | Para): string => {
    const para: Para = typeof p === 'string' ? { runs: [p] } : p;
    const pPr = [
      para.style ? `<w:pStyle w:val="${para.style}"/>` : '',
      para.list ? `<w:numPr><w:ilvl w:val="${para.list.level ?? 0}"/><w:numId w:val="${para.list.id}"/></w:numPr>` : '',
      para.align ? `<w:jc w:val="${para.align}"/>` : '',
    ].join('');
    const attrs = para.rsid ? ` w:rsidR="${rsid()}" w:rsidRDefault="${rsid()}"` : '';
    return `<w:p${attrs}>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${para.runs.map(run).join('')}</w:p>`;
  };
  const cellOf = (cell: Cell) => (typeof cell === 'object' && !Array.isArray(cell) && 'cell' in cell ? cell : { cell });
  const block = (b: Block): string => {
    if (typeof b === 'string' || 'runs' in b) return paragraph(b);
    const columns = Math.max(...b.table.map((row) => row.reduce((sum, cell) => sum + (cellOf(cell).span ?? 1), 0)));
    const grid = `<w:tblGrid>${'<w:gridCol w:w="3000"/>'.repeat(columns)}</w:tblGrid>`;
    const borders =
      b.borders === false
        ? '<w:tblBorders>' + ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} w:val="nil"/>`).join('') + '</w:tblBorders>'
        : '<w:tblBorders>' +
          ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="auto"/>`).join('') +
          '</w:tblBorders>';
    const tc = (raw: Cell) => {
      const c = cellOf(raw);
      const span = c.span ?? 1;
      const tcPr = [
        `<w:tcW w:w="${3000 * span}" w:type="dxa"/>`,
        span > 1 ? `<w:gridSpan w:val="${span}"/>` : '',
        c.vMerge ? (c.vMerge === 'restart' ? '<w:vMerge w:val="restart"/>' : '<w:vMerge/>') : '',
        c.shading ? `<w:shd w:val="clear" w:color="auto" w:fill="${c.shading}"/>` : '',
      ].join('');
      const paragraphs = Array.isArray(c.cell) ? c.cell : [c.cell];
      // A cell merged into the one above holds one empty paragraph, as Word writes it.
      // A table nested in the cell is written in its place; Word ends a cell with a paragraph after it.
      const inner =
        c.vMerge === 'continue'
          ? '<w:p/>'
          : paragraphs.length
            ? paragraphs.map((x) => (typeof x === 'object' && 'table' in x ? `${block(x)}<w:p/>` : paragraph(x))).join('')
            : '<w:p/>';
      return `<w:tc><w:tcPr>${tcPr}</w:tcPr>${inner}</w:tc>`;
    };
    const rows = b.table.map((row) => `<w:tr>${row.map(tc).join('')}</w:tr>`).join('');
    return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>${borders}</w:tblPr>${grid}${rows}</w:tbl>`;
  };

  const body = content.body.map(block).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${NS}><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const font = escape(content.defaultFont ?? 'Calibri');
  const extraStyles = Object.entries(content.styles ?? {})
    .map(
      ([id, face]) =>
        `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${id}"/><w:basedOn w:val="Normal"/><w:rPr><w:rFonts w:ascii="${escape(face)}" w:hAnsi="${escape(face)}" w:cs="${escape(face)}"/></w:rPr></w:style>`,
    )
    .join('');
  const styles =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
    `<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:eastAsia="${font}" w:cs="${font}"/><w:sz w:val="22"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr></w:pPrDefault></w:docDefaults>` +
    `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>` +
    `<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:uiPriority w:val="9"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style>` +
    `<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:uiPriority w:val="9"/><w:unhideWhenUsed/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="40"/><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:b/><w:sz w:val="26"/></w:rPr></w:style>` +
    `<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:jc w:val="center"/></w:pPr><w:rPr><w:b/><w:sz w:val="36"/></w:rPr></w:style>` +
    `<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:uiPriority w:val="34"/><w:qFormat/><w:pPr><w:ind w:left="720"/></w:pPr></w:style>${extraStyles}</w:styles>`;
  const lists = content.lists ?? [];
  const numbering =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
    lists
      .map(
        (list) =>
          `<w:abstractNum w:abstractNumId="${list.id}"><w:multiLevelType w:val="multilevel"/>` +
          list.levels
            .map(
              (level, i) =>
                `<w:lvl w:ilvl="${i}"><w:start w:val="${level.start ?? 1}"/><w:numFmt w:val="${level.format}"/><w:lvlText w:val="${escape(level.format === 'bullet' ? level.text || '•' : level.text)}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${360 * (i + 1)}" w:hanging="360"/></w:pPr></w:lvl>`,
            )
            .join('') +
          `</w:abstractNum>`,
      )
      .join('') +
    lists.map((list) => `<w:num w:numId="${list.id}"><w:abstractNumId w:val="${list.id}"/></w:num>`).join('') +
    (content.listInstances ?? [])
      .map(
        (instance) =>
          `<w:num w:numId="${instance.id}"><w:abstractNumId w:val="${instance.list}"/>` +
          (instance.startOverride
            ? `<w:lvlOverride w:ilvl="${instance.startOverride.level ?? 0}"><w:startOverride w:val="${instance.startOverride.start}"/></w:lvlOverride>`
            : '') +
          `</w:num>`,
      )
      .join('') +
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
      '_rels/.rels': strToU8(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
      ),
      'word/document.xml': strToU8(document),
      'word/_rels/document.xml.rels': strToU8(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
      ),
      'word/styles.xml': strToU8(styles),
      'word/numbering.xml': strToU8(numbering),
      ...media,
    },
    { level: 6 },
  );
}

/** Where 'everywhere' cuts a text: every 1–4 characters, the same cuts for the same text. */
function everywhere(text: string): number[] {
  const cuts: number[] = [];
  let seed = text.length * 7919 + 17;
  for (let at = 0; ;) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    at += 1 + (seed % 4);
    if (at >= text.length) return cuts;
    cuts.push(at);
  }
}

/** Smart quotes and the non-breaking space Word's AutoFormat puts in text as it is typed. */
export const typo = { lq: '\u201c', rq: '\u201d', lsq: '\u2018', rsq: '\u2019', nbsp: '\u00a0' };

/** OMML for tests: a fraction, a square root, a superscript. */
export const omml = {
  fraction: (num: string, den: string) => `<m:f><m:num><m:r><m:t>${num}</m:t></m:r></m:num><m:den><m:r><m:t>${den}</m:t></m:r></m:den></m:f>`,
  sqrt: (body: string) => `<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e><m:r><m:t>${body}</m:t></m:r></m:e></m:rad>`,
  sup: (base: string, exp: string) => `<m:sSup><m:e><m:r><m:t>${base}</m:t></m:r></m:e><m:sup><m:r><m:t>${exp}</m:t></m:r></m:sup></m:sSup>`,
};

/** A short paper written as question tables under a title (the Tables engine's layout), read by both engines. */
export const QUESTION_TABLES: Block[] = [
  'Unit test',
  {
    table: [
      ['Question', 'What is 3 × 3?'],
      ['(a)', '6'],
      ['(b)', '9', '✓'],
    ],
  },
  {
    table: [
      ['Question', 'Water boils at 100 °C at sea level.'],
      ['Answer', 'True'],
    ],
  },
];
