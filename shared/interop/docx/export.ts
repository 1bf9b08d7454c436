import { strToU8, zipSync } from 'fflate';
import { labelledQuestions, type ExportResult, type InteropQuestion, type InteropSection, type ParsedChildQuestion } from '../model';
import { Losses } from '../problems';
import { answerText } from '../questions';
import { xmlEscape } from '../xml';
import { htmlParagraphs, mediaName, type Media } from './runs';

/**
 * A test as a Word document in our own authoring format (docs/word-format.md, numbered text):
 * `Section:` lines, numbered questions, (a) options, `Ans:`, `Solution:`, `Marks:`, `Type:`,
 * `Difficulty:`, `Tags:`, `Passage:` ... `End of passage`, equations as Word equations. Read back
 * by our parser it gives the same questions (shared/interop/docx/docx.test.ts).
 */
const NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const DIFFICULTY = { easy: 'Easy', medium: 'Medium', hard: 'Hard' } as const;

const paragraph = (runs: string) => `<w:p>${runs}</w:p>`;
const textRun = (text: string) => `<w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r>`;

/** A labelled block: `Label: ` then the HTML, its first paragraph on the label's line. */
function labelled(label: string, html: string, media: Media): string[] {
  const [first, ...rest] = htmlParagraphs(html, media);
  return [paragraph(textRun(label) + first), ...rest.map(paragraph)];
}

const TYPE_LINE: Record<ParsedChildQuestion['type'], string> = {
  multiple_choice: 'Multiple choice',
  true_false: 'True/False',
  fill_ups: 'Fill in the blanks',
  integer: 'Integer',
};

function question(q: ParsedChildQuestion, n: number, media: Media): string[] {
  const out = labelled(`${n}. `, q.name, media);
  if (q.type === 'multiple_choice') q.options.forEach((o, i) => out.push(...labelled(`(${LETTERS[i]}) `, o.name, media)));
  // The type line keeps an answer that could be read otherwise (a number as a blank, True as a statement) as it was.
  out.push(paragraph(textRun(`Type: ${TYPE_LINE[q.type]}`)));
  out.push(paragraph(textRun(`Ans: ${answerText(q, LETTERS, ', ')}`)));
  if (q.type !== 'integer' && q.solution) out.push(...labelled('Solution: ', q.solution, media));
  if (q.marks)
    out.push(paragraph(textRun(`Marks: ${q.isNegativeMarkingEnabled && q.marks.negative ? `+${q.marks.positive} -${q.marks.negative}` : q.marks.positive}`)));
  if (q.difficultyLevel) out.push(paragraph(textRun(`Difficulty: ${DIFFICULTY[q.difficultyLevel]}`)));
  if (q.tags?.length) out.push(paragraph(textRun(`Tags: ${q.tags.join(', ')}`)));
  return out;
}

export function exportDocx(sections: InteropSection[], fileName = 'questions'): ExportResult {
  const losses = new Losses('docx');
  const files: Record<string, Uint8Array> = {};
  const rels: string[] = [];
  const media: Media = {
    add: (type, bytes) => {
      const name = mediaName(rels.length + 1, type);
      files[`word/media/${name}`] = bytes;
      rels.push(
        `<Relationship Id="rId${rels.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/${name}"/>`,
      );
      return `rId${rels.length}`;
    },
  };
  const body: string[] = [];
  let n = 0;
  const labels = new Map(labelledQuestions(sections).map((l) => [l.question, l.label]));
  for (const section of sections) {
    if (section.name) body.push(paragraph(textRun(`Section: ${section.name}`)));
    for (const q of section.questions as InteropQuestion[]) {
      if (q.type !== 'comprehension') {
        body.push(...question(q, ++n, media));
        continue;
      }
      if (/<table\b/i.test(q.paragraph)) losses.add('formatting', labels.get(q)!);
      body.push(...labelled('Passage: ', q.paragraph, media));
      for (const child of q.questions) body.push(...question(child, ++n, media));
      body.push(paragraph(textRun('End of passage')));
    }
  }
  files['word/document.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${NS}><w:body>${body.join('')}<w:sectPr/></w:body></w:document>`,
  );
  files['word/_rels/document.xml.rels'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
  );
  files['_rels/.rels'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  files['[Content_Types].xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
      `<Default Extension="png" ContentType="image/png"/><Default Extension="jpg" ContentType="image/jpeg"/><Default Extension="gif" ContentType="image/gif"/><Default Extension="webp" ContentType="image/webp"/>` +
      `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  return {
    format: 'docx',
    fileName: `${fileName}.docx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    data: zipSync(files),
    losses: losses.list(),
  };
}
