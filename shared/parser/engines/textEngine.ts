import { htmlText, isBlankHtml } from '../../domain/test/html';
import { escapeHtml, inlinesHtml, isBlankLine, lineOf, OBJECT, plainText, sliceInlines, tableHtml, trimInlines, type TableBlock } from '../content/inlines';
import type { Inline, Paragraph } from '../docx/document';
import type { ListLabel } from '../docx/numbering';
import { problemAt } from '../problems';
import type { ParagraphRole, Problem } from '../types';
import { isPassage, keyEntriesOf, type DraftSection, type KeyEntry } from './assemble';
import { blocksOf, rowsOf, type Block } from './blocks';
import { newPassage, newQuestion, splitTags, type OptionDraft, type PassageDraft, type QuestionDraft } from './draft';
import { choiceAnswer, trueFalseAnswer } from './answers';
import { choicesNaming, onlyRepeatsLetters, type NamedChoice } from './choices';
import { dashAnswerOf, inferConventions, mostlyBold, type SignPair } from './conventions';
import { truthEndOf } from './truthEnds';
import { answerBoxTables } from './answerBoxes';
import { latinLookalikeLabels } from './lookalikeLabels';
import { markSignsBeforeLabels } from './signBeforeLabels';
import { joinLabelsAlone } from './labelsAlone';
import { blankToolTags } from './toolTags';
import { rewriteReviewPrintout } from './reviewPrintout';
import { rewriteQuestionTags } from './questionTags';
import { bankColumns, type BankColumns } from './bankTable';
import { lookOf, markedTruthWord, tickOf } from './formatMarks';
import {
  cellText,
  directionsRange,
  isHeading,
  isInstruction,
  isKeyTable,
  partColumnsOf,
  isLayoutTable,
  isQuestionGrid,
  rowAsLine,
  isPassageStart,
  clozeRange,
  keyLine,
  LISTED,
  optionsTable,
  OPTIONS_HEADER,
  questionTable,
  splitGluedStarts,
  splitLines,
  unboxQuestions,
} from './layouts';
import {
  answerKeyStart,
  asksBeforeBrackets,
  asksOverInlineOptions,
  inlineOptions,
  BOX_OR_BULLET,
  asciiDigits,
  fieldOf,
  isPassageEnd,
  isSolutionHeading,
  optionLabelsOf,
  questionNumberOf,
  spreadLabelsOf,
  spreadNumbersOf,
  followingLabelsOf,
  withoutQuestionWords,
  LETTERS,
  LETTER_FORMATS,
  TRUE_FALSE_LABEL,
  type OptionLabel,
  endsAsking,
} from './patterns';

/**
 * The numbered-text engine (docs/word-format.md): a question starts at its number ("1.", "Q1.",
 * Word's automatic numbering), options follow with their letters, then field lines (Ans:, Sol:,
 * Marks:, Type:, Difficulty:, Tags:); "Passage:" opens a comprehension, "Section:" a section,
 * and an "Answer key" heading ends the questions.
 */

/** A plain run: the blank put where a question's coloured answer stood. */
const BLANK = plainText('____');

/** A blank's brackets holding one letter, spaced out as a blank is ("（ B ）", "(  A  )"): the letter filled in. */
const FILLED_BLANK = /(?:（[\s\u3000]*|\([\s\u3000]+)([A-H])(?:[\s\u3000]*）|[\s\u3000]+\))/u;
const FILLED_BLANK_HTML = /(?:（|\()(?:[\s\u3000]|<[^>]+>)*([A-H])(?:[\s\u3000]|<[^>]+>)*(?:）|\))/u;

/** The letter in the question's blank is its answer; the filled blank is not the question's text. */
function readBracketAnswer(question: QuestionDraft) {
  for (let i = question.stem.length - 1; i >= 0; i--) {
    const found = FILLED_BLANK_HTML.exec(question.stem[i]);
    if (!found || !FILLED_BLANK.test(htmlText(found[0]))) continue;
    question.answer = { text: found[1], paragraph: question.paragraph };
    // Inside the sentence the blank stays a blank for the pupil ("…（ C ）、…" reads "…____、…"); at its end it goes.
    const after = question.stem[i].slice(found.index + found[0].length);
    question.stem[i] = question.stem[i].slice(0, found.index) + (htmlText(after).trim() ? '____' : '') + after;
    return;
  }
}

/** An empty pair of brackets before an option's words: a box for the pupil's mark. */
const EMPTY_BOX = /^\s*[([]\s*[)\]]\s*(?=\S)/u;
/** A line of nothing but a rule drawn with characters ("________", "-----", "*****"): a separator. */
const RULE_LINE = /^\s*(?:[_\-–—=*~·.]\s*){5,}$/u;
/** A question's word and a colon, no number: "Question : Which…", "Câu hỏi: …", "Frage: …". */
const QUESTION_LABEL = /^\s*(?:question|q|câu\s*hỏi|frage|pregunta|questão|domanda|pertanyaan|soru|вопрос|문제|问题|问|題目)\s*[:：]\s*(?=\S)/iu;
/** An answer word and the letters it names at the end of an option's line. */
const TRAILING_ANSWER =
  /(?<=\S)\s*(?:正确答案|参考答案|答案|正解|answer|ans\.?|đáp\s*án|정답|respuesta|réponse|resposta|jawaban|kunci|ответ|cevap)\s*[:：]\s*([A-Ha-h①-⑩](?:\s*(?:[,，、]\s*)?[A-Ha-h①-⑩])*)\s*$/iu;
/** Where plain text goes: the question's text, its last option, its solution, a passage's text. */
type Target = 'none' | 'stem' | 'option' | 'solution' | 'afterAnswer' | 'answerNext' | 'passage';

const SOLUTIONS_HEADING =
  /^\s*(?:hướng\s*dẫn\s*(?:giải|chấm)(?:\s*chi\s*tiết)?|lời\s*giải(?:\s*chi\s*tiết)?|đáp\s*án\s*(?:và|&)\s*(?:lời\s*giải|hướng\s*dẫn\s*giải)|đáp\s*án\s*chi\s*tiết|giải\s*chi\s*tiết|solutions?|answers?\s*(?:and|&)\s*(?:explanations?|solutions?)|explanations?|hints?\s*(?:and|&)\s*solutions?|정답\s*(?:및|과)\s*해설|해설)\s*[:：.]?\s*$/i;
const BOX = BOX_OR_BULLET;
const STAR_BEFORE = /^\s*\*\s*•/u;
const BULLET_AFTER_ASKING = /^(.*?[?？:：])\s*(?=\*?\s*•\s)/u;
const STAR_AFTER = /\s+\*\s*$/u;
/** An option after its box or bullet; a typed bullet's option marked by a star, before the bullet ("*• true") or after its words ("• ngOnInit *"). */
function addBoxOption(open: QuestionDraft, box: RegExpExecArray, line: string, inlines: Inline[], paragraph: Paragraph) {
  const starred = box[1] === '•' ? (STAR_BEFORE.test(line) ? 'before' : STAR_AFTER.test(line) ? 'after' : null) : null;
  const end = starred === 'after' ? line.length - STAR_AFTER.exec(line)![0].length : line.length;
  const marked = CHECKED.test(box[1]) || starred !== null;
  addOption(open, open.options.length, marked, sliceInlines(inlines, box[0].length, end), [], box[1], paragraph, [], CHECKED.test(box[1]));
}
const CHECKED = /[☑☒■✅✓✔xX]/u;
/** A part of an answer key: "Phần II:", "PART B", "Section 2 -". */
const KEY_PART = /^\s*(?:phần|part|section|파트|영역)\s*(?:[IVX]+|\d{1,2}|[A-Z])\b\s*[.:：\-–]?\s*/i;
/** A key table cell's text, question words dropped ("Câu 1" reads as 1). */
const keyCellText = (cell: Paragraph[]) => withoutQuestionWords(cellText(cell));
const KEY_HEADER = /^(?:câu|câu hỏi|question|q|no\.?|số|문제|번호|문항|đáp án|answer|key|정답|ans)\.?$/i;
/** The circled numbers' place among the option alphabets (patterns.ts LETTERS). */
const CIRCLED = LETTERS.findIndex((letters) => letters.startsWith('①'));
/** A star before the words of an option Word letters marks it ("a. *Paris"); a C comment's closing star and slash have no words after them and are the option. */
const STAR_MARK = /^\s*\*(?=.*[\p{L}\p{N}])/u;
/**
 * The label shown before a list item, as the text reads it. A bullet is "•", unless its own
 * character is one that means itself in any font (a Hangul paper's `-`, `○`, `※`): Word's bullets
 * are mostly letters of a symbol font ("§" in Wingdings is a square).
 */
const PLAIN_BULLETS = new Set(['-', '–', '—', '•', '·', '○', '●', '◦', '■', '□', '◆', '◇', '▶', '▷', '★', '☆', '※', '✓', '∙', '＊', '*']);
const labelShown = (auto: ListLabel) => (auto.format !== 'bullet' ? auto.label : PLAIN_BULLETS.has(auto.label.trim()) ? auto.label.trim() : '•');
/** List formats that never number a question: those, Roman numerals, bullets, and Hangul's 가나다 and ㄱㄴㄷ (a <보기> box's statements). */
const NOT_QUESTION_FORMATS = new Set([...LETTER_FORMATS, 'lowerRoman', 'upperRoman', 'bullet', 'none', 'ganada', 'chosung']);

/** "[Easy]", "(CLO3)", "[Unit 2]" before a stem: tags, the difficulty when it names one. */
const TAG = /^\s*[[(]\s*((?:[^\])\d\s][^\])]|\d+(?:[.,]\d+)?\s*\p{L})[^\])]{0,24}?)\s*[\])]\s*/u;
/** "(0,5 điểm)", "[2 marks]", "(3점)": the question's marks. */
const MARKS_TAG = /^(\d+(?:[.,]\d+)?)\s*(?:điểm|đ|marks?|points?|pts?|점)\.?$/i;
const DIFFICULTY_TAG = /^(easy|medium|hard|dễ|trung bình|khó|nb|th|vd|vdc|nhận biết|thông hiểu|vận dụng(?: cao)?|상|중|하)$/i;

/** "4." or, after tags, "[Hard] 4.": the question number (the tags stay in the text, where startQuestion reads them). */
function numberAfterTags(line: string) {
  const direct = questionNumberOf(line);
  if (direct) return direct;
  const tags = /^(?:\s*[[(][^\])\d][^\])]{1,24}[\])])+\s*/.exec(line);
  const after = tags ? questionNumberOf(line.slice(tags[0].length)) : null;
  return after ? { number: after.number, end: 0, tagged: { start: tags![0].length, end: tags![0].length + after.end } } : null;
}

/** A question with its options or its answer: what follows is no longer its text. */
/**
 * Options labelled ㄱ ㄴ ㄷ only: a Korean paper's <보기> box of statements, read as options until
 * the question's own ①②③ come and put them back into its text (addOption). Until then the
 * question is still open: a line after ㄷ goes on with ㄷ.
 */
const statementsOnly = (question: QuestionDraft) => question.options.length > 0 && question.options.every((o) => /^\s*[ㄱ-ㅎ]/.test(o.written));
/** Whether a question has what it needs: options, an answer, or a text that names it true or false ("True or False?: …"). */
const complete = (question: QuestionDraft | null) =>
  !!question &&
  ((question.options.length >= 2 && !statementsOnly(question)) || question.answer !== null || TRUE_FALSE_LABEL.test(htmlText(question.stem[0] ?? '')));
