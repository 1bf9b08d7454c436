import { anonymiseInstruction } from './fieldInstructions';
import { applyEdits, attributesOf, decodeXml, rewriteRaw, tagsOf, type Edit, type Tag } from './xmlScan';
import type { WordMapper } from './wordMapper';

/** Paragraphs: WordprocessingML, and DrawingML (charts, SmartArt). Words never span two of them. */
const PARAGRAPHS = new Set(['w:p', 'a:p']);
/** Elements holding text a reader sees (w:delText: deleted tracked changes still hold the teacher's words). */
const TEXTS = new Set(['w:t', 'w:delText', 'a:t', 'c:v']);
/** Field instructions: read as a channel of their own (fieldInstructions.ts); in the text they end a word. */
const INSTRUCTIONS = new Set(['w:instrText', 'w:delInstrText']);
/** Equations: their m:t text is structure and stays, and a w:t inside one is left alone too. */
const MATH = new Set(['m:oMath', 'm:oMathPara']);
/**
 * What ends a word inside a paragraph: "one<w:tab/>two" is two words, while "Ha" + "noi" in two
 * runs with nothing but run markup between them is one. Bookmarks, proofing marks, hyperlinks and
 * tracked insertions do not end a word (Word leaves them inside words).
 */
const SEPARATORS = new Set([
  ...['w:tab', 'w:br', 'w:cr', 'w:sym', 'w:drawing', 'w:object', 'w:pict', 'w:fldChar', 'w:fldSimple'],
  ...['w:noBreakHyphen', 'w:ptab', 'w:footnoteReference', 'w:endnoteReference', 'w:commentReference', 'w:separator', 'w:continuationSeparator'],
  ...['w:pgNum', 'mc:AlternateContent', 'm:oMath', 'm:oMathPara', 'a:br', 'a:fld'],
]);
/** Attributes people write words into: alt text of pictures and shapes, link tooltips, WordArt. */
const WORDED_ATTRIBUTES = new Set(['descr', 'title', 'o:title', 'w:tooltip', 'alt', 'string']);
/** Attributes naming people: comment and revision authors, their initials, people.xml accounts. */
const PEOPLE_ATTRIBUTES = new Set(['author', 'initials', 'userId']);

type Segment = { raw: string; start: number; end: number; instruction: boolean } | null;

/** Segments joined (null: a word break), transformed whole, the new characters written back segment by segment. */
function channelEdits(segments: Segment[], transform: (text: string) => string): Edit[] {
  const texts = segments.map((s) => (s ? decodeXml(s.raw) : '\n'));
  const replaced = transform(texts.join(''));
  const edits: Edit[] = [];
  let at = 0;
  segments.forEach((segment, i) => {
    const text = replaced.slice(at, at + texts[i].length);
    at += texts[i].length;
    if (segment && text !== texts[i]) edits.push({ start: segment.start, end: segment.end, text: rewriteRaw(segment.raw, text) });
  });
  return edits;
}

/**
 * A paragraph's text read whole (a word split across runs is one word), its words replaced, the
 * new characters written back run by run; its field instructions likewise, apart (an instruction
 * split across runs is one instruction; in the text it is a word break).
 */
function paragraphEdits(segments: Segment[], mapper: WordMapper): Edit[] {
  const text = segments.map((s) => (s?.instruction ? null : s));
  const instructions = segments.filter((s) => s?.instruction);
  return [...channelEdits(text, mapper.text), ...channelEdits(instructions, (t) => anonymiseInstruction(t, mapper))];
}

function attributeEdits(tag: Tag, mapper: WordMapper | null): Edit[] {
  const edits: Edit[] = [];
  for (const attribute of attributesOf(tag)) {
    const local = attribute.name.slice(attribute.name.indexOf(':') + 1);
    if (PEOPLE_ATTRIBUTES.has(local) && attribute.value !== 'A') edits.push({ start: attribute.valueStart, end: attribute.valueEnd, text: 'A' });
    else if (mapper && (WORDED_ATTRIBUTES.has(attribute.name) || attribute.name === 'w:instr')) {
      const text = decodeXml(attribute.value);
      const replaced = attribute.name === 'w:instr' ? anonymiseInstruction(text, mapper) : mapper.text(text);
      if (replaced !== text) edits.push({ start: attribute.valueStart, end: attribute.valueEnd, text: rewriteRaw(attribute.value, replaced) });
    }
  }
  return edits;
}

/**
 * An XML part with its people's names replaced by "A" and, with a mapper, every word of its text
 * and worded attributes replaced by its pseudo-word. Everything else stays byte for byte.
 */
export function anonymiseXml(xml: string, mapper: WordMapper | null): string {
  const edits: Edit[] = [];
  const paragraphs: Segment[][] = [];
  let text: { name: string; start: number; instruction: boolean } | null = null;
  let math = 0;
  const add = (segment: Segment) => {
    if (paragraphs.length > 0) paragraphs[paragraphs.length - 1].push(segment);
    else if (segment && mapper) edits.push(...paragraphEdits([segment], mapper)); // text outside a paragraph: a chart's value
  };
  for (const tag of tagsOf(xml)) {
    if (!tag.closing) edits.push(...attributeEdits(tag, mapper));
    if (!mapper) continue;
    if (MATH.has(tag.name) && !tag.selfClosing) math += tag.closing ? -1 : 1;
    if (text) {
      if (tag.closing && tag.name === text.name)
        add({ raw: xml.slice(text.start, tag.start), start: text.start, end: tag.start, instruction: text.instruction });
      text = tag.closing && tag.name === text.name ? null : text;
    } else if ((TEXTS.has(tag.name) || INSTRUCTIONS.has(tag.name)) && !tag.closing && !tag.selfClosing && math === 0)
      text = { name: tag.name, start: tag.end, instruction: INSTRUCTIONS.has(tag.name) };
    else if (PARAGRAPHS.has(tag.name) && !tag.selfClosing) {
      if (!tag.closing) {
        add(null); // a paragraph inside a paragraph (a text box) ends the outer one's word
        paragraphs.push([]);
      } else if (paragraphs.length > 0) edits.push(...paragraphEdits(paragraphs.pop()!, mapper));
    } else if (SEPARATORS.has(tag.name) && !tag.closing) add(null);
  }
  return applyEdits(xml, edits);
}