const hasWords = (line: string) => /\p{L}{2,}/u.test(line);
/** A sum to work out, alone on its line: numbers (or a letter) joined by operators, maybe "=" or "?" at its end. */
const SUM = /^\s*[-(]?\s*[\d\p{L}.,]+(?:\s*[-+×x*÷/:^]\s*\(?[\d\p{L}.,]+\)?)+\s*(?:=\s*\??|\?)?\s*$/u;
/** "2 to 12", "1 – 3", "Câu 1 và Câu 2", "questions 1 and 2": two numbers joined by a dash or a short word. */
const QUESTION_RANGE =
  /(\d{1,4})\s*(?:-|–|—|to|~|～|đến|through|(?:and|&|và)(?:\s*(?:câu|questions?|q\.?))?|\p{L}{1,3}\s*(?:câu|questions?|q\.?))\s*(\d{1,4})/iu;

export function textEngine(
  paragraphs: Paragraph[],
  labels: Map<number, ListLabel>,
  problems: Problem[],
): { sections: DraftSection[]; key: KeyEntry[]; roles: Map<number, ParagraphRole> } {
  const sections: DraftSection[] = [{ name: null, items: [] }];
  const split = splitLines(markSignsBeforeLabels(latinLookalikeLabels(paragraphs)));
  const { continued } = split;
  const unboxed = unboxQuestions(splitGluedStarts(joinLabelsAlone(rewriteReviewPrintout(rewriteQuestionTags(blankToolTags(split.lines)))), continued));
  const { lines } = unboxed;
  const blocks = blocksOf(lines);
  const answerBoxes = answerBoxTables(blocks);
  const autoOf = (paragraph: Paragraph) => (continued.has(paragraph) ? undefined : labels.get(paragraph.index));
  // What this paper's own conventions say (engines/conventions.ts): numbers our patterns miss, lists that are options, marks.
  const conventions = inferConventions(lines, autoOf);
  const answerAboveLines = new Set([...conventions.answersAbove.values()].flatMap((a) => a.lines));
  /**
   * A layout table's paragraphs are read as text (readTable), as copies out of their cells: the options a paper of one
   * table numbers "1)" "2)" in each question's cell are the originals' (the other conventions keep to the lines out of tables).
   */
  const laidOut = new Map<Paragraph, Paragraph>();
  const conventional = (paragraph: Paragraph) => laidOut.get(paragraph) ?? paragraph;
  // Three lines or more with a letter alone in a blank's brackets: the paper writes its answers there.
  const bracketAnswers = lines.filter((line) => FILLED_BLANK.test(lineOf(line.inlines))).length >= 3;
  for (const line of unboxed.options) conventions.unlabelledOptions.add(line);
  /** A question's number at the start of a line: a common pattern, or a numbering the paper showed to rise. */
  // A number opening a table's first cell, by index: a layout table's paragraphs are read as copies out of their cells.
  const cellStarts = new Map([...conventions.starts].flatMap(([p, start]) => (p.cell ? [[p.index, start] as const] : [])));
  const numberOfLine = (paragraph: Paragraph, line: string) =>
    numberAfterTags(line) ?? conventions.starts.get(paragraph) ?? cellStarts.get(paragraph.index) ?? null;
  // By index: a layout table's paragraphs are read as copies taken out of their cell.
  const stemItems = new Set([...conventions.stemItems].map((p) => p.index));
  const textItems = new Set([...conventions.textItems].map((p) => p.index));
  // By index: a layout table's paragraphs are read as copies out of their cells.
  const materialLines = new Set([...conventions.materialLabels].map((p) => p.index));
  /** Word's numbering that numbers questions: the first level of a decimal (or similar) list that is not a question's options. */
  const numbersQuestion = (paragraph: Paragraph, auto: ListLabel | undefined) =>
    !!auto &&
    auto.level === 0 &&
    !NOT_QUESTION_FORMATS.has(auto.format) &&
    !conventions.optionItems.has(paragraph) &&
    !stemItems.has(paragraph.index) &&
    !textItems.has(paragraph.index);
  /** Whether the block after `at` (blank lines skipped) starts a question's options: "A." "(a)" "①", Word's lettering, a table of them. */
  // The next block that is not a blank line, for each block: looking ahead stays one step however many blank lines a document has.
  const nextFilled: number[] = new Array(blocks.length);
  for (let i = blocks.length - 1, next = blocks.length; i >= 0; i--) {
    nextFilled[i] = next;
    const block = blocks[i];
    if (block.kind === 'table' || !isBlankLine(block.paragraph.inlines)) next = i;
  }
  const optionsFollow = (at: number) => {
    const block = blocks[nextFilled[at]];
    if (!block) return false;
    if (block.kind === 'table') return optionsTable(rowsOf(block)) !== null;
    const auto = autoOf(block.paragraph);
    if (auto) return (LETTER_FORMATS.has(auto.format) || conventions.optionItems.has(block.paragraph)) && auto.value === 1;
    if (conventions.unlabelledOptions.has(block.paragraph)) return true;
    const line = lineOf(block.paragraph.inlines);
    // (Tick boxes before options, "☐ France", start options as labels do.)
    return !numberOfLine(block.paragraph, line) && (optionLabelsOf(line, 0)[0]?.index === 0 || BOX.test(line));
  };
  /**
   * A label mistyped between its neighbours ("б)", then "и)", then "г)"): one letter with the
   * options' closing, after option b and before option d, is option c.
   */
  const mistypedLabel = (open: QuestionDraft, line: string, at: number): OptionLabel | null => {
    const previous = open.options.at(-1);
    if (!previous) return firstLabelApart(line, at);
    const typo = /^\s*\p{L}([.)])\s+/u.exec(line);
    const next = blocks[nextFilled[at]];
    if (!previous || !typo || optionLabelsOf(line, null).length > 0 || next?.kind !== 'paragraph') return null;
    const after = optionLabelsOf(lineOf(next.paragraph.inlines), null)[0];
    if (after?.index !== open.options.length + 1 || !previous.written.trim().endsWith(typo[1])) return null;
    return { index: open.options.length, style: after.style, alphabet: after.alphabet, marked: false, start: 0, end: typo[0].length };
  };
  /**
   * Option A written unlike its siblings ("A---x" for "A. --x", "A  sib det" for "A. sib det"),
   * with option B right under it: option A, its label the letter and the dash or the gap.
   */
  const firstLabelApart = (line: string, at: number): OptionLabel | null => {
    const typo = /^\s*[Aa](?:-(?=-)|[ \t\u00a0]*[-–][ \t\u00a0]+|[ \t\u00a0]{2,}|\t)(?=\S)/u.exec(line);
    const next = blocks[nextFilled[at]];
    if (!typo || optionLabelsOf(line, null).length > 0 || next?.kind !== 'paragraph') return null;
    const after = optionLabelsOf(lineOf(next.paragraph.inlines), null)[0];
    return after?.index === 1 ? { index: 0, style: after.style, alphabet: after.alphabet, marked: false, start: 0, end: typo[0].length } : null;
  };
  /** Whether options follow within a few lines of plain text (an unnumbered question's text may run over two or three lines). */
  const optionsWithin = (at: number, lines = 3): boolean => {
    if (optionsFollow(at)) return true;
    // A short line with no stop at its end ("Music Theory Quiz") is a title over the questions, not the start of one.
    const own = blocks[at];
    const text = own.kind === 'paragraph' ? lineOf(own.paragraph.inlines).trim() : '';
    if (isTitle(text)) return false;
    // The text runs on in the lines right below, never across a blank line.
    for (let i = at + 1; i < blocks.length && i <= at + lines; i++) {
      const block = blocks[i];
      // A box of one cell (a program, a passage) may stand in the text: "Predict the output:", the code boxed, then the options.
      const rows = block.kind === 'table' ? rowsOf(block) : null;
      if (rows && rows.length === 1 && rows[0].length === 1) {
        if (optionsFollow(i)) return true;
        continue;
      }
      if (block.kind === 'table' || isBlankLine(block.paragraph.inlines)) return false;
      if (optionsFollow(i)) return !lineStarts(block);
      const text = lineOf(block.paragraph.inlines);
      // Over a longer run, a title in bold ("Pergunta nº 14") heads the next question: the text above it is not that question's.
      if (lines > 3 && isTitle(text) && mostlyBold(block.paragraph.inlines)) return false;
      // A line of code ("{", "}") may stand in the text; a line with no words but no code either ends it.
      if (lineStarts(block) || fieldOf(text) || optionLabelsOf(text, null).length || !(hasWords(text) || /^\s*[{}()[\];]+\s*$/.test(text))) return false;
    }
    return false;
  };
  /** Whether the line stands first in a block of text: under a blank line, a table, or a short line with no stop at its end (a title). */
  const opensBlock = (at: number) => {
    const above = blocks[at - 1];
    if (!above || above.kind === 'table') return true;
    const text = lineOf(above.paragraph.inlines).trim();
    return text === '' || isTitle(text);
  };
  const bulleted = (block: Block) => block.kind === 'paragraph' && ['bullet', 'none'].includes(autoOf(block.paragraph)?.format ?? '');
  /** A line that is a question's beginning of its own: numbered (by hand or by Word) or led by a tag ("(L.O.1.1) …"). */
  const lineStarts = (block: Block) =>
    block.kind === 'paragraph' &&
    (!!autoOf(block.paragraph) || !!numberOfLine(block.paragraph, lineOf(block.paragraph.inlines)) || TAG.test(lineOf(block.paragraph.inlines)));
  /** Whether a paragraph numbers a question, by Word's list or by its typed number. */
  const numbersAQuestion = (paragraph: Paragraph) => {
    const auto = autoOf(paragraph);
    return auto ? numbersQuestion(paragraph, auto) : numberOfLine(paragraph, lineOf(paragraph.inlines)) !== null;
  };
  /** Whether the next text (blank lines skipped) starts a question, a heading or the answer key: the text before it stands between questions. */
  const questionFollows = (at: number): boolean => {
    // Past any other plain lines (notes of several paragraphs), up to what decides: a question, a heading, the key, or an option going on.
    for (let i = nextFilled[at]; i < blocks.length; i = nextFilled[i]) {
      const block = blocks[i];
      if (block.kind === 'table') return true;
      const auto = autoOf(block.paragraph);
      const line = lineOf(block.paragraph.inlines);
      if (numbersAQuestion(block.paragraph) || answerKeyStart(line) !== null || isHeading(block.paragraph, line) || optionsFollow(i)) return true;
      if ((auto && LETTER_FORMATS.has(auto.format)) || conventions.optionItems.has(block.paragraph) || optionLabelsOf(line, null).length > 0 || fieldOf(line))
        return false;
    }
    return true;
  };
  /**
   * Word's question number on an empty line, the question's words on the next ("9." alone, then
   * "The …", then its options): the number starts the question. Only when the next line is plain
   * text with options (or a list's items) after it.
   */
  const numberOverText = (paragraph: Paragraph): boolean => {
    const next = blocks[nextFilled[blockAt]];
    if (paragraph.cell || !next || next.kind !== 'paragraph' || !numbersQuestion(paragraph, autoOf(paragraph))) return false;
    // Its options: labelled ones, or the items of a Word list that numbers no question (bullets).
    const after = blocks[nextFilled[nextFilled[blockAt]]];
    const listed = after?.kind === 'paragraph' && !!autoOf(after.paragraph) && !numbersQuestion(after.paragraph, autoOf(after.paragraph));
    return !lineStarts(next) && (optionsWithin(nextFilled[blockAt]) || listed);
  };
  /** The question number the block at `index` starts with, if it is a line. */
  const numberAt = (index: number) => {
    const block = blocks[index];
    return block && block.kind === 'paragraph' ? (numberOfLine(block.paragraph, lineOf(block.paragraph.inlines))?.number ?? null) : null;
  };
  /** The question number the next text starts with, blank lines skipped. */
  const numberAhead = (at: number) => numberAt(nextFilled[at]);
  /** Whether a numbered question comes after line `at` before any option does: what a passage's directions stand over. */
  const questionBeforeOptions = (at: number) => {
    for (let i = nextFilled[at]; i !== undefined && i < blocks.length; i = nextFilled[i]) {
      const block = blocks[i];
      if (block.kind === 'table') return false;
      if (numbersAQuestion(block.paragraph)) return true;
      const auto = autoOf(block.paragraph);
      if ((auto && LETTER_FORMATS.has(auto.format)) || optionLabelsOf(lineOf(block.paragraph.inlines), 0)[0]?.index === 0) return false;
    }
    return false;
  };
  /**
   * Paragraphs that read as a case for the questions after them: 200 characters or more, no number of
   * their own, no options under them, a numbered question right after them (or after a line of
   * directions). A paper's way when two of them or more stand so; none otherwise (one long text
   * before the first question is its directions).
   */
  let cases: Set<number> | null = null;
  const caseLines = () => {
    if (cases) return cases;
    const found = blocks.flatMap((block, at) => {
      if (block.kind !== 'paragraph' || autoOf(block.paragraph)) return [];
      const text = lineOf(block.paragraph.inlines);
      return text.trim().length >= 200 && numberAt(at) === null && !optionsFollow(at) && numberWithin(at, 2) !== null ? [at] : [];
    });
    return (cases = new Set(found.length >= 2 ? found : []));
  };
  /** The question number starting one of the next `lines` filled lines (a line of directions may stand before it), or null. */
  const numberWithin = (at: number, lines: number) => {
    for (let i = nextFilled[at], n = 0; i < blocks.length && n < lines; i = nextFilled[i], n++) {
      const block = blocks[i];
      if (block.kind !== 'paragraph') return null;
      const auto = autoOf(block.paragraph);
      const number = auto ? (numbersQuestion(block.paragraph, auto) ? auto.value : null) : numberAt(i);
      if (number !== null) return number;
    }
    return null;
  };
  /** The number of the question next after a line, past boxes of one cell between (a "* 확인 사항" box of notes under a banner). */
  const numberPastBoxes = (at: number): number | null => {
    let next = nextFilled[at];
    const box = (block: Block | undefined) => block?.kind === 'table' && rowsOf(block).length === 1 && rowsOf(block)[0].length === 1;
    while (box(blocks[next])) next = nextFilled[next];
    return numberAt(next);
  };
  /**
   * "Question Context: 2 to 12", "(Use for 5 – 8)": a line naming a range that starts at the next
   * question, followed by text that is no question, option or field: a passage for those questions.
   */
  /** The passage's text after its range and a colon, on the same line: "Use the following for Câu 1 and Câu 2: A cell of emf…". */
  const textAfterRange = (line: string) => {
    const found = QUESTION_RANGE.exec(line.slice(0, 160)) ?? LISTED.exec(line.slice(0, 160));
    const colon = found ? /^\s*[:：]\s*/.exec(line.slice(found.index + found[0].length)) : null;
    return !!found && !!colon && line.slice(found.index + found[0].length + colon[0].length).trim().length >= 40;
  };
  /**
   * "Answer questions 1-5 based on the above facts": a range of questions starting at the next one (the one after the
   * last read, or the one written next: a part counting from 1 again), whatever follows the line.
   */
  const rangeOfNext = (line: string): [number, number] | null => {
    const found = QUESTION_RANGE.exec(line.slice(0, 160));
    const [from, to] = found ? [Number(found[1]), Number(found[2])] : [0, 0];
    return found && (from === lastNumber + 1 || from === numberAhead(blockAt)) && to >= from && to - from < 50 ? [from, to] : null;
  };
  const namesNextQuestions = (line: string): [number, number] | null => {
    // The range starts at the next question (rangeOfNext) and names two or more.
    const range = rangeOfNext(line);
    if (!range || range[1] <= range[0]) return null;
    const [from, to] = range;
    if (textAfterRange(line)) return [from, to];
    if (/[?？؟]/.test(line)) return null;
    const next = blocks[nextFilled[blockAt]];
    if (!next || next.kind !== 'paragraph' || autoOf(next.paragraph)) return null;
    const text = lineOf(next.paragraph.inlines);
    return numberOfLine(next.paragraph, text) || optionLabelsOf(text, null).length || fieldOf(text) || !hasWords(text) ? null : [from, to];
  };
  /** Whether any block after each one starts with a question number. */
  const questionAfter: boolean[] = new Array(blocks.length).fill(false);
  for (let i = blocks.length - 2; i >= 0; i--) {
    const next = blocks[i + 1];
    questionAfter[i] =
      questionAfter[i + 1] ||
      (next.kind === 'paragraph' &&
        (numberOfLine(next.paragraph, lineOf(next.paragraph.inlines)) !== null ||
          (autoOf(next.paragraph)?.format === 'decimal' && numbersQuestion(next.paragraph, autoOf(next.paragraph)))));
  }
  /** The last instruction between questions ("Mark the letter A, B, C, or D …"): the text of a question that has none. */
  let instruction: string | null = null;
  let lastNumber = 0;
  /** Paragraphs numbered by Word with no text of their own, in a layout table's first cell: questions all the same. */
  const numberedCells = new Set<number>();
  let blockAt = 0;
  const key: KeyEntry[] = [];
  let question: QuestionDraft | null = null;
  let passage: PassageDraft | null = null;
  let target: Target = 'none';
  let inKey = false;
  /** Which part of a key in parts ("Phần I:", "Part B") the entries are under. */
  let keyPart = 0;
  let warnedBeforeFirst = false;

  const section = () => sections[sections.length - 1];
  const closeQuestion = () => {
    // Options from a Word list are known only now; the marks and the letter after the stem are read on them.
    if (question) listOptions(question);
    // "…壂题艊（ B ）": the answer letter written in the question's own blank, in a paper that answers so.
    if (question && bracketAnswers && !question.answer && question.options.length >= 2) readBracketAnswer(question);
    // Its answer written above it (answersBefore.ts), given once its options are read.
    const above = question ? conventions.answersAbove.get(question.paragraph) : undefined;
    if (question && above && !question.answer) question.answer = { text: above.text, paragraph: above.lines[above.lines.length - 1] };
    if (question && conventions.gluedAsterisk) markGluedAsterisks(question);
    if (question && conventions.leadingSign) markLeadingSigns(question, conventions.leadingSign);
    if (question && conventions.signPair) markSignPair(question, conventions.signPair);
    if (question && conventions.trailingMark) markTrailingMarks(question, conventions.trailingMark);
    if (question && conventions.ownLetterMarks) markOwnLetters(question);
    if (question) trailingAnswer(question);
    if (question) orderOptions(question);
    if (question) dropWritingLine(question);
    if (question) scoreMarks(question);
    const own = question as QuestionDraft | null;
    if (own && own.options.length >= 2 && own.stem.every((h) => isBlankHtml(h))) {
      // No words of its own: a cloze blank names itself as the passage does, "(26)"; a pronunciation question reads its block's instruction.
      const blank = own.number !== null && passage?.html.some((h) => h.includes(`(${own.number})`));
      if (blank) own.stem = [`(${own.number})`];
      else if (instruction) own.stem = [instruction];
    }
    if (question) (passage ? passage.children : section().items).push(question);
    question = null;
    target = 'none';
  };
  const closePassage = () => {
    closeQuestion();
    if (passage) section().items.push(passage);
    passage = null;
  };
  /** Text that belongs wherever the last line went. */
  const append = (html: string, paragraph: Paragraph) => {
    if (!html) return;
    if (question && target === 'option') question.options.at(-1)!.html.push(html);
    else if (question && (target === 'solution' || target === 'afterAnswer')) {
      question.solution.push(html);
      question.solutionParagraph ??= paragraph;
    } else if (question) question.stem.push(html);
    else if (passage) passage.html.push(html);
    else {
      instruction = html;
      if (!warnedBeforeFirst) {
        warnedBeforeFirst = true;
        problems.push(problemAt(paragraph, 'textBeforeFirstQuestion'));
      }
    }
  };
  const startQuestion = (paragraph: Paragraph, number: number | null, rest: Paragraph['inlines']) => {
    closeQuestion();
    // "Directions (Q. 6-7): Choose the word opposite in meaning", "[36～37] 주어진 글 다음에 …" over questions that each hold
    // their own text: a range with no passage to read under it is an instruction.
    const only = passage as PassageDraft | null;
    if (only && !only.ownText && only.children.length === 0 && only.html.length === 1 && only.range) {
      problems.push(problemAt(only.paragraph, 'instruction'));
      passage = null;
    }
    const range = passage?.range;
    if (passage && range && (number === null ? passage.children.length > range[1] - range[0] : number < range[0] || number > range[1])) closePassage();
    if (number !== null && number <= lastNumber && !(passage?.range && passage.children.length === 0))
      problems.push(problemAt(paragraph, 'numberOutOfOrder', { question: number, previous: lastNumber }));
    if (number !== null) lastNumber = number;
    const draft = newQuestion(paragraph, number, number !== null ? String(number) : `${countQuestions() + 1}`);
    // Inside a passage, its directions say what its questions are ("… statements from 23 to 26 are True or False").
    // Else the part it stands in and the last instruction before it ("단답형", "Short answer questions").
    draft.context = passage?.html[0]
      ? htmlText(passage.html[0])
      : [section().name, instruction ? htmlText(instruction) : null].filter(Boolean).join(' — ') || undefined;
    // Tags before the stem: "[Easy] (CLO3) What is…".
    for (let tag = TAG.exec(lineOf(rest)); tag; tag = TAG.exec(lineOf(rest))) {
      const marks = MARKS_TAG.exec(tag[1].trim());
      if (marks) draft.marks = { text: marks[1], paragraph };
      else if (DIFFICULTY_TAG.test(tag[1].trim())) draft.difficulty = { text: tag[1].trim(), paragraph };
      // A name in brackets with a word glued to it ("[규칙]을 <사례>에 …", "[Rule]'s") is the sentence's subject, no tag.
      else if (/^[\p{L}\p{N}'’]/u.test(lineOf(rest).slice(tag[0].length)) && !/\s$/.test(tag[0])) break;
      else draft.tags.push(tag[1].trim());
      rest = sliceInlines(rest, tag[0].length);
    }
    // "42. .“LRL 110” …", "56. . GNDQ…": a stray full stop after the number (a conversion's leftover) is no text of it
    // (".NET is…", a dot glued to a word, stays).
    const stray = number !== null ? /^\s*\.+(?=\s|[“"«‘'(])\s*/u.exec(lineOf(rest)) : null;
    if (stray) rest = sliceInlines(rest, stray[0].length);
    // "Question : …" with no number: the word names the line, it is not the question's text.
    const named = number === null ? QUESTION_LABEL.exec(lineOf(rest)) : null;
    if (named) rest = sliceInlines(rest, named[0].length);
    // Difficulty tags such as "Câu 1 (NB):" leave their colon behind.
    const colon = /^\s*[:：.\-–]\s*/.exec(lineOf(rest));
    if (colon && (draft.difficulty || draft.marks || draft.tags.length)) rest = sliceInlines(rest, colon[0].length);
    // "The sun is a star. → Đúng (Đáp án đúng: …)": the answer after an arrow at the end of the question's line, an explanation in brackets after it.
    // In a paper that answers statements after a dash, a line's dash answers it the same way.
    const dashed = conventions.dashAnswers.has(paragraph) ? dashAnswerOf(lineOf(rest)) : null;
    if (dashed) {
      // "… : Đúng (vì …)": a true or false word, then why in brackets.
      const explained = /^(.+?)\s*\((.+)\)$/.exec(dashed[2].trim());
      const why = explained && trueFalseAnswer(explained[1]) !== null ? explained : null;
      draft.answer = { text: why ? why[1] : dashed[2].trim(), paragraph };
      if (why) draft.solution.push(escapeHtml(why[2].trim()));
      rest = sliceInlines(rest, 0, dashed[1].length);
    }
    // "… mista. F" in a bank of statements that end with their answer (truthEnds.ts).
    const { family } = conventions.truthEnds;
    const truth = !dashed && family && conventions.truthEnds.lines.has(paragraph) ? truthEndOf(lineOf(rest), family) : null;
    if (truth) {
      draft.answer = { text: truth.value ? 'true' : 'false', paragraph };
      rest = sliceInlines(rest, 0, truth.at);
    }
    // "… → Đúng", "… --- yes": an arrow or a long dash before the answer at the end of the line.
    const arrowed = dashed || truth ? null : /(?: (?:→|⇒|=>)|\s*-{2,})\s*([^()]+?)\s*(\(.*\))?\s*$/u.exec(lineOf(rest));
    // Cross-check: a question with options, or whose words after the arrow ask something, has its arrow inside its text ("In A → B, which…?").
    if (arrowed && arrowed[1].trim() && !/[?？؟]/.test(arrowed[1]) && !inlineOptions(lineOf(rest)) && !optionsFollow(blockAt)) {
      draft.answer = { text: arrowed[1].trim(), paragraph };
      if (arrowed[2]) draft.solution.push(escapeHtml(arrowed[2].slice(1, -1).trim()));
      rest = sliceInlines(rest, 0, arrowed.index);
    }
    // "1. What is 2 + 2? A. 3  B. 4  C. 5  D. 6": options on the question's own line, three or more.
    const inline = inlineOptions(lineOf(rest));
    // "… ? • first" over more "• …" lines: the first bulleted option typed on the question's line.
    const bulletOnLine = inline ? null : BULLET_AFTER_ASKING.exec(lineOf(rest));
    const below = blocks[nextFilled[blockAt]];
    const bulletAt = bulletOnLine && below?.kind === 'paragraph' && BOX.test(lineOf(below.paragraph.inlines)) ? bulletOnLine[1].length : null;
    draft.tail = trimInlines(inline ? sliceInlines(rest, 0, inline[0].start) : bulletAt !== null ? sliceInlines(rest, 0, bulletAt) : rest);
    draft.stem.push(inlinesHtml(draft.tail));
    question = draft;
    target = 'stem';
    if (inline) {
      addLabelledOptions(draft, inline, rest, paragraph, (written) => written.trim());
      target = 'option';
    } else if (bulletAt !== null) {
      const after = sliceInlines(rest, bulletAt);
      addBoxOption(draft, BOX.exec(lineOf(after))!, lineOf(after), after, paragraph);
      target = 'option';
    }
  };
  const countQuestions = () =>
    sections.reduce((n, s) => n + s.items.reduce((m, item) => m + ('children' in item ? item.children.length : 1), 0), 0) + (passage?.children.length ?? 0);
  const newSection = (name: string | null, heading?: Paragraph) => {
    closePassage();
    noteEmptyHeading();
    sections.push({ name, items: [], heading });
    lastNumber = 0;
  };
  /** A heading with no question under it (a document's title, a heading before a passage's heading) is noted, not kept. */
  const noteEmptyHeading = () => {
    const last = section();
    if (!last.heading || last.items.length > 0) return;
    const any = sections.some((s) => s.items.length > 0);
    problems.push(problemAt(last.heading, any ? 'instruction' : 'textBeforeFirstQuestion'));
    warnedBeforeFirst ||= !any;
  };

  const readKeyTable = (rows: Paragraph[][][]) => {
    const text = keyCellText;
    // A column for each part ("S/N | Civil Litigation | Criminal Litigation"): part n answers the paper's n-th part.
    const partColumns = partColumnsOf(rows);
    if (partColumns) {
      partColumns.forEach((_, column) => {
        if (column > 0 || key.length > 0) keyPart += 1;
        for (const cells of rows.slice(1)) {
          const answer = cells[column + 1] ?? [];
          if (/^[A-Ha-h]$/.test(text(answer))) key.push({ number: Number.parseInt(text(cells[0])), text: text(answer), paragraph: answer[0], part: keyPart });
        }
      });
      return;
    }
    // A key table in parts ("PHẦN I" rows across it) and with Đ/S statements a row each ("1 | a) | Đ", the number cell merged down).
    const chunks: Paragraph[][][][] = [[]];
    for (const cells of rows) {
      const filled = cells.filter((c) => text(c));
      if (filled.length === 1 && KEY_PART.test(text(filled[0])) && KEY_PART.exec(text(filled[0]))![0].trim() === text(filled[0]).trim()) chunks.push([]);
      else chunks.at(-1)!.push(cells);
    }
    chunks.forEach((chunk, i) => {
      if (i > 0) keyPart += 1;
      const before = key.length;
      const statements = new Map<number, string[]>();
      let number: number | null = null;
      const rest = chunk.filter((cells) => {
        // "a)" (a statement's letter, never a bare answer letter) beside a true-or-false mark.
        const label = /^(?:\(([a-h])\)|([a-h])[).])$/i.exec(text(cells[1] ?? []));
        if (cells.length < 3 || !label || !/^(?:đ|s|đúng|sai|t|f|true|false)$/i.test(text(cells[2]))) return true;
        const own = /^\d{1,4}$/.test(text(cells[0])) ? Number(text(cells[0])) : null;
        number = own ?? number;
        if (number === null) return true;
        statements.set(number, [...(statements.get(number) ?? []), `${(label[1] ?? label[2]).toLowerCase()}-${text(cells[2])}`]);
        return false;
      });
      readKeyRows(rest);
      for (const [n, parts] of statements) key.push({ number: n, text: parts.join(', '), paragraph: chunk[0][0][0] });
      for (let k = before; k < key.length; k++) key[k].part = keyPart;
    });
  };
  const readKeyRows = (rows: Paragraph[][][]) => {
    const text = keyCellText;
    // "Câu | a | b | c | d" over "1 | Đ | S | Đ | S": each row the Đúng/Sai of one question's statements.
    const letters = rows[0]?.slice(1).map((c) => /^\(?([a-h])\)?\.?$/i.exec(text(c))?.[1]?.toLowerCase() ?? null);
    if (letters && letters.length >= 2 && letters.every(Boolean) && KEY_HEADER.test(text(rows[0][0]))) {
      for (const cells of rows.slice(1)) {
        const number = /^\d{1,4}/.exec(asciiDigits(text(cells[0] ?? [])))?.[0];
        if (number)
          key.push({
            number: Number(number),
            text: letters.map((l, i) => `${l}-${text(cells[i + 1] ?? [])}`).join(', '),
            paragraph: (cells[1] ?? cells[0])[0],
          });
      }
      return;
    }
    for (let r = 0; r < rows.length; r++) {
      const cells = rows[r];
      const numbers = cells.map((c) => (/^\d{1,4}$/.test(text(c)) ? Number(text(c)) : null));
      const counted = numbers.filter((n) => n !== null).length;
      if (counted >= 2 && counted < cells.length && rows[r + 1] && cells.every((c, i) => numbers[i] !== null || !text(c) || KEY_HEADER.test(text(c)))) {
        // "Câu | 1 | 2 | 3" over "Đáp án | A | C | B": a header cell, numbers, answers below.
        rows[r + 1].forEach(
          (cell, c) => numbers[c] !== null && numbers[c] !== undefined && text(cell) && key.push({ number: numbers[c]!, text: text(cell), paragraph: cell[0] }),
        );
        r += 1;
      } else if (cells.length >= 4 && cells.length % 2 === 0 && numbers.every((n, c) => (c % 2 === 0) === (n !== null))) {
        // Pairs along the row: 1 | B | 2 | A | 3 | C.
        for (let c = 0; c < cells.length; c += 2)
          if (text(cells[c + 1])) key.push({ number: numbers[c]!, text: text(cells[c + 1]), paragraph: cells[c + 1][0] ?? cells[c][0] });
      } else if (numbers.every((n) => n !== null) && rows[r + 1]) {
        // Numbers in one row, their answers in the row below.
        rows[r + 1].forEach((cell, c) => numbers[c] !== undefined && text(cell) && key.push({ number: numbers[c]!, text: text(cell), paragraph: cell[0] }));
        r += 1;
      } else {
        // A number and the answer in the cell after it, wherever they stand ("Cells | 1 | b", "1 | A"); cells holding whole entries ("1A", "2. C").
        for (let c = 0; c < cells.length; c++) {
          const answer = cells[c + 1];
          if (numbers[c] !== null && answer && text(answer) && numbers[c + 1] === null) {
            key.push({ number: numbers[c]!, text: text(answer), paragraph: answer[0] ?? cells[c][0] });
            c += 1;
          } else if (cells[c][0]) key.push(...keyEntriesOf(text(cells[c]), cells[c][0]));
        }
      }
    }
  };

  /** A line whose key the paper writes at its end in a colour of its own (engines/conventions.ts): read without it, then the key answers its question. */
  const readParagraph = (paragraph: Paragraph) => {
    const key = conventions.trailingKeys.get(paragraph);
    // Words in the colour that marks right options, in a question with no options: its answer, a blank where they stood.
    const coloured = conventions.colouredAnswers.get(paragraph);
    // Both are offsets into the paragraph as written: the key is cut off first, so the span's place still holds.
    const cut = key ? sliceInlines(paragraph.inlines, 0, key.at) : paragraph.inlines;
    const blank = coloured?.beside ? [] : [BLANK];
    // Each filled gap a blank, from the last so the earlier ones' places hold.
    const gaps = coloured ? [coloured, ...(coloured.more ?? [])].sort((a, b) => b.start - a.start) : [];
    const inlines = gaps.reduce((line, gap) => [...sliceInlines(line, 0, gap.start), ...blank, ...sliceInlines(line, gap.end)], cut);
    readLine(paragraph, key || coloured?.beside ? trimInlines(inlines) : inlines);
    const open = question as QuestionDraft | null;
    // "True or False: …" with one of the two words highlighted: the teacher's answer.
    const truth = open?.paragraph === paragraph ? markedTruthWord(paragraph.inlines) : null;
    const answer = key?.text ?? coloured?.text ?? (truth === null ? undefined : truth ? 'True' : 'False');
    if (answer && open && !open.answer) open.answer = { text: answer, paragraph };
  };
  const readLine = (paragraph: Paragraph, inlines: Inline[]) => {
    // Word's number alone in a layout table's cell ("24." | picture | text) still starts its question.
    if (isBlankLine(inlines) && !numberedCells.has(paragraph.index) && !numberOverText(paragraph)) return;
    // A question's figure drawn at the start of its options' first line ("[picture] ① −2"): the figure goes in the question's text, the options follow.
    const figure = inlines.findIndex((i) => !(i.kind === 'picture' || (i.kind === 'text' && !i.text.trim())));
    const figured = figure > 0 && inlines.slice(0, figure).some((i) => i.kind === 'picture');
    // A figure drawn before the question's number ("[picture]5. …"): the question starts at its number, the figure in its text.
    if (figured && !autoOf(paragraph) && questionNumberOf(lineOf(inlines.slice(figure)))) {
      readLine(paragraph, [...inlines.slice(figure), ...inlines.slice(0, figure)]);
      return;
    }
    if (figured && question && target === 'stem') {
      const first = optionLabelsOf(lineOf(inlines.slice(figure)), 0)[0];
      if (first?.index === 0 && first.start === 0) {
        append(inlinesHtml(inlines.slice(0, figure)), paragraph);
        readLine(paragraph, inlines.slice(figure));
        return;
      }
    }
    const line = lineOf(inlines);
    // "__________" under a question's options: a separator between questions, no one's words.
    if (RULE_LINE.test(line) && question && target === 'option') return;
    // "D. 钟表  答案：ABCD", "d) Lyon   Answer: B": the question's answer written at the end of its last option's line.
    const trailing = question && optionLabelsOf(line, null).length > 0 ? TRAILING_ANSWER.exec(line) : null;
    if (trailing && choiceAnswer(trailing[1])) {
      readLine(paragraph, trimInlines(sliceInlines(inlines, 0, trailing.index)));
      const open = question as QuestionDraft | null;
      if (open && !open.answer) open.answer = { text: trailing[1], paragraph };
      return;
    }
    const auto = autoOf(paragraph);
    // A numbered question with options after the key (a key in the middle, between parts) ends it,
    // and so does one that asks (its options may stand in its passage): a key's entries answer, they do not ask.
    const next = !inKey ? null : auto ? (numbersQuestion(paragraph, auto) ? { end: 0 } : null) : numberOfLine(paragraph, line);
    // (A line over a note's worked solution is the note's entry, whatever follows.)
    const solutionFollows = () => {
      const following = blocks[nextFilled[blockAt]];
      return following?.kind === 'paragraph' && following.paragraph.keySolution === true;
    };
    const asks = () => asksBeforeBrackets(line) || optionsWithin(blockAt);
    // (An entry's own answer line, "1、参考答案：" over its parts "(1) …", is still the key.)
    const entry = () => fieldOf(line.slice(next!.end)) !== null || answerKeyStart(line.slice(next!.end)) !== null;
    if (next && !solutionFollows() && (inlineOptions(line.slice(next.end)) || asks()) && hasWords(line.slice(next.end)) && !entry()) inKey = false;
    if (inKey && paragraph.keySolution) {
      const entry = key.at(-1);
      if (entry) (entry.solution ??= []).push(inlinesHtml(trimInlines(inlines)));
      return;
    }
    if (inKey) {
      // An entry's answer written as an equation ("17) $24$", Hangul keys): the number it shows.
      const line = keyText(inlines);
      const part = KEY_PART.exec(line);
      // A line of Word's list over typed entries that count from 1 ("2、 Judgement" then "1、答案：B") names a part of the key.
      const heading = auto && !part && numberAhead(blockAt) === 1 && !autoOf((blocks[nextFilled[blockAt]] as { paragraph: Paragraph }).paragraph);
      if (part || heading) keyPart += 1;
      if (heading) return;
      const rest = part ? line.slice(part[0].length) : line;
      // Word's number is the first entry's ("1." shown, "B;" typed), unless the line goes on with more ("B | 2. ? | 3. A").
      const listed = auto && !NOT_QUESTION_FORMATS.has(auto.format) ? keyEntriesOf(`${auto.label} ${rest}`, paragraph) : [];
      const entries =
        auto && !NOT_QUESTION_FORMATS.has(auto.format)
          ? listed.length >= 2
            ? listed
            : [{ number: auto.value, text: rest.trim().replace(/\s*[,;]$/, ''), paragraph }]
          : keyEntriesOf(rest, paragraph);
      // Entries that count from 1 again after others of the same part start the next part, headed or not.
      if (entries[0]?.number === 1 && key.some((e) => (e.part ?? 0) === keyPart)) keyPart += 1;
      key.push(...entries.map((e) => ({ ...e, part: keyPart })));
      return;
    }
    // "HƯỚNG DẪN GIẢI", "Solutions", "정답 및 해설" alone, then the questions' numbers again from the start: worked answers, read as a key.
    if (!auto && SOLUTIONS_HEADING.test(line) && lastNumber > 1 && numberAhead(blockAt) !== null && numberAhead(blockAt)! < lastNumber) {
      closePassage();
      inKey = true;
      return;
    }
    const keyStart = auto ? null : answerKeyStart(line);
    // A line of entries is a key: three or more anywhere, two when no question follows it ("1-A 2-B" ending a short quiz).
    // (Word may number the line: "1." shown, "B | 2. D | 3. C" typed.)
    const keyed = auto ? (auto.format === 'decimal' ? `${auto.label} ${line}` : null) : line;
    const keyOnly = keyStart === null && keyed !== null ? keyLine(keyed, paragraph, questionAfter[blockAt] ? 3 : 2) : null;
    if (keyStart !== null || keyOnly) {
      closePassage();
      inKey = true;
      key.push(...(keyOnly ?? keyEntriesOf(line.slice(keyStart!), paragraph)));
      return;
    }
    if (isPassageEnd(line)) {
      closePassage();
      return;
    }
    const open = question as QuestionDraft | null;
    // "2" alone under the options, in a paper that answers so: the second option.
    if (open && conventions.digitAnswers.has(paragraph) && !open.answer && open.options.length > 0) {
      open.answer = { text: line.trim(), paragraph };
      target = 'afterAnswer';
      return;
    }
    // The line after "Correct Answer:" alone, or the answer the paper sets apart under each question: the whole line answers.
    const answerLine =
      target === 'answerNext' ||
      ((conventions.answerLines.has(paragraph) || conventions.answersBelowColons.has(paragraph)) && !open?.answer && open?.options.length === 0);
    if (open && answerLine) {
      open.answer = { text: line.slice(conventions.answerStarts.get(paragraph) ?? 0).trim(), paragraph };
      // "… là (…) :" over its answer: the colon introduced the answer, as in "… là : CaO".
      if (conventions.answersBelowColons.has(paragraph))
        open.stem = open.stem.map((html, i, all) => (i === all.length - 1 ? html.replace(/\s*[:：]\s*((?:<\/\w+>)*)\s*$/u, '$1') : html));
      target = 'afterAnswer';
      return;
    }
    // "Options", "Choices:" alone between a question and its options: a label of the layout, not the question's text.
    if (open && target === 'stem' && OPTIONS_HEADER.test(line.trim().replace(/\s*[:：.]$/, '')) && optionsFollow(blockAt)) return;
    // A number starts a question; inside a solution, a number not above the question's own is a
    // step of it; inside a question still without options, a list its text introduces
    // ("Consider the statements: 1. … 2. …") or a number going backwards is part of its text.
    const numbered = auto ? (numbersQuestion(paragraph, auto) ? { number: auto.value, end: 0 } : null) : numberOfLine(paragraph, line);
    // An item of Word's list over typed questions that count from 1 ("2、 Judgement" then "1. …"), its own number going back
    // below the questions' (the list counts parts): a part's heading, not a question.
    const nextBlock = blocks[nextFilled[blockAt]];
    if (auto && numbered && line.trim().length <= 40 && !/[?？؟]/.test(line)) {
      const typedAhead = nextBlock?.kind === 'paragraph' && !autoOf(nextBlock.paragraph) && numberAhead(blockAt) === 1;
      const before = section().items.at(-1);
      const previous = Math.max(lastNumber, open?.number ?? 0, before && !isPassage(before) ? (before.number ?? 0) : 0);
      if (typedAhead && !optionsFollow(blockAt) && numbered.number <= previous) {
        closePassage();
        newSection(line.trim(), paragraph);
        return;
      }
    }
    // A quiz of comma-split options over answer lines (commaOptions.ts): its number alone, its question, its options' line.
    const comma = conventions.commaQuestions;
    if (comma.numbers.has(paragraph)) return;
    if (comma.stems.has(paragraph)) return startQuestion(paragraph, comma.stems.get(paragraph)!, inlines);
    const commaParts = open ? comma.options.get(paragraph) : undefined;
    if (open && commaParts) {
      for (const [index, part] of commaParts.entries()) addOption(open, index, false, sliceInlines(inlines, part.start, part.end), [], '', paragraph);
      target = 'option';
      return;
    }
    const typedOption = conventions.numberedOptions.get(conventional(paragraph));
    if (typedOption && open && (target === 'stem' || target === 'option')) {
      const label = line.slice(0, typedOption.end).trim();
      // The next ones may stand in the line's columns ("1) loneho     2) dhone     3) uwydqu").
      const more = spreadNumbersOf(line, typedOption.index, label.slice(-1));
      const own = sliceInlines(inlines, typedOption.end, more[0]?.start ?? line.length);
      addOption(open, typedOption.index, false, own, sliceInlines(inlines, 0, typedOption.end), label, paragraph);
      if (more.length) addLabelledOptions(open, more, inlines, paragraph, withoutTicks);
      target = 'option';
      return;
    }
    // "+ans" "2" over the question they answer (answersBefore.ts): read with that question.
    if (answerAboveLines.has(paragraph)) return;
    // "?Qaysi…", "+ Toshkent", "= Samarqand": a bank led by signs (sigilLines.ts).
    const sigilQuestion = conventions.sigils.questions.get(paragraph);
    if (sigilQuestion !== undefined) return startQuestion(paragraph, null, sliceInlines(inlines, sigilQuestion));
    // A paper of questions with their answers under them (answersUnder.ts): a line that asks with no number starts one.
    if (!numbered && conventions.askedNumbers.has(paragraph)) return;
    if (!numbered && conventions.askedQuestions.has(paragraph)) return startQuestion(paragraph, conventions.askedQuestions.get(paragraph)!, inlines);
    const sigilOption = conventions.sigils.options.get(paragraph);
    if (sigilOption && open) {
      const sign = line.slice(0, sigilOption.end).trim();
      addOption(
        open,
        open.options.length,
        sigilOption.right,
        sliceInlines(inlines, sigilOption.end),
        sliceInlines(inlines, 0, sigilOption.end),
        sign,
        paragraph,
      );
      if (sigilOption.right) open.options.at(-1)!.markedBy = 'sign';
      target = 'option';
      return;
    }
    // Between statements that end with their answer, a short line that is no sentence (".ART") heads a part; so does a numbered part's line.
    if (conventions.parts.has(paragraph) || (!numbered && conventions.truthEnds.headings.has(paragraph))) {
      newSection(line.trim(), paragraph);
      return;
    }
    if (!numbered && (conventions.dashAnswers.has(paragraph) || conventions.truthEnds.lines.has(paragraph))) {
      // "Question 1" alone over the statements it gathers: a heading, not a question of its own.
      if (open && open.options.length === 0 && !open.answer && open.stem.every((h) => isBlankHtml(h))) {
        problems.push(problemAt(open.paragraph, 'instruction'));
        question = null;
      }
      return startQuestion(paragraph, null, inlines);
    }
    if (numbered) {
      const current = open?.number ?? 0;
      // A numbered step of a worked solution, unless a question's word numbers it with options under it ("Câu 5:" after "Câu 100" restarts the count).
      const below = blocks[nextFilled[blockAt]];
      const worded = /^\s*(?:câu|question|bài|문제|문항)\s*\.?\s*\d/i.test(line) && (optionsFollow(blockAt) || (!!below && bulleted(below)));
      const step = target === 'solution' && numbered.number <= current && !worded;
      const introduced = /[:：]\s*(<\/\w+>)*$/.test(open?.stem.at(-1) ?? '');
      // Counting from 1 again after a blank line, under a question that introduced no list: a new part's questions.
      const blankBefore =
        blockAt > 0 && blocks[blockAt - 1].kind === 'paragraph' && isBlankLine((blocks[blockAt - 1] as { paragraph: Paragraph }).paragraph.inlines);
      const restarts = numbered.number === 1 && blankBefore && !introduced && open?.statements === 0;
      const statement =
        open !== null &&
        target === 'stem' &&
        !complete(open) &&
        !restarts &&
        !conventions.dashAnswers.has(paragraph) &&
        // Statements count from 1, maybe again ("1. … 2. …" under the stem, a box's articles each listing 1. 2.), an item
        // the reader took for no number at most skipped ("Query1:" then "Query2:"); a number below the question's far past
        // them ("23." after "30.", a part of the paper counting again from 23) starts a question.
        numbered.number <= open.statements + 2 &&
        (numbered.number <= current || open.statements > 0 || introduced);
      if (statement && open) open.statements = numbered.number;
      // "[Hard] 4. text": the tags go before the text, the number out.
      const tagged = 'tagged' in numbered ? (numbered.tagged as { start: number; end: number }) : null;
      const rest = auto
        ? inlines
        : tagged
          ? [...sliceInlines(inlines, 0, tagged.start), ...sliceInlines(inlines, tagged.end)]
          : sliceInlines(inlines, numbered.end);
      // "2. In the following passage there are blanks…": a numbered passage's directions, not a question.
      const directs = !step && !statement ? fieldOf(lineOf(rest)) : null;
      // (Its questions follow it, numbered, before any option: "Câu 1. Đọc đoạn thông tin sau:" over statements a) b) is a question.)
      if (directs?.kind === 'passage' || (!step && !statement && isPassageStart(lineOf(rest)) && questionBeforeOptions(blockAt))) {
        closePassage();
        passage = newPassage(paragraph, directs?.range ?? null);
        passage.html.push(inlinesHtml(trimInlines(sliceInlines(rest, directs?.end ?? 0))));
        target = 'passage';
        return;
      }
      if (!step && !statement) return startQuestion(paragraph, numbered.number, rest);
    }

    // A line in a Heading style is a heading, whatever it starts with ("(1) KIẾN THỨC CHUNG"), unless it numbered a question above.
    if (!auto && /^(heading|title|subtitle)/i.test(paragraph.style ?? '')) {
      newSection(line.trim(), paragraph);
      return;
    }
    // "Lời giải" alone in bold under a question: its worked solution follows (an option would not be bold alone).
    if (question && isSolutionHeading(line) && inlines.some((i) => i.kind === 'text' && i.bold && i.text.trim())) {
      target = 'solution';
      (question as QuestionDraft).solutionParagraph ??= paragraph;
      return;
    }
    // An option Word letters may hold a keyword ("d. ans = 'y';"): only a keyword with its colon there is a field ("e. Answer: b").
    const lettered = auto && LETTER_FORMATS.has(auto.format);
    const field = ((found) => (found && lettered && !/[:：]/.test(line.slice(0, found.end)) ? null : found))(fieldOf(line));
    if (field) {
      const rest = sliceInlines(inlines, field.end);
      const value = { text: lineOf(rest).trim(), paragraph };
      const owner = question ?? passage;
      switch (field.kind) {
        case 'section':
          newSection(value.text || null);
          return;
        case 'passage':
          closePassage();
          passage = newPassage(paragraph, field.range ?? null);
          // "Passage (Questions 6-7): The Nile is…": the passage's text on its label's line.
          passage.ownText = value.text.length > 0;
          passage.html.push(inlinesHtml(trimInlines(rest)));
          target = 'passage';
          return;
        case 'answer':
        case 'solution':
          if (!question) break;
          if (field.kind === 'answer' && !value.text && !rest.some((i) => i.kind !== 'text')) {
            // "Correct Answer:" alone: the answer is the next line ("B. No").
            target = 'answerNext';
          } else if (field.kind === 'answer' && !explainsAnswer(question, field.label, value.text)) {
            // (In a quiz of comma-split options, the option the answer names: "Coke (classic)" answers "Coke".)
            const named = conventions.commaQuestions.answers.get(paragraph);
            question.answer = named ? { text: named, paragraph } : value;
            target = 'afterAnswer';
          } else if (field.kind === 'solution' && solutionLetter(question, value.text)) {
            // "Solution: B" then the explanation: the letter answers, the rest explains.
            const letter = solutionLetter(question, value.text)!;
            question.answer = { text: letter[1], paragraph };
            target = 'solution';
            append(escapeHtml(value.text.slice(letter[0].length).trim()), paragraph);
            question.solutionParagraph = paragraph;
          } else {
            target = 'solution';
            append(inlinesHtml(trimInlines(rest)), paragraph);
            question.solutionParagraph = paragraph;
          }
          return;
        case 'marks':
        case 'type':
          if (!question) break;
          question[field.kind] = value;
          return;
        case 'difficulty':
          if (!owner) break;
          owner.difficulty = value;
          return;
        case 'tags':
          if (!owner) break;
          owner.tags.push(...splitTags(value.text));
          return;
      }
      problems.push(problemAt(paragraph, 'notAttached', { label: field.label }));
      return;
    }

    if (open && (target === 'stem' || target === 'option')) {
      // "② …" of a statute quoted in the question, its own options coming later from ①: the question's text.
      if (materialLines.has(paragraph.index) && open.options.length === 0) {
        open.stem.push(inlinesHtml(trimInlines(inlines)));
        target = 'stem';
        return;
      }
      if (conventions.wrappedOptions.has(paragraph) && target === 'option') {
        open.options.at(-1)!.html[open.options.at(-1)!.html.length - 1] += ` ${inlinesHtml(trimInlines(inlines))}`;
        return;
      }
      // "☐ France", "☑ Britain": options as tick boxes, the ticked one correct.
      const box = BOX.exec(line);
      // A box's option is its one line: a line after it without a box and without words ("2 / 15") is none of its words.
      const previous = open.options.at(-1);
      if (!box && target === 'option' && previous && BOX.test(previous.written) && !hasWords(line)) {
        problems.push(problemAt(paragraph, 'instruction'));
        return;
      }
      // A tick before a lettered option ("✅ (A) …") is that option's mark, read with its label below.
      if (box && optionLabelsOf(line.slice(box[0].length), open.options.length).length === 0) {
        addBoxOption(open, box, line, inlines, paragraph);
        target = 'option';
        return;
      }
      if (conventions.unlabelledOptions.has(paragraph)) {
        addOption(open, open.options.length, false, inlines, [], '', paragraph);
        target = 'option';
        return;
      }
      if (auto && (LETTER_FORMATS.has(auto.format) || conventions.optionItems.has(paragraph))) {
        // Word's letter for the first option of the line, typed letters for the others in its columns ("a. X\t\tb. Y").
        const alphabet = auto.format === 'lowerLetter' ? 0 : 1;
        const spread = LETTER_FORMATS.has(auto.format) ? spreadLabelsOf(line, 0, auto.value - 1, alphabet) : [];
        const style = auto.label.endsWith(')') ? 'close' : 'dot';
        const more = LETTER_FORMATS.has(auto.format)
          ? spread.length
            ? spread
            : followingLabelsOf(line, { index: auto.value - 1, alphabet, style })
          : spreadNumbersOf(line, auto.value - 1, auto.label.trim().slice(-1));
        addOption(
          open,
          auto.value - 1,
          STAR_MARK.test(line),
          sliceInlines(inlines, STAR_MARK.test(line) ? line.length - line.replace(/^\s*\*\s*/, '').length : 0, more[0]?.start ?? line.length),
          [],
          auto.label,
          paragraph,
        );
        if (more.length) addLabelledOptions(open, more, inlines, paragraph, withoutTicks);
        target = 'option';
        return;
      }
      const bare = conventions.bareLabels.get(paragraph) ?? mistypedLabel(open, line, blockAt);
      // After a <보기> box's ㄱ ㄴ ㄷ, the question's ① starts its options again.
      const restart = !bare && statementsOnly(open) ? optionLabelsOf(line, 0).filter((l) => l.alphabet === CIRCLED) : [];
      const typed = bare ? [bare] : restart.length ? restart : optionLabelsOf(line, open.options.length);
      const last = typed.at(-1);
      const options = last ? [...typed, ...spreadLabelsOf(line, last.end, last.index, typed[0].alphabet, typed[0].style)] : typed;
      // "A. TRẮC NGHIỆM", "B. READING" after a question's options: a heading, not another option.
      const heading =
        options.length > 0 && complete(open) && isHeading(paragraph, line) && (options[0].index === 0 || options[0].index !== open.options.length);
      // "c) Processador (CPU)" again under d): a line repeating an option, its letter and its words, is the answer naming it.
      const repeated = options.length === 1 && !open.answer ? repeatedOption(open, line.slice(options[0].end), options[0].index) : null;
      if (repeated) {
        open.answer = { text: repeated, paragraph };
        return;
      }
      if (options.length && !heading) {
        addLabelledOptions(open, options, inlines, paragraph, withoutTicks);
        target = 'option';
        return;
      }
    }
    // The text of a passage whose directions came first ("… blanks from 19 to 24", then the text with "(19) ____"): the same passage.
    const cloze = clozeRange(line, lastNumber + 1);
    const current = passage as PassageDraft | null;
    if (cloze && current && target === 'passage' && current.children.length === 0) {
      current.range = [current.range?.[0] ?? cloze[0], Math.max(current.range?.[1] ?? 0, cloze[1])];
      current.ownText = true;
      current.html.push(inlinesHtml(trimInlines(inlines)));
      return;
    }
    const counted = questionsCounted(line);
    const named = directionsRange(line) ?? namesNextQuestions(line) ?? (counted ? ([lastNumber + 1, lastNumber + counted] as [number, number]) : null);
    // "Answer questions 1-5 based on the above facts" under a case read as a passage: the case's range, named after it.
    const casesRange = current?.ownText && current.range === null && target === 'passage' && current.children.length === 0 ? rangeOfNext(line) : null;
    if (casesRange && current) {
      current.range = casesRange;
      current.html.push(inlinesHtml(trimInlines(inlines)));
      return;
    }
    // A case for the questions after it, in a paper of numbered questions: a paragraph of 200 characters or more,
    // between questions, no options under it, a numbered question right after it (or after one line of directions).
    // (Not inside a passage's text, nor among the questions a passage named.)
    const passageOpen = current !== null && (target === 'passage' || (!!current.range && current.children.length <= current.range[1] - current.range[0]));
    // (An explanation under an answer or a solution line is the solution's, no case.)
    const explains = target === 'solution' || target === 'afterAnswer';
    if (!auto && !passageOpen && !explains && (!open || complete(open)) && caseLines().has(blockAt)) {
      closePassage();
      passage = newPassage(paragraph, null);
      passage.ownText = true;
      passage.html.push(inlinesHtml(trimInlines(inlines)));
      target = 'passage';
      return;
    }
    const range = (named && widened(line, named)) ?? cloze ?? (isPassageStart(line) ? null : undefined);
    // A set that names the open question's own number ("[1] …" of a running title, then "【 1 - 5】") cannot be in its text: that question ends, unread.
    const namesOpen = named !== null && open !== null && open.number !== null && named[0] <= open.number && open.options.length === 0 && !open.answer;
    // …nor one that names the questions after it ("[31～34]" under question 30, whose options stood inside its passage).
    const namesNext = named !== null && open !== null && open.number !== null && named[0] === open.number + 1;
    if (range !== undefined && (namesOpen || namesNext || !(open && target === 'stem' && !complete(open)))) {
      closePassage();
      passage = newPassage(paragraph, range);
      passage.ownText = cloze !== null || textAfterRange(line);
      passage.html.push(inlinesHtml(trimInlines(inlines)));
      target = 'passage';
      return;
    }
    // Between questions: a heading starts a section of its own; a stem followed by options is a question without a number.
    // A line that asks ("¿…?", "…?") over a bulleted list: the list is its options (read when it closes), and it ends the question above whose list came before it.
    // (So does a sum with no words, "3+5" or "2 × 7 =", over its list.)
    const asksOverList =
      (/[?？؟:：]\s*$/.test(line) || SUM.test(line)) && blocks[nextFilled[blockAt]]?.kind === 'paragraph' && bulleted(blocks[nextFilled[blockAt]] as Block);
    // A heading after which the numbering starts again at 1 ("Phần IV: …" then "Câu 1") ends the question above, answered or not.
    const restartsBelow = open !== null && (open.number ?? 0) > 1 && numberAhead(blockAt) === 1;
    const between = !open || complete(open) || restartsBelow || (asksOverList && open.options.length === 0 && open.listItems.length >= 2);
    // A passage that named its questions and has none yet goes on: its tables' names in capitals ("STUDENTS") are no headings.
    const passageOpening =
      current !== null && current.range !== undefined && current.children.length === 0 && target === 'passage' && !/[\p{Ll}\d]/u.test(line);
    if (between && !auto && !passageOpening && isHeading(paragraph, line) && !optionsFollow(blockAt)) {
      newSection(line.trim(), paragraph);
      return;
    }
    // Unnumbered questions, except among numbered ones: there, text before a new "(a)" is a list in the question's text.
    const amongNumbered = lastNumber > 0 && questionAfter[blockAt];
    // After questions without numbers, a question's text may run longer (a program, a table of values) before its options;
    // so may a text that opens a block (under a blank line or a title: "Pergunta nº 7"), all of whose lines run on to the options.
    const within = lastNumber === 0 && ((open !== null && open.number === null) || opensBlock(blockAt)) ? 10 : 3;
    // A question whose number was lost (a PDF's conversion): after a question with its options, a line that asks, options right under it.
    const numberLost = amongNumbered && open !== null && complete(open) && open.options.length >= 2 && endsAsking(line) && optionsFollow(blockAt);
    // (A sum with no words, "3+5" or "2 × 7 =" over its options, asks as well.)
    const asksSum = SUM.test(line) && (optionsWithin(blockAt, 1) || asksOverList);
    if (
      between &&
      (!amongNumbered || numberLost) &&
      (hasWords(line) || asksSum) &&
      (optionsWithin(blockAt, within) || asksOverList || asksOverInlineOptions(line))
    )
      return startQuestion(paragraph, null, inlines);
    // "Відповіді: 1) а; 2) б; 3) в; 4) а, в" under lettered options: the numbered choices name them (engines/choices.ts).
    const choices =
      open && target === 'option'
        ? choicesNaming(
            line,
            open.options.map((o) => o.written.trim()[0] ?? ''),
          )
        : null;
    if (open && choices) {
      if (!onlyRepeatsLetters(choices)) optionsNamingStatements(open, choices, inlines, paragraph);
      return;
    }
    if (open && complete(open) && hasWords(line) && ((target === 'option' && questionFollows(blockAt)) || isInstruction(line))) {
      // An instruction ends a passage that named no range of questions.
      if (passage && !passage.range) closePassage();
      closeQuestion();
      instruction = inlinesHtml(trimInlines(inlines));
      problems.push(problemAt(paragraph, 'instruction'));
      return;
    }
    // Roman numerals and bullets of Word's lists are text: their label goes in front, as Word shows it.
    const prefix = auto && NOT_QUESTION_FORMATS.has(auto.format) ? `${labelShown(auto)} ` : auto && !stemItems.has(paragraph.index) ? `${auto.label} ` : '';
    if (open && target === 'stem' && auto && !open.options.length) open.listItems.push({ at: open.stem.length, paragraph, inlines, written: prefix.trim() });
    if (open && target === 'stem') open.tail = prefix ? undefined : trimInlines(inlines);
    append(prefix + inlinesHtml(trimInlines(inlines)), paragraph);
  };

  /** The last bank table's columns (bankTable.ts), while only tables follow it. */
  let bankAbove: { width: number; columns: BankColumns } | null = null;
  const readTable = (block: TableBlock) => {
    const rows = rowsOf(block);
    if (inKey) return readKeyTable(rows);
    const open = question as QuestionDraft | null;
    // "Question 3" … its text, then a box holding its answer (answerBoxes.ts).
    if (open && answerBoxes.has(block.table) && open.options.length === 0 && !open.answer) {
      const cell = rows[0][rows[0].length - 1].find((p) => !isBlankLine(p.inlines))!;
      open.answer = { text: lineOf(cell.inlines).trim(), paragraph: cell };
      target = 'afterAnswer';
      return;
    }
    // A box of the question's material whose lines start ② ③ (a statute's clauses), its options coming after it: no options.
    const material = block.paragraphs.some((p) => materialLines.has(p.index));
    const options = open && target === 'stem' && open.options.length === 0 && !material ? optionsTable(rows) : null;
    if (open && options) {
      // The row that heads the options' columns ("㉠ | ㉡") is read with the question's text.
      if (options.header?.length) open.stem.push(options.header.map((p) => inlinesHtml(trimInlines(p.inlines))).join(' '));
      for (const [index, o] of options.entries())
        addOption(open, index, o.marked, o.content, o.labelInlines, withoutTicks(o.label), o.paragraph, o.extra, o.marked && !o.label.includes('*'));
      target = 'option';
      return;
    }
    // A banner: a box of one short line ("단답형", "5지선다형", "PART B") with a question's number right after it heads a part,
    // even under a question still open (a short answer with no key).
    const banner = bannerText(rows);
    if (banner && numberPastBoxes(blockAt) !== null) {
      newSection(banner, block.paragraphs[0]);
      return;
    }
    // One table a question ("1." | text, "A." | option …, "Kunci Jawaban = A"): each row a line of the page.
    if (isQuestionGrid(rows)) {
      for (const cells of rows) {
        const first = cells.flat().find((p) => !isBlankLine(p.inlines));
        if (first) readParagraph({ ...first, cell: null, inlines: rowAsLine(cells) });
      }
      return;
    }
    // A table used for layout (a box around a question, a paper in two columns): its paragraphs are read as text, cell by cell.
    // Not a bank whose header names the right answer's column (bankTable.ts): its rows are its questions.
    // A bank's table cut by a page (or by a table nested in a cell) goes on in the next, as wide and without the header.
    const carried = bankAbove && rows.every((cells) => cells.length === bankAbove!.width) ? bankAbove.columns : null;
    const bank = bankColumns(rows) ?? carried;
    if (bank) bankAbove = { width: rows[0].length, columns: bank };
    if (!bank && isLayoutTable(rows, (p) => numbersQuestion(p, autoOf(p)))) {
      const first = rows[0]?.[0]?.[0];
      if (first && numbersQuestion(first, autoOf(first))) numberedCells.add(first.index);
      for (const p of rows.flat(2)) {
        const line = { ...p, cell: null };
        laidOut.set(line, p);
        readParagraph(line);
      }
      return;
    }
    if (!open || complete(open)) {
      if (isKeyTable(rows)) {
        closePassage();
        inKey = true;
        return readKeyTable(rows);
      }
      const before = section().items.at(-1);
      const drafts = questionTable(
        rows,
        (question as QuestionDraft | null) ?? (before && !isPassage(before) ? before : null),
        (p) => LETTER_FORMATS.has(autoOf(p)?.format ?? ''),
        carried,
      );
      if (drafts) {
        closeQuestion();
        for (const draft of drafts) {
          question = draft;
          closeQuestion();
        }
        return;
      }
    }
    append(
      tableHtml(rows, (p) => {
        const auto = autoOf(p);
        return auto ? labelShown(auto) : null;
      }),
      block.paragraphs[0],
    );
  };
  const roles = new Map<number, ParagraphRole>();
  /** What a block was read as, from what reading it changed: every paragraph is accounted for (issue 28). */
  const account = (block: Block, before: { key: number; problems: number; sections: number; question: QuestionDraft | null; target: Target }) => {
    const own = block.kind === 'paragraph' ? [block.paragraph] : block.paragraphs;
    const noted = problems.slice(before.problems).map((p) => p.code);
    const open = question as QuestionDraft | null;
    const role: ParagraphRole =
      key.length > before.key || (inKey && block.kind === 'table')
        ? 'key'
        : noted.includes('notAttached') || noted.includes('textBeforeFirstQuestion')
          ? 'notUnderstood'
          : noted.includes('instruction') || sections.length > before.sections
            ? 'heading'
            : open && open !== before.question && own.includes(open.paragraph)
              ? 'question'
              : target === 'answerNext' || (open?.answer && own.includes(open.answer.paragraph))
                ? 'answer'
                : ROLE_OF_TARGET[target];
    // Blank paragraphs get a role too; parseDocx counts only those with something in them.
    for (const p of own) roles.set(p.index, roles.get(p.index) ?? role);
  };
  const readBlock = (block: Block) => {
    const before = { key: key.length, problems: problems.length, sections: sections.length, question: question as QuestionDraft | null, target };
    if (block.kind === 'paragraph' && !isBlankLine(block.paragraph.inlines)) bankAbove = null;
    if (block.kind === 'paragraph') readParagraph(block.paragraph);
    else readTable(block);
    account(block, before);
    const open = question as QuestionDraft | null;
    if (open) open.last = Math.max(open.last, ...(block.kind === 'paragraph' ? [block.paragraph.index] : block.paragraphs.map((p) => p.index)));
  };
  for (blockAt = 0; blockAt < blocks.length; blockAt++) readBlock(blocks[blockAt]);
  closePassage();
  noteEmptyHeading();
  return { sections, key, roles };
}

/** What a paragraph is, by where its text went. */
const ROLE_OF_TARGET: Record<Target, ParagraphRole> = {
  none: 'notUnderstood',
  stem: 'question',
  option: 'option',
  solution: 'solution',
  afterAnswer: 'solution',
  answerNext: 'answer',
  passage: 'passage',
};

/** "[3점]", "(2 marks)", "[0,5 điểm]" at the end of a line of the question: its marks, not its text. */
const MARKS_AFTER = /\s*[[(]\s*(\d+(?:[.,]\d+)?)\s*(?:점|điểm|đ|marks?|points?|pts?)\s*[\])]\s*((?:<\/\w+>)*)\s*$/iu;
/**
 * A short line with no stop at its end ("Music Theory Quiz", "Pergunta nº 7", "과학 (계속)": a word in brackets after
 * it is no stop): a title over questions, not the start of one.
 */
const isTitle = (text: string) => {
  const words = text.trim().replace(/\s+[(（][^()（）]{1,12}[)）]$/u, '');
  return text.trim().length < 50 && !/[.,:;)?？؟]$/.test(words);
};

function scoreMarks(question: QuestionDraft) {
  question.stem = question.stem.map((html) => {
    const found = MARKS_AFTER.exec(html);
    if (!found) return html;
    question.marks ??= { text: found[1], paragraph: question.paragraph };
    return html.slice(0, found.index) + found[2];
  });
}

/** "The Sun is a star. ________": a line left for the pupil's answer after the question's last sentence is not its text (a blank inside the sentence is). */
function dropWritingLine(question: QuestionDraft) {
  const last = question.stem.length - 1;
  if (last < 0) return;
  question.stem[last] = question.stem[last]
    .replace(/([.?!:：)])\s*(?:[_…]{3,}|\.{4,})[\s_.…]*$/u, '$1')
    // "…（ ）": the brackets left for the pupil's letter, as Chinese and Japanese papers leave them.
    .replace(/\s*[（(][\s\u3000]*[）)]\s*((?:<\/\w+>)*)$/u, '$1');
}

/**
 * Options written as a Word list (bullets, a numbered sub-level) at the end of a question with no
 * lettered options: the list items are its options, when its answer names an option or it has none.
 */
function listOptions(question: QuestionDraft) {
  const items = question.listItems;
  if (question.options.length > 0 || items.length < 2 || items.at(-1)!.at !== question.stem.length - 1) return;
  const trailing = items.filter((item, i) => item.at === question.stem.length - items.length + i);
  if (trailing.length < 2 || (question.answer && choiceAnswer(question.answer.text) === null)) return;
  // "True or False?: … that" over bullets: the statement goes on in them; they are no options (unless they are "True" and "False").
  const truthItems = trailing.length === 2 && trailing.every((item) => trueFalseAnswer(lineOf(item.inlines)) !== null);
  if (TRUE_FALSE_LABEL.test(htmlText(question.stem[0] ?? '')) && !truthItems) return;
  question.stem.splice(trailing[0].at);
  trailing.forEach((item, index) => addOption(question, index, false, item.inlines, [], item.written, item.paragraph));
}

/**
 * Cross-check of an arrow line under a question ("→ Chương 5.1 …"): once the question has its
 * answer (a line, a marked option), or when the words name none of its options, it explains.
 */
function explainsAnswer(question: QuestionDraft, label: string, text: string): boolean {
  if (!/^(?:→|⇒|=>|->)$/.test(label)) return false;
  if (question.answer || question.options.some((o) => o.marked)) return true;
  return question.options.length > 0 && choiceAnswer(text) === null && !question.options.some((o) => htmlText(o.html.join(' ')).trim() === text.trim());
}

/** "Solution: B" (or "Solution: B. Because…") under a question with options and no answer yet: the letter that names the answer, and where the explanation starts. */
function solutionLetter(question: QuestionDraft, text: string): RegExpExecArray | null {
  if (question.answer || question.options.length < 2 || question.options.some((o) => o.marked)) return null;
  const letter = /^\s*\(?([A-Ha-h])\)?(?:[.):]\s*|\s*$)/.exec(text);
  return letter && letter[1].toLowerCase().charCodeAt(0) - 97 < question.options.length ? letter : null;
}

/** Options read in columns (a, c, e, then b, d) put back in their letters' order, when the letters are each there once. */
function orderOptions(question: QuestionDraft) {
  const indices = question.options.map((o) => o.index);
  const sorted = [...indices].sort((a, b) => a - b);
  if (sorted.every((v, i) => v === i) && indices.some((v, i) => v !== i)) question.options.sort((a, b) => a.index - b.index);
}

/** "…est correct? A": the answer's letter after the stem's question mark, naming one of its options (the letter is not shown). */
function trailingAnswer(question: QuestionDraft) {
  if (question.answer || question.options.length < 2 || question.options.some((o) => o.marked)) return;
  // The line that asks is the stem's last piece with words (a number alone may have left an empty one before it).
  const at = question.stem.findLastIndex((piece) => piece.trim() !== '');
  const last = question.stem[at] ?? '';
  // Only the end is looked at: a long stem full of colons costs nothing.
  const end = Math.max(0, last.length - 160);
  const found = /([?？؟:：])\s*((?:<[^>]+>)*)\s*([A-H])\s*((?:<\/[^>]+>)*)$/.exec(last.slice(end));
  if (!found || found[3].charCodeAt(0) - 65 >= question.options.length) return;
  question.stem[at] = last.slice(0, end + found.index) + found[1] + found[2] + found[4];
  question.answer = { text: found[3], paragraph: question.paragraph };
}

/** A key line's text, an equation that only shows a number ("$\\rm 24$") written as that number. */
function keyText(inlines: Inline[]): string {
  return inlines
    .map((inline) => {
      if (inline.kind === 'text') return inline.text;
      const shown = inline.kind === 'math' ? inline.latex.replace(/\\(?:rm|it|mathrm)\b|\\[,;! ]|[{}\s]/g, '') : '';
      return /^-?\d+(?:\.\d+)?$/.test(shown) ? shown : OBJECT;
    })
    .join('');
}

/** The words of the option at `index` when `text` repeats them (the option written again as its answer); null otherwise. */
function repeatedOption(question: QuestionDraft, text: string, index: number): string | null {
  const last = question.options.at(-1);
  const option = question.options.find((o) => o.index === index);
  if (!last || !option || index > last.index || question.options.length < 2) return null;
  const words = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
  const said = words(text);
  return said !== '' && said === words(htmlText(option.html.join(' '))) ? text.trim() : null;
}

/** "… estructura x": in a paper that marks answers by a mark after the words (inferTrailingMark), the mark marks the option, and is not shown. */
function markTrailingMarks(question: QuestionDraft, mark: string) {
  const escaped = escapeHtml(mark).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // After a space, or glued to the last letter ("Winchester+").
  markByEnd(question, new RegExp(`(?:\\s|(?<=[\\p{L}\\p{N}]))${escaped}((?:\\s|<\\/[^>]+>)*)$`, 'u'), 'sign');
}

/** "b. 12  B": in a paper that marks answers so (inferOwnLetterMarks), an option ending with its own letter is right; the letter is not shown. */
function markOwnLetters(question: QuestionDraft) {
  markByEnd(
    question,
    (option) => {
      const letter = String.fromCharCode(65 + option.index);
      return new RegExp(`\\s+[${letter}${letter.toLowerCase()}]((?:\\s|<\\/[^>]+>)*)$`);
    },
    'sign',
  );
}

/** "!evxa": in a paper that marks answers by a sign before the text (inferLeadingSign), the sign marks the option, and is not shown. */
function markLeadingSigns(question: QuestionDraft, sign: string) {
  for (const option of question.options) {
    const first = option.html[0] ?? '';
    const tags = /^(?:\s|<[^>]+>)*/.exec(first)![0];
    if (option.marked || !first.startsWith(sign, tags.length) || !/\S/.test(first.charAt(tags.length + sign.length))) continue;
    option.html[0] = tags + first.slice(tags.length + sign.length);
    option.marked = true;
    option.markedBy = sign === '*' ? 'asterisk' : 'sign';
  }
}

/** "+ Sóng", "- Róg": in a paper that leads every option with one of two signs (inferSignPair), the right sign marks it; neither is shown. */
function markSignPair(question: QuestionDraft, pair: SignPair) {
  for (const option of question.options) {
    const first = option.html[0] ?? '';
    const lead = /^(?:\s|&nbsp;|<[^>]+>)*/.exec(first)![0];
    const sign = [pair.right, pair.wrong].find((s) => first.startsWith(escapeHtml(s), lead.length));
    if (!sign) continue;
    option.html[0] = lead + first.slice(lead.length + escapeHtml(sign).length).replace(/^(?:\s|&nbsp;)+/, '');
    if (sign === pair.right && !option.marked) {
      option.marked = true;
      option.markedBy = 'sign';
    }
  }
}

/** "table*": in a paper that marks answers so (engines/conventions.ts), the * glued to an option's end marks it, and is not shown. */
function markGluedAsterisks(question: QuestionDraft) {
  markByEnd(question, /([^\s*>])\*((?:<\/\w+>)*)$/, 'asterisk');
}

/**
 * Marks each option whose last 80 characters of HTML end in `mark` (one for all options, or one an
 * option; the window keeps the match cheap on a long option): the match is replaced by its groups,
 * what `mark` keeps of it.
 */
function markByEnd(question: QuestionDraft, mark: RegExp | ((option: OptionDraft) => RegExp), markedBy: 'asterisk' | 'sign') {
  for (const option of question.options) {
    const last = option.html.length - 1;
    const end = Math.max(0, (option.html[last]?.length ?? 0) - 80);
    const found = last >= 0 && !option.marked ? (typeof mark === 'function' ? mark(option) : mark).exec(option.html[last].slice(end)) : null;
    if (!found) continue;
    option.html[last] = option.html[last].slice(0, end + found.index) + found.slice(1).join('');
    option.marked = true;
    option.markedBy = markedBy;
  }
}

/**
 * A PDF turned into Word leaves option A at the end of the stem ("…the Sun? A. Mercury") with B–D
 * after it: when the first option read is B (or C), the labels before it are looked for at the end
 * of the question's last line, and taken out of its text as options.
 */
function recoverLeadingOptions(question: QuestionDraft, index: number, paragraph: Paragraph) {
  const tail = question.tail!;
  const line = lineOf(tail);
  for (const m of line.matchAll(/(?<=^|\s)(?:\(?[aA]\)|[aA][.)])/g)) {
    const labels = optionLabelsOf(line.slice(m.index!), 0);
    if (labels.length !== index || !labels.every((l, i) => l.index === i)) continue;
    const shifted = labels.map((l) => ({ ...l, start: l.start + m.index!, end: l.end + m.index! }));
    question.stem[question.stem.length - 1] = inlinesHtml(trimInlines(sliceInlines(tail, 0, m.index!)));
    question.tail = undefined;
    addLabelledOptions(question, shifted, tail, paragraph, withoutTicks);
    return;
  }
}

/**
 * Numbered choices that combine the lettered options ("4) а, в"): the lettered lines were
 * statements, the question's text, and the choices are its options (the first choice, an option
 * numbered 0 after others, puts them back into the text: addOption).
 */
function optionsNamingStatements(question: QuestionDraft, choices: NamedChoice[], inlines: Inline[], paragraph: Paragraph) {
  const line = lineOf(inlines);
  choices.forEach((choice, index) => {
    const label = line.slice(line.lastIndexOf(String(index + 1), choice.start), choice.start).trim();
    addOption(question, index, false, sliceInlines(inlines, choice.start, choice.end), [], label, paragraph);
  });
}

const COUNT_WORDS: Record<string, number> = {
  hai: 2,
  ba: 3,
  bốn: 4,
  năm: 5,
  sáu: 6,
  bảy: 7,
  tám: 8,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
};
const COUNT = String.raw`(hai|ba|bốn|năm|sáu|bảy|tám|two|three|four|five|six|seven|eight)?\s*\(?\s*(\d{1,2})?\s*\)?`;
/** "Ba (03) câu … dưới đây", "the 3 questions below", "the next three questions", "answer 2 questions": how many questions a line names. */
const COUNTED = [
  new RegExp(String.raw`(?:^|\s)${COUNT}\s*(?:câu(?:\s*hỏi)?|questions?)\b.{0,60}?(?:dưới\s*đây|sau\s*đây|tiếp\s*theo|below|that\s+follow)`, 'iu'),
  new RegExp(String.raw`\b(?:next|following)\s+${COUNT}\s*questions?\b`, 'iu'),
  // "… và trả lời 2 câu hỏi", "… and answer the 3 questions": the questions it asks to answer are the next ones.
  new RegExp(String.raw`(?:trả\s*lời|answer)\s+(?:the\s+)?${COUNT}\s*(?:câu(?:\s*hỏi)?|questions?)\b`, 'iu'),
];
/**
 * A line that names how many questions come next ("Ba (03) câu mố muốg … dưới đây" — "the three
 * questions below refer to…"): a passage for that many questions, two to nine, the number as digits
 * or a word of the paper's language (digits win when both are written).
 */
function questionsCounted(line: string): number | null {
  for (const pattern of COUNTED) {
    const found = pattern.exec(line.slice(0, 200));
    if (!found || (!found[1] && !found[2])) continue;
    const count = found[2] ? Number(found[2]) : COUNT_WORDS[found[1].toLowerCase()];
    if (count >= 2 && count <= 9) return count;
  }
  return null;
}

/** A one-cell table holding one short line of words, no equation or picture ("단답형", "5지선다형"): its text; null otherwise. */
function bannerText(rows: Paragraph[][][]): string | null {
  if (rows.length !== 1 || rows[0].length !== 1) return null;
  const filled = rows[0][0].filter((p) => !isBlankLine(p.inlines));
  if (filled.length !== 1 || filled[0].inlines.some((i) => i.kind !== 'text')) return null;
  const text = lineOf(filled[0].inlines).trim();
  return text.length <= 20 && (text.match(/\p{L}/gu)?.length ?? 0) >= 2 && !/[?？؟:：]/.test(text) && optionLabelsOf(text, null).length === 0 ? text : null;
}

/** Two numbers joined as a range or a pair, anywhere in a line: "23 to 26", "27 and 28". */
const RANGES = /(\d{1,4})\s*(?:-|–|—|to|~|～|đến|through|and|&|và)\s*(\d{1,4})/giu;
/**
 * Directions that name their questions in pieces ("… statements from 23 to 26 are True or False
 * and choose … in the questions 27 and 28"): the range runs on while each piece starts where the
 * one before ended.
 */
function widened(line: string, range: [number, number]): [number, number] {
  let to = range[1];
  for (const m of asciiDigits(line).matchAll(RANGES)) if (Number(m[1]) === to + 1 && Number(m[2]) > to && Number(m[2]) - range[0] < 50) to = Number(m[2]);
  return [range[0], to];
}

/** A label as the option's written label: without the tick or * that marked it. */
const withoutTicks = (label: string) => label.replace(/[*✓✔✅☑★]/gu, '').trim();

/** Options found by their labels in one paragraph's inlines: each runs from its label to the next label. */
function addLabelledOptions(question: QuestionDraft, labels: OptionLabel[], inlines: Inline[], paragraph: Paragraph, written: (label: string) => string) {
  const line = lineOf(inlines);
  labels.forEach((label, i) =>
    addOption(
      question,
      label.index,
      label.marked,
      sliceInlines(inlines, label.end, labels[i + 1]?.start ?? line.length),
      sliceInlines(inlines, label.start, label.end),
      written(line.slice(label.start, label.end)),
      paragraph,
      [],
      label.tick,
    ),
  );
}

/**
 * An option of the open question. A new "(a)" after options means the earlier ones were a list
 * in the question's text ("Column I: (a)... (b)..."), so they go back into it. A tick beside it
 * (✓, ★, a * after it) marks it correct; how it looks is kept for the questions marked by bold or colour.
 */
function addOption(
  question: QuestionDraft,
  index: number,
  marked: boolean,
  content: Inline[],
  label: Inline[],
  written: string,
  paragraph: Paragraph,
  extra: string[] = [],
  ticked = false,
) {
  if (index > 0 && question.options.length === 0 && question.tail) recoverLeadingOptions(question, index, paragraph);
  if (index === 0 && question.options.length > 0) {
    for (const option of question.options) question.stem.push(`${escapeHtml(option.written)} ${option.html[0] ?? ''}`, ...option.html.slice(1));
    question.options = [];
  }
  // "b.(   ) texto": an empty box after the label, left for the pupil's mark, is not the option's words.
  const box = EMPTY_BOX.exec(lineOf(content));
  if (box) content = sliceInlines(content, box[0].length);
  const tick = marked ? null : tickOf(lineOf(content));
  const kept = tick ? [...sliceInlines(content, 0, tick.start), ...sliceInlines(content, tick.end)] : content;
  // A circle drawn round the option's line (docx/circles.ts); choiceQuestion drops it when the line holds other options too.
  const circled = !marked && !tick && paragraph.circled === true;
  question.options.push({
    index,
    html: [inlinesHtml(trimInlines(kept)), ...extra].filter(Boolean),
    marked: marked || tick !== null || circled,
    markedBy: marked ? (ticked ? 'tick' : 'asterisk') : tick ? 'tick' : circled ? 'circle' : undefined,
    look: lookOf(label, kept),
    paragraph,
    written,
  });
}
