import { lineOf, isBlankLine } from '../content/inlines';
import { materialLabels } from './materialLabels';
import type { Inline, Paragraph } from '../docx/document';
import type { ListLabel } from '../docx/numbering';
import {
  TICK_BOX,
  answerKeyStart,
  fieldOf,
  LETTER_FORMATS,
  optionLabelsOf,
  spreadNumbersOf,
  questionNumberOf,
  questionWordOf,
  TRUE_FALSE_LABEL,
  type OptionLabel,
  endsAsking,
  asksBeforeBrackets,
  asksOverInlineOptions,
} from './patterns';
import { lookOf } from './formatMarks';
import { inferTruthEnds, type TruthEnds } from './truthEnds';
import { inferSigilLines, type SigilLines } from './sigilLines';
import { hardlyOptions, inferAnswersUnder } from './answersUnder';
import { inferCommaOptions, type CommaQuestions } from './commaOptions';
import { inferPartTitles } from './partTitles';
import { inferAnswersAbove, type AnswerAbove } from './answersBefore';
import { trueFalseAnswer } from './answers';

/**
 * The second stage of reading a paper (docs/architecture.md, "The Word engine's stages"): before
 * any question is read, vote across the whole document for how it numbers questions, lays out
 * options and marks answers. Each convention is accepted only when the document itself shows it
 * (numbers that rise, lists that restart under every question, marks on a minority of options),
 * so a rule never fires on one line that merely looks like it.
 */

export interface QuestionStart {
  number: number;
  /** Where the question's own text begins in the line. */
  end: number;
}

export interface Conventions {
  /**
   * Lines that start a question by a numbering the common patterns do not know, accepted because
   * the numbers rise: "1    What is…" (no punctuation), "12Which" (tight), "//QZ1.11)" (a prefix
   * every question shares).
   */
  starts: Map<Paragraph, QuestionStart>;
  /** Items of Word's decimal lists that are options: they restart at 1 under every typed question. */
  optionItems: Set<Paragraph>;
  /** Lines without a label that are options: under a bold stem, in a paper that writes every question so. */
  unlabelledOptions: Set<Paragraph>;
  /** Lines led by ② ③ … in a question's material, its own options coming after them from ① (materialLabels.ts). */
  materialLabels: Set<Paragraph>;
  /** Lines that go on with the unlabelled option above them (wrapped by a PDF's layout). */
  wrappedOptions: Set<Paragraph>;
  /** In a paper that numbers no questions: the lines that ask ("…?") over options without labels start questions. */
  asking: Set<Paragraph>;
  /** Lines that are a question and its answer after a dash ("Glucose is a sugar - True"): three or more in a row written so. */
  dashAnswers: Set<Paragraph>;
  /** The answer written as the one line set apart under a question with no options (indented, or bold or coloured under a plain stem). */
  answerLines: Set<Paragraph>;
  /** A quiz whose options stand on one line split by commas over an answer line (commaOptions.ts). */
  commaQuestions: CommaQuestions;
  /** Where an answer line's answer starts ("A: 42" under "Q: …", answersUnder.ts). */
  answerStarts: ReadonlyMap<Paragraph, number>;
  /** A paper of questions with their answers under them and no options (answersUnder.ts): the asking lines no number starts. */
  askedQuestions: Map<Paragraph, number | null>;
  /** …and the numbers typed alone above them ("2"), which number them. */
  askedNumbers: Set<Paragraph>;
  /** A digit alone right under a question's last option, the right option's place (inferDigitAnswers). */
  digitAnswers: Set<Paragraph>;
  /** Words in the colour that marks right options, in a question with no options: its answer, and a blank (inferColouredAnswers). */
  colouredAnswers: Map<Paragraph, ColouredAnswer>;
  /** In a paper that answers after colons, the answer on the one line under a question that ends at its colon. */
  answersBelowColons: Set<Paragraph>;
  /** A * glued to the end of an option ("table*") marks it correct: a minority of the options end so. */
  gluedAsterisk: boolean;
  /** The sign glued before the right option's text ("a. !evxa"), one option a question: null when the paper has none. */
  leadingSign: string | null;
  /** Two signs before every option, one for the right ones ("+ Sóng và rậm", "- Róg hịj"). */
  signPair: SignPair | null;
  /** A short mark after the right options' words in a colour of its own ("… estructura x" in green): null when the paper has none. */
  trailingMark: string | null;
  /** Options labelled by a letter with no stop ("A jQuery est…"): lines whose first letters run A, B, C… */
  bareLabels: Map<Paragraph, OptionLabel>;
  /** Options typed as numbers under questions numbered in words ("Q1. …" then "1. …" "2. …"): the count starts at 1 under each. */
  numberedOptions: Map<Paragraph, { index: number; end: number }>;
  /** A list item that is a question's text, not a question ("QUESTION 1", then a list item "1." each time). */
  stemItems: Set<Paragraph>;
  /** List items that are a text's own points, numbered as Word shows them (a reading text's steps in a box). */
  textItems: Set<Paragraph>;
  /** The answer written at the end of a question's line in a colour of its own ("…ml ? C" in green): where it starts, and its text. */
  trailingKeys: Map<Paragraph, TrailingKey>;
  /** Each question's answer written above it ("+ans" "2" over "1. …"), by the question line (answersBefore.ts). */
  answersAbove: Map<Paragraph, AnswerAbove>;
  /** "b. 12  B": the right option's own letter typed again after its words, in most questions (inferOwnLetterMarks). */
  ownLetterMarks: boolean;
  /** A bank led by signs: "?" questions, "+" right and "=" other options (sigilLines.ts). */
  sigils: SigilLines;
  /** Lines that number parts of the paper, not questions: "Nivel 2 : Deporte" over questions of its own that ask; titles in a look of their own over a question's number (partTitles.ts). */
  parts: Set<Paragraph>;
  /** Statements ending with their answer, "… mista. F" (truthEnds.ts). */
  truthEnds: TruthEnds;
}

export interface TrailingKey {
  /** Where the key starts in the line. */
  at: number;
  text: string;
}

/** A number a line starts with, written in a way of its own: `family` groups the lines that share the way. */
interface Candidate {
  line: Paragraph;
  family: string;
  number: number;
  end: number;
}

/**
 * "1    What", "2\tWhat": a number then a wide gap; "12Which", "14 Which": a number then a capital; "12; Which";
 * "1 다음 글에", "3 ┃보기┃를": a number, one space, then a letter of a script without capitals or a symbol;
 * "1 (가)∼(다)에서", "5 |보기|를": one space, then a bracket opening on a letter.
 */
const BARE = /^\s*(\d{1,3})(?:[ \t\u00a0]{2,}|\t|;\s*|[ \u00a0]?(?=\p{Lu})|[ \u00a0](?=[\p{Lo}\p{So}]|[([（【〈《<|「『]\p{L}))\s*/u;
/** "//QZ1.11)", "Q1.5)", "#3." : a prefix of its own before the number, the same on every question. */
const PREFIXED = /^\s*((?=\S*[^\d\s])\S{1,12}[./\-_:#])(\d{1,4})\s*[.):](?=\s|$)\s*/u;

/**
 * A capitalised word, its number, maybe a stop, then the text. A number glued to the word needs a
 * stop after it ("Frage1:"): "Afx1 jev…" names a thing, it numbers nothing.
 */
const WORDED = /^\s*(\p{Lu}\p{Ll}{1,11}|\p{Lu}{2,12})(?:(?:\.?\s+|\.)(\d{1,4})\s*[.):：\-–]?|(\d{1,4})\s*[.):：\-–])\s+(?=\S)/u;
/** "Aufgabe 6", "Frage 7:" alone on its line. */
const WORDED_ALONE = /^\s*(\p{Lu}\p{Ll}{1,11}|\p{Lu}{2,12})\.?\s+(\d{1,4})\s*[.):：]?\s*$/u;
/** "2- Azure free account…", "12- . Which", "19-Which", "20 –Which": a number, a dash (maybe a stray stop), the text. */
const DASHED = /^\s*(\d{1,3})\s*[-–]\s*(?:[.:]\s*)?(?=\p{L})/u;
/** "5" alone on its line, the question's text on the next (a PDF's layout). */
const ALONE = /^\s*(\d{1,3})\s*$/;
/** "1,Mennyi", "18, Ki", "10,1823-ban": a number and a comma (counted only when the numbers rise through the paper). */
const COMMA = /^\s*(\d{1,3}),\s*(?=\S)/u;

function candidateOf(line: Paragraph, text: string): Candidate | null {
  if (questionNumberOf(text)) return null;
  for (const [family, pattern] of [
    ['dash', DASHED],
    ['alone', ALONE],
    ['comma', COMMA],
  ] as const) {
    const found = pattern.exec(text);
    if (found) return { line, family, number: Number(found[1]), end: found[0].length };
  }
  // "Frage 1:", "Pregunta 3.", "Вопрос 2", "Soal 4": a word of the paper's own language before the number (one family per word);
  // alone on its line ("Aufgabe 6"), the question's text on the next.
  const worded = WORDED.exec(text) ?? WORDED_ALONE.exec(text);
  if (worded) return { line, family: `word:${worded[1].toLowerCase()}`, number: Number(worded[2] ?? worded[3]), end: worded[0].length };
  const bare = BARE.exec(text);
  if (bare) return { line, family: 'bare', number: Number(bare[1]), end: bare[0].length };
  const prefixed = PREFIXED.exec(text);
  if (prefixed && (/\p{L}/u.test(text.slice(prefixed[0].length)) || !text.slice(prefixed[0].length).trim()))
    return { line, family: `prefix:${prefixed[1]}`, number: Number(prefixed[2]), end: prefixed[0].length };
  return null;
}

/**
 * Question starts the common patterns miss. A family of candidates counts when most of its numbers
 * rise one by one; a lone candidate counts when it sits between the numbers before and after it
 * ("11." "12Which" "13.").
 */
export function inferStarts(lines: Paragraph[], auto: (line: Paragraph) => ListLabel | undefined): Map<Paragraph, QuestionStart> {
  return numberedLines(lines, auto).starts;
}

/** The question starts inferStarts gives, and the lines that number parts of the paper ("Nivel 2 : Deporte" over its questions). */
export function numberedLines(
  lines: Paragraph[],
  auto: (line: Paragraph) => ListLabel | undefined,
): { starts: Map<Paragraph, QuestionStart>; parts: Set<Paragraph> } {
  const points: NumberedPoint[] = [];
  lines.forEach((line, at) => {
    // (Numbers in tables are data, except a number opening a table's first cell: a paper of one table a question.)
    const heads = line.cell && line.cell.row === 0 && line.cell.column === 0 && lines[at - 1]?.cell?.table !== line.cell.table;
    if ((line.cell && !heads) || auto(line)) return;
    const text = lineOf(line.inlines);
    const common = questionNumberOf(text);
    if (common && answerKeyStart(text) === null) points.push({ number: common.number, candidate: null, at, word: questionWordOf(text), end: common.end });
    else {
      const candidate = candidateOf(line, text);
      if (candidate) points.push({ number: candidate.number, candidate, at, word: null, end: candidate.end });
    }
  });
  /** Whether option A (or a) is the next line with text after line `at`. */
  const optionsUnder = (at: number) => {
    const next = lines.slice(at + 1).find((l) => !isBlankLine(l.inlines));
    return !!next && (optionLabelsOf(lineOf(next.inlines), 0)[0]?.index === 0 || auto(next)?.format === 'bullet');
  };
  /** Lines that ask ("…?"), or have option A right under them ("AE lebih baik karena …"), strictly between two lines, numbered by none of the numbers read above. */
  const numberedAt = new Set(points.map((point) => point.at));
  const asksBetween = (from: number, to: number) =>
    lines.slice(from + 1, to).filter((line, i) => !numberedAt.has(from + 1 + i) && (endsAsking(lineOf(line.inlines)) || optionsUnder(from + 1 + i))).length;
  /** The numbers Word shows on its decimal list's first level strictly between two lines. */
  const listedBetween = (from: number, to: number) =>
    lines.slice(from + 1, to).flatMap((line) => {
      const label = auto(line);
      return label?.format === 'decimal' && label.level === 0 ? [label.value] : [];
    });
  const families = new Map<string, number[]>();
  points.forEach((point, at) => point.candidate && families.set(point.candidate.family, [...(families.get(point.candidate.family) ?? []), at]));
  const rising = new Set<string>();
  const parts = new Set<string>();
  for (const [family, members] of families) {
    const number = (at: number) => points[at].number;
    const steps = members.slice(1).filter((at, i) => number(at) === number(members[i]) + 1 || number(at) === 1).length;
    // Numbers with other questions between them ("Part 1" … "1." "2." … "Part 2") number parts, not questions;
    // so do numbers with lines that ask between them ("Nivel 1 : Cine" over "¿Quién…?" "¿Dónde…?").
    // Questions numbered by Word's list count as other questions too ("Level 1: Easy" … Word's 1. 2. … "Level 2: …" 11. 12. …):
    // its count goes on from one gap to the next (a list starting at 1 again under each is options).
    const gaps = members.slice(1).map((at, i) => listedBetween(points[members[i]].at, points[at].at));
    const counting = gaps.every((gap, i) => gap.length === 0 || i === 0 || gaps[i - 1].length === 0 || gap[0] === gaps[i - 1].at(-1)! + 1);
    // A list of sentences starting right under the line (no words of a question's own between) lists that part's
    // questions, restarting or not ("Pertemuan 1" over 1. 2., "Pertemuan 2" over 1. 2.); short items are options.
    const listedRightUnder = (member: number, next: number) => {
      const between = lines.slice(points[member].at + 1, points[next].at).filter((line) => !isBlankLine(line.inlines));
      const listed = between.filter((line) => auto(line)?.format === 'decimal' && auto(line)?.level === 0);
      const long = listed.reduce((n, line) => n + lineOf(line.inlines).trim().length, 0) >= 40 * listed.length;
      return between.length > 0 && listed.includes(between[0]) && long;
    };
    const listedApart = gaps.filter((gap, i) => gap.length >= 2 && (counting || listedRightUnder(members[i], members[i + 1]))).length;
    const apart = members.slice(1).filter((at, i) => at > members[i] + 1).length + listedApart;
    const asking = members.slice(1).filter((at, i) => asksBetween(points[members[i]].at, points[at].at) >= 2).length;
    // (A part's number never starts a question, not even one between its neighbours.) Its line names the part: a short
    // title that never asks nor names other numbers ("Questions 1 to 4 refer to…" directs a passage).
    const titles = members.every((at) => {
      const { candidate } = points[at];
      const rest = candidate ? lineOf(candidate.line.inlines).slice(candidate.end) : '?';
      // (A number with no word, "9;" ending a line of code, names nothing: a word before it or after it does.)
      return shortTitle(rest) && (family.startsWith('word:') || /\p{L}/u.test(rest));
    });
    if (members.length >= 2 && titles && (asking * 2 > members.length - 1 || listedApart * 2 > members.length - 1)) parts.add(family);
    else if (members.length >= 2 && steps >= 0.6 * (members.length - 1) && apart * 4 <= members.length - 1) rising.add(family);
  }
  const starts = new Map<Paragraph, QuestionStart>();
  points.forEach((point, i) => {
    const candidate = point.candidate;
    if (!candidate) return;
    // The next question's number may be missing or odd too: after a question numbered the common way, options right under it say it asks as well.
    const after = points[i - 1]?.number === candidate.number - 1;
    const between = after && (points[i + 1]?.number === candidate.number + 1 || (points[i - 1].candidate === null && optionsUnder(point.at)));
    if (rising.has(candidate.family) || (between && !parts.has(candidate.family))) starts.set(candidate.line, { number: candidate.number, end: candidate.end });
  });
  const partLines = points.flatMap((point) => (point.candidate && parts.has(point.candidate.family) ? [point.candidate.line] : []));
  return { starts, parts: new Set([...partLines, ...partsOverRestarts(lines, points, optionsUnder)]) };
}

/** What follows a part's number: a short title that never asks nor names other numbers ("Questions 1 to 4 refer to…" directs a passage). */
const shortTitle = (rest: string) => !/[?？؟\d]/.test(rest) && rest.trim().length <= 60;

type NumberedPoint = { number: number; candidate: Candidate | null; at: number; word: string | null; end: number };

/**
 * A question's word whose numbers each head questions numbered from 1 again ("Bài 2: Web là gì"
 * over "Câu 1." "Câu 2." …, "Bài 3: …" over "Câu hỏi 1." …) numbers parts of the paper, not
 * questions: in most gaps between its lines, two or more numbers of another kind count from 1 and
 * ask or have options under them (numbers counting from 1 under a question that only name its
 * options, "1)" "2)", have neither). Its lines are short titles that do not ask.
 */
function partsOverRestarts(lines: Paragraph[], points: NumberedPoint[], optionsUnder: (at: number) => boolean): Paragraph[] {
  const words = new Map<string, number[]>();
  points.forEach((point, i) => point.word && words.set(point.word, [...(words.get(point.word) ?? []), i]));
  const found: Paragraph[] = [];
  for (const [word, members] of words) {
    if (members.length < 2) continue;
    const title = (i: number) => {
      const rest = lineOf(lines[points[i].at].inlines).slice(points[i].end);
      return shortTitle(rest);
    };
    const heads = (from: number, to: number) => {
      const under = points.slice(from + 1, to);
      const asking = under.filter((p) => optionsUnder(p.at) || endsAsking(lineOf(lines[p.at].inlines))).length;
      return under.length >= 2 && under[0].number === 1 && under.every((p) => p.word !== word) && asking >= 2;
    };
    const gaps = members.map((i, k) => [i, members[k + 1] ?? points.length] as const);
    if (members.every(title) && gaps.filter(([from, to]) => heads(from, to)).length * 2 > gaps.length) found.push(...members.map((i) => lines[points[i].at]));
  }
  return found;
}

/**
 * Word decimal lists under typed question numbers ("Question 1." then a list 1) 2) 3)): when the
 * list's count starts at 1 again under each question, its items are options, not questions.
 */
export function inferOptionItems(lines: Paragraph[], auto: (line: Paragraph) => ListLabel | undefined): Set<Paragraph> {
  return listsUnderQuestions(lines, auto).options;
}

/**
 * Word's decimal list items that stand under typed question numbers, grouped by question: when the
 * count starts at 1 again under each one, a group of two to eight is the question's options, and a
 * lone "1." under a question's number alone ("QUESTION 1") is its text (two such questions or more).
 */
function listsUnderQuestions(
  lines: Paragraph[],
  auto: (line: Paragraph) => ListLabel | undefined,
  starts: ReadonlyMap<Paragraph, QuestionStart> = new Map(),
): { options: Set<Paragraph>; stems: Set<Paragraph>; statements: Set<Paragraph> } {
  const items = new Set<Paragraph>();
  const statements = new Set<Paragraph>();
  const singles: Paragraph[] = [];
  let group: Paragraph[] | null = null;
  // A counting group waits for the question's end: statements the question numbers for its options to name ("1. … 2. …",
  // maybe "Which are true?", then "A. 1 and 2") have lettered options after them, and are its text.
  let counted: Paragraph[] = [];
  const settle = (named: boolean) => {
    for (const p of counted) (named ? statements : items).add(p);
    counted = [];
  };
  const close = () => {
    const values = (group ?? []).map((p) => auto(p)!.value);
    if (values.length >= 2 && values.length <= 8 && values.every((v, i) => v === i + 1)) counted = group!;
    if (values.length === 1 && values[0] === 1) singles.push(group![0]);
    group = null;
  };
  for (const line of lines) {
    const label = auto(line);
    if (!label) {
      if (line.cell || isBlankLine(line.inlines)) continue;
      const text = lineOf(line.inlines);
      if ((questionNumberOf(text) || starts.has(line)) && answerKeyStart(text) === null) {
        close();
        settle(false);
        group = [];
      } else {
        if (group && group.length > 0) close();
        if (counted.length && optionLabelsOf(text, 0)[0]?.index === 0) settle(true);
      }
      continue;
    }
    if (label.format === 'decimal' && label.level === 0 && group) group.push(line);
    else close();
  }
  close();
  settle(false);
  return { options: items, stems: new Set(singles.length >= 2 ? singles : []), statements };
}

/**
 * Questions numbered by one Word list ("1-", "2-", "3-") and a question's options by another
 * decimal list at the same level ("1)", "2)", "3)"): the list that counts on through the paper
 * numbers the questions (the longest, when several do); another whose every run starts at 1 under
 * a question, two to eight items long, is options.
 */
export function listedOptions(lines: Paragraph[], auto: (line: Paragraph) => ListLabel | undefined): Paragraph[] {
  const items = lines.filter((line) => !line.cell && auto(line)?.format === 'decimal' && auto(line)?.level === 0);
  const styleOf = (line: Paragraph) => auto(line)!.label.replace(/\d+/g, '#');
  const counts = new Map<string, number>();
  for (const line of items) counts.set(styleOf(line), (counts.get(styleOf(line)) ?? 0) + 1);
  // The questions' list counts on through the paper; among such lists, the one with most items.
  const rising = (style: string) =>
    items.filter((line) => styleOf(line) === style).every((line, i, all) => i === 0 || auto(line)!.value === auto(all[i - 1])!.value + 1);
  const [questions] = [...counts].filter(([style]) => rising(style)).sort((a, b) => b[1] - a[1])[0] ?? [];
  if (questions === undefined) return [];
  return [...counts.keys()]
    .filter((style) => style !== questions)
    .flatMap((style) => {
      const runs: Paragraph[][] = [];
      let asked = false;
      for (const line of items) {
        if (styleOf(line) === questions) asked = true;
        else if (styleOf(line) === style) {
          if (asked) runs.push([]);
          asked = false;
          (runs.at(-1) ?? runs[runs.push([]) - 1]).push(line);
        }
      }
      // (A run of one item may hold the question's other options, typed after it on its line: "1) yes  2) no".)
      const counting = (run: Paragraph[]) => run.length <= 8 && run.every((line, i) => auto(line)!.value === i + 1);
      // A run before any question stands under none.
      const under = items.findIndex((line) => styleOf(line) === questions) < items.findIndex((line) => styleOf(line) === style);
      const long = runs.filter((run) => run.length >= 2).length;
      return runs.length > 0 && under && runs.every(counting) && (long === runs.length || long >= 2) ? runs.flat() : [];
    });
}

/** The tables of one cell (boxes round a text, a program, a passage) by table, with their lines. */
function boxesOf(lines: Paragraph[]): Map<number, Paragraph[]> {
  const tables = new Map<number, Paragraph[]>();
  for (const line of lines) if (line.cell) tables.set(line.cell.table, [...(tables.get(line.cell.table) ?? []), line]);
  for (const [table, cells] of tables) if (cells.some((line) => line.cell!.row > 0 || line.cell!.column > 0)) tables.delete(table);
  return tables;
}

/**
 * A numbered list inside a box (a table of one cell) with no options anywhere in the box: steps or
 * points of a reading text ("1. Open the app… 2. Choose…"), which the questions after the box ask
 * about. They are the box's text, not questions; a box that holds options holds questions.
 */
function listsInBoxes(lines: Paragraph[], auto: (line: Paragraph) => ListLabel | undefined): Paragraph[] {
  return [...boxesOf(lines).values()].flatMap((box) => {
    const items = box.filter((line) => auto(line)?.format === 'decimal' && auto(line)?.level === 0);
    const optionsInside = box.some((line) => (auto(line) && auto(line)!.format !== 'decimal') || optionLabelsOf(lineOf(line.inlines), 0)[0]?.index === 0);
    return items.length >= 2 && !optionsInside ? items : [];
  });
}

/** "A jQuery est…", "B Miniature": a capital and a space, on lines whose letters run A, B, C… (two or more). */
const BARE_LABEL = /^\s*([A-H])[ \t\u00a0]+(?=\S)/;
export function inferBareLabels(lines: Paragraph[]): Map<Paragraph, OptionLabel> {
  const found = new Map<Paragraph, OptionLabel>();
  let run: { line: Paragraph; end: number }[] = [];
  const close = () => {
    if (run.length >= 2) run.forEach(({ line, end }, index) => found.set(line, { index, style: 'dot', alphabet: 1, marked: false, start: 0, end }));
    run = [];
  };
  for (const line of lines) {
    if (isBlankLine(line.inlines)) continue;
    const text = lineOf(line.inlines);
    const bare = optionLabelsOf(text, null).length === 0 ? BARE_LABEL.exec(text) : null;
    if (bare && bare[1].charCodeAt(0) - 65 === run.length) run.push({ line, end: bare[0].length });
    else {
      close();
      if (bare?.[1] === 'A') run.push({ line, end: bare[0].length });
    }
  }
  close();
  return found;
}

/** Four fifths of the line's letters or more in bold (counted, not collected: every line of the paper is asked). */
export const mostlyBold = (inlines: Inline[]) => {
  let letters = 0;
  let bold = 0;
  for (const inline of inlines) {
    if (inline.kind !== 'text') continue;
    const count = inline.text.match(/\p{L}/gu)?.length ?? 0;
    letters += count;
    if (inline.bold) bold += count;
  }
  return letters > 0 && bold >= 0.8 * letters;
};

/** Where a question's text ends among the lines under its first: its last line that asks ("…?", "…:"), -1 when none does. */
const lastAsking = (lines: Paragraph[]) => lines.map((l) => /[?？؟:：]\s*$/.test(lineOf(l.inlines))).lastIndexOf(true);
const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Options written without labels: the short lines after a question's first line, up to its
 * answer. Accepted when an answer line under them names one of them ("Ans- Bandwidth"), or when
 * two questions or more of the paper write a bold stem over such lines.
 */
export function inferUnlabelledOptions(
  lines: Paragraph[],
  isStart: (line: Paragraph) => boolean,
  asking: ReadonlySet<Paragraph> = new Set(),
  labelled: ReadonlyMap<Paragraph, unknown> = new Map(),
  trailingKeys: ReadonlyMap<Paragraph, TrailingKey> = new Map(),
  stemItems: ReadonlySet<Paragraph> = new Set(),
): Set<Paragraph> {
  const numbered = lines.filter((line) => !line.cell && isStart(line)).length >= 2;
  type Group = {
    stem: Paragraph;
    lines: Paragraph[];
    bold: boolean;
    asking: boolean;
    numberedAsk: boolean;
    answered: boolean;
    open: boolean;
    labelledAfter?: boolean;
    beforeTable?: boolean;
    letter?: number;
    key?: string;
  };
  /** A line of a program ("{", "int a = 1;"): under a numbered question it is the question's text, no option. */
  const code = (l: Paragraph) => /[{};]\s*$|^\s*[{}]/.test(lineOf(l.inlines));
  /** The option a key at the end of the question's line names by its letter ("…? C"). */
  const letterOf = (line: Paragraph) => {
    const key = trailingKeys.get(line)?.text;
    return key && /^[A-H]$/.test(key) ? key.charCodeAt(0) - 65 : undefined;
  };
  /** Whether a key at the end of the question's line names one of the lines under it: by its letter ("…? C") or its words ("…? FAUX"). */
  const namesLine = (g: Group, options: Paragraph[]) =>
    (g.letter !== undefined && g.letter < options.length) || (!!g.key && options.some((l) => sameText(lineOf(l.inlines), g.key!)));
  const groups: Group[] = [];
  let group: Group | null = null;
  // A statement (a sentence of three words or more, no item of a list) right over "Vrai" and "Faux" (any language's pair)
  // is a question of its own, even among another's lines; the last options of a list ("20", "True", "False") are not.
  const filled = lines.filter((line) => !line.cell && !isBlankLine(line.inlines));
  const statement = (line: Paragraph) => !line.numbering && (lineOf(line.inlines).match(/[\p{L}\p{N}]+/gu)?.length ?? 0) >= 3;
  const overTruth = new Set(filled.filter((line, i) => statement(line) && truthPair(filled.slice(i + 1, i + 3))));
  for (const line of lines) {
    if (line.cell) {
      if (group?.open) group.beforeTable = true;
      group = null;
      continue;
    }
    if (isBlankLine(line.inlines)) {
      // A blank line after the options ends them (a wrapped option never has one inside it).
      // In a paper that numbers no questions, a blank line after the options ends them (the next line may ask the next question).
      if (group?.asking && group.lines.length - 1 - lastAsking(group.lines) >= 2) group.open = false;
      continue;
    }
    const text = lineOf(line.inlines);
    if (isStart(line) || asking.has(line) || overTruth.has(line)) {
      // (A numbered question that asks asks too: "1. ¿En qué año…?" over its options without letters; not over a program.)
      const numberedAsk = !asking.has(line) && isStart(line) && endsAsking(text);
      group = {
        stem: line,
        lines: [],
        bold: mostlyBold(line.inlines),
        asking: asking.has(line) || numberedAsk,
        numberedAsk,
        answered: false,
        // "True or False?: …" names its type: the lines under it go on with the statement, they are no options.
        open: !TRUE_FALSE_LABEL.test(text),
        letter: letterOf(line),
        key: trailingKeys.get(line)?.text,
      };
      groups.push(group);
      continue;
    }
    if (!group) continue;
    // A picture alone right under the question (a figure, a graph) is the question's, not a first option.
    if (group.lines.length === 0 && !/[\p{L}\p{N}]/u.test(text) && line.inlines.some((i) => i.kind === 'picture')) continue;
    // "QUESTION 3", then its text as a list item: the text, and the options come after it.
    if (group.lines.length === 0 && stemItems.has(line)) continue;
    // The question's text on the line after its number, its key at the end: the options come after it.
    if (group.open && trailingKeys.has(line)) {
      group.lines = [];
      group.letter = letterOf(line);
      group.key = trailingKeys.get(line)!.text;
      continue;
    }
    const field = fieldOf(text);
    // The answer line may stand after a blank line that ended the options: it still names one of them.
    if (field?.kind === 'answer' && !group.answered) group.answered = group.lines.some((l) => sameText(lineOf(l.inlines), text.slice(field.end)));
    if (!group.open) continue;
    // Under a bold stem a bold line is the next question, unless numbers start the questions: then it is the option marked in bold.
    // A line led by a pointing hand or an arrow ("👉 Theo 1.5.4 …") explains; it is no option.
    const explains = /^\s*(?:\p{Extended_Pictographic}|[→⇒]|=>)/u.test(text);
    const plain =
      !field && !explains && !(group.bold && !numbered && mostlyBold(line.inlines)) && optionLabelsOf(text, null).length === 0 && !labelled.has(line);
    // The question's own text may run on for a line or two before its options: only under a bold stem is the first line an option.
    if (plain) group.lines.push(line);
    else {
      group.open = false;
      // Labelled options after the lines ("A. 1 and 2", or "②" under a line whose "①" a figure stood before): the lines were the question's text.
      group.labelledAfter = optionLabelsOf(text, null).length > 0 || labelled.has(line);
    }
  }
  // Options are short; under a line that asks, an option may be a sentence or two (up to 300 characters).
  const longest = (g: Group) => (g.asking ? 300 : 120);
  // Under a bold stem the options stand apart from it: lines as bold as the stem (a paper all in bold) are its text going on.
  const apart = (g: Group) => !g.bold || g.lines.filter((l) => mostlyBold(l.inlines)).length <= 1;
  const fitting = (g: Group) => g.lines.length >= 2 && g.lines.length <= 8 && g.lines.every((l) => lineOf(l.inlines).trim().length <= longest(g)) && apart(g);
  // A way of writing counts when two questions or more of the paper are written so.
  const bold = groups.filter((g) => g.bold && fitting(g)).length >= 2;
  const asked = groups.filter((g) => g.asking && fitting(g)).length >= 2;
  // A number alone ("1:"), then the question on a line that asks ("…?"), then its options: the
  // question mark, not a look, sets the options apart (a paper all in bold has no other sign).
  const optionsAfterQuestion = (g: Group) => {
    const at = g.lines.map((l) => endsAsking(lineOf(l.inlines))).lastIndexOf(true);
    const options = at < 0 ? [] : g.lines.slice(at + 1);
    // Word's list numbering on them is a label of its own (the lists' vote reads those).
    const plain = options.every((l) => !l.numbering && lineOf(l.inlines).trim().length <= 300);
    return plain && options.length >= 2 && options.length <= 8 ? options : [];
  };
  const askedWithin = numbered && groups.filter((g) => !g.asking && optionsAfterQuestion(g).length > 0).length >= 2;
  // Short lines under a question, one of them (or a few, never all) with a look the others and the question lack (a
  // highlight, bold, a colour): its options, the marked one right, when most questions with such lines are written so.
  const markedOptions = (g: Group) => {
    const options = g.lines.slice(lastAsking(g.lines) + 1);
    // (Word's list numbering on them is a label of its own; lines running into a table are its caption, the question's text.)
    const plain = options.every((l) => !l.numbering && lineOf(l.inlines).trim().length <= longest(g));
    return plain && !g.beforeTable && options.length >= 2 && options.length <= 8 && marksSome(g.stem, options) ? options : [];
  };
  const withLines = groups.filter((g) => g.lines.length - lastAsking(g.lines) - 1 >= 2).length;
  const marking = groups.filter((g) => markedOptions(g).length > 0).length;
  const markedVote = marking >= 2 && marking * 2 >= withLines;
  const found = new Set<Paragraph>();
  for (const g of groups) {
    if (g.labelledAfter) continue;
    // The question's text may run on over several lines: its options start after its last line that asks ("…?", "…:").
    // Options are short: a long line among them is the question's text running on, and the group is no options.
    const options = g.lines.slice(lastAsking(g.lines) + 1).slice(-8);
    if (options.some((l) => lineOf(l.inlines).trim().length > longest(g))) continue;
    // Lines that open with a mark of the question's material ("㈎ …" "㈏ …", "(가)", "㉠": a box of conditions) are its text.
    if (options.some((l) => MATERIAL_MARK.test(lineOf(l.inlines)))) continue;
    // A key letter at the end of the question's line names one of the lines under it.
    if ((g.answered || namesLine(g, options)) && options.length >= 2) for (const l of options) found.add(l);
    // Lines up to the last that asks are the question's text; the options are those after it.
    else if (
      fitting(g) &&
      options.length >= 2 &&
      ((g.bold && bold) || (g.asking && asked && !(g.numberedAsk && g.lines.some((l) => code(l) || l.numbering !== null))))
    )
      for (const l of options) found.add(l);
    else if (askedWithin && !g.asking) for (const l of optionsAfterQuestion(g)) found.add(l);
    else if (markedVote) for (const l of markedOptions(g)) found.add(l);
    // "True" and "False" alone on the two lines under a statement (any language's pair): its two options.
    else if (truthPair(g.lines.slice(-2)) && (g.lines.length === 2 || lastAsking(g.lines) === g.lines.length - 3))
      for (const l of g.lines.slice(-2)) found.add(l);
  }
  return found;
}

/** The marks Korean papers give the parts of a question's material: ㈎ ㈏ ㈐, ㉠ ㉡ ㉢, (가) (나) (다). */
const MATERIAL_MARK = /^\s*(?:[\u3200-\u321e\u3260-\u327e]|\([가-하]\))/u;

/** Two lines, one the word for true and one for false ("True" / "False", "Đúng" / "Sai"), whole words of two letters or more. */
function truthPair(lines: Paragraph[]): boolean {
  if (lines.length !== 2) return false;
  const values = lines.map((l) => lineOf(l.inlines).trim()).map((t) => (t.length >= 2 ? trueFalseAnswer(t) : null));
  return values.includes(true) && values.includes(false);
}

/** The looks most of a line's words have (formatMarks.ts: ink colours and paper shading are no look). */
const looksOf = (line: Paragraph) => {
  const { text } = lookOf([], line.inlines);
  return (['highlight', 'bold', 'underline', 'colour'] as const).filter((look) => text[look] !== '');
};

/** Whether one of the options (or a few, never all, at most three) has a look the others and the question lack. */
function marksSome(stem: Paragraph, options: Paragraph[]): boolean {
  const looks = options.map(looksOf);
  const stemLooks = new Set(looksOf(stem));
  return (['highlight', 'bold', 'underline', 'colour'] as const).some((look) => {
    const n = looks.filter((l) => l.includes(look)).length;
    return !stemLooks.has(look) && n >= 1 && n < options.length && n <= 3;
  });
}

/**
 * "¿…?" (or any line) then its options, one a line, a blank line after, and no numbers or labels
 * anywhere: each block is a question when one option of it (or a few, never all) has a look the
 * others lack (highlighted, bold, underlined, coloured), in three blocks or more and in most
 * blocks of three lines or more. The first line of a block is its question, the rest its options.
 */
export function inferMarkedBlocks(lines: Paragraph[], labelled: ReadonlyMap<Paragraph, unknown>): { stems: Paragraph[]; options: Paragraph[] } {
  const blocks: Paragraph[][] = [[]];
  for (const line of lines) {
    if (line.cell || isBlankLine(line.inlines)) {
      if (blocks.at(-1)!.length) blocks.push([]);
      continue;
    }
    blocks.at(-1)!.push(line);
  }
  // A line that asks alone in its block, a blank line under it, then the lines it asks over: one block, the line its question.
  for (let i = blocks.length - 2; i >= 0; i--) {
    const [alone, next] = [blocks[i], blocks[i + 1]];
    if (alone.length === 1 && lastAsking(alone) === 0 && next.length >= 2 && lastAsking(next.slice(0, 1)) < 0) blocks.splice(i, 2, [...alone, ...next]);
  }
  // Blocks whose lines carry labels are written another way (a paper may mix both): only unlabelled blocks vote.
  const unlabelled = (block: Paragraph[]) =>
    !block.slice(1).some((l) => labelled.has(l) || optionLabelsOf(lineOf(l.inlines), null).length > 0 || fieldOf(lineOf(l.inlines)));
  // (A line that asks among the options is another question's: the block is no one question.)
  const candidates = blocks.filter((b) => b.length >= 3 && b.length <= 11 && unlabelled(b) && lastAsking(b.slice(1)) < 0);
  const marked = candidates.filter((block) => !block.slice(1).some((l) => lineOf(l.inlines).trim().length > 300) && marksSome(block[0], block.slice(1)));
  if (marked.length < 3 || marked.length * 2 < candidates.length) return { stems: [], options: [] };
  return { stems: marked.map((b) => b[0]), options: marked.flatMap((b) => b.slice(1)) };
}

/**
 * An option wrapped onto a line of its own (a PDF's layout): "…gzof wdarihje is ufcliuq," then "ah
 * ju xqeshu nfuux…" goes on with the option above; it is no option of its own. Taken out of the
 * unlabelled options, and returned.
 */
export function wrappedOptionLines(lines: Paragraph[], unlabelled: Set<Paragraph>): Set<Paragraph> {
  const wrapped = new Set<Paragraph>();
  const filled = lines.filter((l) => !isBlankLine(l.inlines));
  filled.forEach((l, i) => {
    if (i > 0 && unlabelled.has(l) && unlabelled.has(filled[i - 1]) && !wrapped.has(filled[i - 1]) && wrapsOn(filled[i - 1], l)) wrapped.add(l);
  });
  for (const l of wrapped) unlabelled.delete(l);
  return wrapped;
}

/**
 * Whether a line goes on with the one before: that one is a full line of a page (60 characters or
 * more) that stops mid-sentence (on a letter or a comma), and this one starts with a lower-case word.
 */
const wrapsOn = (before: Paragraph, line: Paragraph) => {
  const text = lineOf(before.inlines).trim();
  return text.length >= 60 && /[\p{L},]$/u.test(text) && /^\s*\p{Ll}{2,}\s/u.test(lineOf(line.inlines));
};

/** A run's look for a key at the end of a line: its colour, else underlined (a blank the answer was written on). */
const UNDERLINED = 'underline';
const runLook = (inline: Inline) => (inline.kind !== 'text' ? null : (inline.color ?? (inline.underline ? UNDERLINED : null)));

/** The line's last run with words or a letter, and where it starts, when the text before it is in other looks (colours, or no underline). */
function trailingRun(line: Paragraph): { at: number; text: string; look: string } | null {
  let at = 0;
  let last: { at: number; text: string; look: string | null } | null = null;
  const before = new Set<string | null>();
  for (const inline of line.inlines) {
    const text = inline.kind === 'text' ? inline.text : '\ufffc';
    if (inline.kind !== 'text' || text.trim() !== '') {
      if (last) before.add(last.look);
      last = inline.kind === 'text' ? { at, text, look: runLook(inline) } : null;
    }
    at += text.length;
  }
  if (!last?.look || before.has(last.look) || before.size === 0) return null;
  // The key stands apart from the text: a space or the question's mark before it, and it is short.
  const full = lineOf(line.inlines);
  const key = last.text.trim();
  // A bracketed end ("(2 marks)", "[3점]") scores the question; it answers nothing.
  if (
    key.length === 0 ||
    key.length > 40 ||
    /^[([{【［（]/u.test(key) ||
    !/[\s?？؟:：]$/.test(full.slice(0, last.at)) ||
    // A question's words (or maths) before it: "1. ⑤" in red is an entry of a key, not a question with its key.
    !/[\p{L}\p{N}\uFFFC]/u.test(full.slice(0, last.at).replace(/^\s*\d{1,4}\s*[.)]?\s*/, ''))
  )
    return null;
  return { at: last.at, text: key, look: last.look };
}

/**
 * The answer at the end of each question's line in a colour of its own ("…est correct ? C",
 * "…type ? STRING" in green): accepted when three question lines or more end so in the same
 * colour, and that colour is in no other text of those lines. The key may name an option by its
 * letter, be a fill-in's answer, or "Faux".
 */
export function inferTrailingKeys(lines: Paragraph[], isStart: (line: Paragraph) => boolean): Map<Paragraph, TrailingKey> {
  const byLook = new Map<string, { line: Paragraph; at: number; text: string }[]>();
  lines.forEach((line, i) => {
    if (line.cell || optionLabelsOf(lineOf(line.inlines), null).length > 0) return;
    const run = trailingRun(line);
    // A question's line: numbered, after a number alone, or asking.
    const asks = run && (isStart(line) || (i > 0 && isStart(lines[i - 1])) || /[?？؟:：]\s*$/.test(lineOf(line.inlines).slice(0, run.at)));
    // Underlined, the key is option letters written on the blank after the question ("…正确的是：_ BCD _").
    const letters = run?.look !== UNDERLINED || /^[A-H](?:\s*[,，、]?\s*[A-H]){0,7}$/.test(run.text);
    if (run && asks && letters) byLook.set(run.look, [...(byLook.get(run.look) ?? []), { line, at: run.at, text: run.text }]);
  });
  const [best] = [...byLook.values()].sort((a, b) => b.length - a.length);
  return new Map(best && best.length >= 3 ? best.map(({ line, at, text }) => [line, { at, text }]) : []);
}

/** A look a paper may mark its right options with: a colour of the words, or a highlight behind them. */
export interface MarkLook {
  kind: 'color' | 'highlight' | 'underline';
  value: string;
}
function lookValue(inline: Inline, kind: MarkLook['kind']): string | null {
  if (inline.kind !== 'text') return null;
  if (kind === 'color') return inline.color;
  if (kind === 'highlight') return inline.highlight;
  // (Underlined in a colour of its own is a link's look, "Mahnydug" in blue: no gap filled in.)
  return inline.underline && !inline.color ? 'underline' : null;
}

/**
 * The colour (else the highlight) a paper marks its right options with: on one option of a
 * question's options (its right one), in two questions or more, and hardly ever on more than one
 * (the text's own colour is on all of them).
 */
export function inferMarkLook(lines: Paragraph[], listLabel: (line: Paragraph) => { index: number; end: number } | null = () => null): MarkLook | null {
  for (const kind of ['color', 'highlight'] as const) {
    const single = new Map<string, number>();
    const many = new Map<string, number>();
    let group: Set<string>[] = [];
    const close = () => {
      const counts = new Map<string, number>();
      for (const looks of group) for (const look of looks) counts.set(look, (counts.get(look) ?? 0) + 1);
      // Of two options, either look could be the mark: only three or more tell.
      if (group.length >= 3) for (const [look, n] of counts) (n === 1 ? single : many).set(look, ((n === 1 ? single : many).get(look) ?? 0) + 1);
      group = [];
    };
    for (const line of lines) {
      if (isBlankLine(line.inlines)) continue;
      // A question's options run from its label A to the next line that is no option.
      const label = listLabel(line) ?? optionLabelsOf(lineOf(line.inlines), null)[0];
      if (!label || label.index === 0) close();
      if (label) group.push(textLooks(line, label.end, kind));
    }
    close();
    const [best] = [...single].filter(([look, n]) => n >= 2 && (many.get(look) ?? 0) * 4 <= n).sort((a, b) => b[1] - a[1]);
    if (best) return { kind, value: best[0] };
  }
  return null;
}

/** The colours (or highlights) of a line's words after `from` (an option's label). */
function textLooks(line: Paragraph, from: number, kind: MarkLook['kind']): Set<string> {
  const looks = new Set<string>();
  let at = 0;
  for (const inline of line.inlines) {
    const look = lookValue(inline, kind);
    if (inline.kind === 'text' && look && at >= from && /[\p{L}\p{N}]/u.test(inline.text)) looks.add(look);
    at += inline.kind === 'text' ? inline.text.length : 1;
  }
  return looks;
}

export interface ColouredAnswer {
  start: number;
  end: number;
  text: string;
  /** The words end the question's line, after words of its own: an answer written beside its text, not a blank in it. */
  beside: boolean;
  /** The other gaps of a line filled in so ("If I ~had known~, I ~would have come~"), after the first: blanks too. */
  more?: { start: number; end: number }[];
}

/**
 * A fill-in paper's key written into its sentences: the filled-in words underlined ("If I ~had
 * known~, I ~would have come~"), in a paper with hardly any options. Read so when three questions
 * or more have one to three short underlined stretches among words of their own.
 */
export function inferFilledInLook(lines: Paragraph[], isStart: (line: Paragraph) => boolean, listLabel: (line: Paragraph) => unknown): MarkLook | null {
  const look: MarkLook = { kind: 'underline', value: 'underline' };
  // (A paper with options gives its answers among them; a few lettered headings, "A. Conditionals", are no options.)
  if (!hardlyOptions(lines, listLabel)) return null;
  const filled = lines.filter((line) => {
    if (line.cell || !isStart(line)) return false;
    const spans = markedSpans(line, look);
    const text = lineOf(line.inlines);
    const own = spans.reduceRight((rest, span) => rest.slice(0, span.start) + rest.slice(span.end), text);
    return spans.length >= 1 && spans.length <= FILLED_GAPS && spans.every((span) => span.text.length <= 40) && /\p{L}{3}/u.test(own);
  });
  return filled.length >= 3 ? look : null;
}
const FILLED_GAPS = 3;
/**
 * "… aj [ifdukwya] bcigi …" with the word in the colour (or highlight) that marks right options:
 * in a question with no options, the marked words are its answer, and a blank in its text. Only
 * a question with one such span, short, is read so. Marked words that end the question's line,
 * after words of its own, are its answer written beside it ("… hodtaw [Minotzud Hoxjugon]"): no
 * blank (at the start they are a blank, "____ forwards frames …").
 */
export function inferColouredAnswers(
  lines: Paragraph[],
  isStart: (line: Paragraph) => boolean,
  look: MarkLook | null,
  textFrom: (line: Paragraph) => number = () => 0,
  listLabel: (line: Paragraph) => unknown = () => null,
): Map<Paragraph, ColouredAnswer> {
  const found = new Map<Paragraph, ColouredAnswer>();
  if (!look) return found;
  let group: Paragraph[] = [];
  const close = () => {
    const spans = group.flatMap((line) => markedSpans(line, look).map((span) => [line, span] as const));
    const options = group.some((line) => listLabel(line) || optionLabelsOf(lineOf(line.inlines), null).length > 0);
    // (A key underlined in the sentences fills up to three gaps of one line.)
    const gaps = look.kind === 'underline' && spans.length <= FILLED_GAPS && spans.every(([line]) => line === spans[0][0]) ? spans.length : 1;
    if (!options && spans.length >= 1 && spans.length <= gaps && spans.every(([, span]) => span.text.length <= 40)) {
      const [line, span] = spans[0];
      const text = lineOf(line.inlines);
      const beside = spans.length === 1 && !text.slice(span.end).trim() && /[\p{L}\p{N}]/u.test(text.slice(textFrom(line), span.start));
      const more = spans.slice(1).map(([, other]) => ({ start: other.start, end: other.end }));
      // (Each gap its own blank: blanks' answers are split by ";", as an answer line writes them.)
      found.set(line, { ...span, text: spans.map(([, s]) => s.text).join('; '), beside, ...(more.length ? { more } : {}) });
    }
    group = [];
  };
  for (const line of lines) {
    if (line.cell || isBlankLine(line.inlines)) continue;
    if (isStart(line)) close();
    group.push(line);
  }
  close();
  return found;
}

/** The stretches of a line in one look (neighbouring runs of it joined, with the spaces between them); dots leading into it are not its words. */
function markedSpans(line: Paragraph, look: MarkLook): Omit<ColouredAnswer, 'beside'>[] {
  const spans: Omit<ColouredAnswer, 'beside'>[] = [];
  let at = 0;
  let open: { start: number; end: number } | null = null;
  for (const inline of line.inlines) {
    const text = inline.kind === 'text' ? inline.text : '\ufffc';
    const blank = inline.kind === 'text' && text.trim() === '';
    if (inline.kind === 'text' && lookValue(inline, look.kind) === look.value && !blank) {
      if (open && open.end !== at) spans.push(spanOf(line, open));
      open = open && open.end === at ? { start: open.start, end: at + text.length } : { start: at, end: at + text.length };
    } else if (open && blank) open = { start: open.start, end: at + text.length };
    else if (open) {
      spans.push(spanOf(line, open));
      open = null;
    }
    at += text.length;
  }
  if (open) spans.push(spanOf(line, open));
  return spans.filter((s) => /[\p{L}\p{N}]/u.test(s.text));
}
const spanOf = (line: Paragraph, span: { start: number; end: number }): Omit<ColouredAnswer, 'beside'> => {
  const text = lineOf(line.inlines).slice(span.start, span.end);
  // "……..Xyabej Yrh": the dots that lead into the answer are the line's, not the answer's.
  const lead = /^[\s.…]*/u.exec(text)![0].length;
  const trimmed = text.trimEnd();
  return { start: span.start + lead, end: span.start + trimmed.length, text: trimmed.slice(lead).trim() };
};

/**
 * "☐ France", "☑ Britain" under a line: options as tick boxes (a web page's check boxes saved into
 * Word, a form printed). In a paper with two such runs or more, the line with words right above
 * each run is its question's text, however it ends ("В каком году …:", "Выберите …").
 */
export function linesOverTickBoxes(lines: Paragraph[]): Set<Paragraph> {
  const stems: Paragraph[] = [];
  let above: Paragraph | null = null;
  let run = 0;
  for (const line of lines) {
    if (line.cell || isBlankLine(line.inlines)) continue;
    if (TICK_BOX.test(lineOf(line.inlines))) {
      run += 1;
      if (run === 2 && above) stems.push(above);
      continue;
    }
    above = line;
    run = 0;
  }
  return new Set(stems.length >= 2 ? stems : []);
}

/** A sign that may mark an option: punctuation or a symbol, not a bracket, quote, dash or sign of maths or markup. */
const SIGN = /^[^\p{L}\p{N}\s()[\]{}'"“”‘’«»<>&$\\\-–—.,:;_/|=]$/u;
/**
 * "a. !evxa dolag": a sign glued before the text of one option in a question (word2quiz's "!",
 * a "+" or a "*"), in most questions that have options and never on two options of one: the
 * paper's mark of its right options. Inferred from the whole paper, whatever the sign.
 */
export function inferLeadingSign(groups: OptionGroup[]): string | null {
  const once = new Map<string, number>();
  const twice = new Set<string>();
  for (const group of groups) {
    const signs = new Map<string, number>();
    for (const { line, label } of group) {
      const after = lineOf(line.inlines)
        .slice(label?.end ?? 0)
        .trimStart();
      const sign = [...after][0] ?? '';
      if (SIGN.test(sign) && /\S/.test(after.slice(sign.length, sign.length + 1))) signs.set(sign, (signs.get(sign) ?? 0) + 1);
    }
    for (const [sign, n] of signs) {
      if (n === 1) once.set(sign, (once.get(sign) ?? 0) + 1);
      else twice.add(sign);
    }
  }
  const questions = groups.filter((group) => group.length >= 2).length;
  const [best] = [...once].filter(([sign, n]) => !twice.has(sign) && n >= 2 && n * 2 > questions).sort((a, b) => b[1] - a[1]);
  return best?.[0] ?? null;
}

export interface SignPair {
  right: string;
  wrong: string;
}
/** A sign before a line's words, after any indent: "+", "-", "–", "✓", "✗"… (not a letter, a digit or a bracket). */
const LEADING_SIGN = /^\s*([^\p{L}\p{N}\s()[\]{}'"“”‘’«»<>&$\\.,:;_/|=])\s*(?=[\p{L}\p{N}$(])/u;

/**
 * "+ Sóng và rậm" over "- Róg hịj" "- Jnoa": every option of a question led by one of two signs,
 * one sign on the right ones (one, or fewer than the others), the other on the rest. Accepted when
 * two runs of lines or more are written so with the same two signs, the same one the rarer, and
 * no run gives the other sign that part; null otherwise.
 */
export function inferSignPair(lines: Paragraph[]): SignPair | null {
  const runs: string[][] = [[]];
  for (const line of lines) {
    const sign = line.cell ? undefined : LEADING_SIGN.exec(lineOf(line.inlines))?.[1];
    if (sign) runs.at(-1)!.push(sign);
    else if (runs.at(-1)!.length) runs.push([]);
  }
  const votes = new Map<string, number>();
  for (const run of runs.filter((r) => r.length >= 2 && r.length <= 8)) {
    const kinds = [...new Set(run)];
    if (kinds.length !== 2) continue;
    const [a, b] = kinds.map((k) => run.filter((s) => s === k).length);
    if (a === b) continue;
    const pair = a < b ? `${kinds[0]}\u0000${kinds[1]}` : `${kinds[1]}\u0000${kinds[0]}`;
    votes.set(pair, (votes.get(pair) ?? 0) + 1);
  }
  const [best] = [...votes].sort((x, y) => y[1] - x[1]);
  if (!best || best[1] < 2) return null;
  const [right, wrong] = best[0].split('\u0000');
  // The same two signs the other way round in another run: no convention.
  return votes.has(`${wrong}\u0000${right}`) ? null : { right, wrong };
}

/**
 * "… de pumejodíax x" with the "x" in green: a mark of one or two characters after an option's
 * words, in a colour those words do not have, on some options of two questions or more and never
 * on all of a question's options. The same mark throughout; null when the paper has none. In no
 * colour of its own ("… Kupdoccha R"), the mark must be one capital or one sign, on exactly one
 * option of three questions or more and of at least 60 % of the paper's questions.
 */
export function inferTrailingMark(groups: OptionGroup[]): string | null {
  const questions = new Map<string, number>();
  // The same mark in no colour of its own ("Zofk Kupdoccha R"): a capital or a sign, on one option of most questions, three or more.
  const plain = new Map<string, number>();
  for (const group of groups) {
    const marks = new Map<string, number>();
    const tails = new Map<string, number>();
    for (const { line } of group) {
      const text = lineOf(line.inlines);
      const run = trailingRun(line);
      if (run && run.text.length <= 2 && /\s$/.test(text.slice(0, run.at))) marks.set(run.text, (marks.get(run.text) ?? 0) + 1);
      const found = PLAIN_MARK.exec(text);
      const tail = found?.[1] ?? found?.[2];
      if (tail) tails.set(tail, (tails.get(tail) ?? 0) + 1);
    }
    for (const [mark, n] of marks) if (n < group.length) questions.set(mark, (questions.get(mark) ?? 0) + 1);
    for (const [mark, n] of tails) if (n === 1 && group.length >= 2) plain.set(mark, (plain.get(mark) ?? 0) + 1);
  }
  const [best] = [...questions].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1]);
  const [bestPlain] = [...plain].filter(([, n]) => n >= 3 && n * 5 >= groups.length * 3).sort((a, b) => b[1] - a[1]);
  return best?.[0] ?? bestPlain?.[0] ?? null;
}
/**
 * An option's last word when it is one capital or one sign after a space ("… Kupdoccha R", "… Lyon ✓"), a word
 * or two in brackets ("… Mercurio (Correcta)"), or a symbol glued to its last letter ("Winchester+"; not a stop
 * or a bracket, nor a sign of code such as "=" or "<"). Only the same mark on one option of most questions counts.
 */
const PLAIN_MARK = /(?:\S\s+(\p{Lu}|[^\p{L}\p{N}\s()[\]{}'"“”‘’«»<>&$\\.,:;_/|=-]|[([]\p{L}[\p{L} ]{0,18}[)\]])|[\p{L}\p{N}]([^\P{S}<>=|$^`~]))\s*$/u;

/** Each question's option lines (a typed label, or an item of a Word list), with the typed label: what the marks of options are counted over. */
/**
 * "b. 12  B": a learner's copy that marks the right option by typing its letter again after its
 * words. Accepted when three questions or more, and half of those with labelled options, end one
 * option (or two) so and never end an option with another option's letter.
 */
export function inferOwnLetterMarks(groups: OptionGroup[]): boolean {
  let marked = 0;
  let labelled = 0;
  for (const group of groups) {
    // Per labelled option: true when it ends with its own letter, false with another's, null with none.
    const letters = group.flatMap(({ line, label }): { own: boolean | null }[] => {
      if (!label) return [];
      const tail = /\S\s+([A-Ha-h])\s*$/.exec(lineOf(line.inlines))?.[1];
      return [{ own: tail ? tail.toLowerCase().charCodeAt(0) - 97 === label.index : null }];
    });
    if (letters.length < 2) continue;
    labelled += 1;
    const own = letters.filter((l) => l.own === true).length;
    if (letters.some((l) => l.own === false)) return false;
    if (own >= 1 && own <= 2) marked += 1;
  }
  return marked >= 3 && marked * 2 >= labelled;
}

type OptionGroup = { line: Paragraph; label: OptionLabel | undefined }[];
function optionGroups(lines: Paragraph[], isStart: (line: Paragraph) => boolean, auto: (line: Paragraph) => ListLabel | undefined): OptionGroup[] {
  const groups: OptionGroup[] = [[]];
  for (const line of lines) {
    if (line.cell || isBlankLine(line.inlines)) continue;
    if (isStart(line)) {
      if (groups.at(-1)!.length) groups.push([]);
      continue;
    }
    const label = optionLabelsOf(lineOf(line.inlines), null)[0];
    // Option A (or Word's item 1) again: the next question's, in a paper whose questions have no number.
    const first = label ? label.index === 0 : auto(line)?.value === 1;
    if (first && groups.at(-1)!.length) groups.push([]);
    if (label || auto(line)) groups.at(-1)!.push({ line, label });
  }
  return groups.filter((group) => group.length > 0);
}

/** "table*": a * glued to an option's last letter, on a minority of the options (the right ones). */
const GLUED = /[^\s*]\*\s*$/u;
export function inferGluedAsterisk(optionLines: string[]): boolean {
  const glued = optionLines.filter((text) => GLUED.test(text)).length;
  return glued >= 2 && glued * 2 <= optionLines.length;
}

const colourOf = (inlines: Inline[]) => {
  const first = inlines.find((i): i is Extract<Inline, { kind: 'text' }> => i.kind === 'text' && i.text.trim() !== '');
  return first?.color ?? null;
};
/** A line set apart from the question above it: indented by a tab or blanks, or in a look its stem does not have. */
const setApart = (line: Paragraph, stem: Paragraph) =>
  /^(?=[ \u00a0]*(?:\t|[ \u00a0]{2}))[ \t\u00a0]+\S/.test(lineOf(line.inlines)) ||
  (mostlyBold(line.inlines) && !mostlyBold(stem.inlines)) ||
  (colourOf(line.inlines) !== null && colourOf(line.inlines) !== colourOf(stem.inlines));

/**
 * Short-answer papers that write each answer as the last line under its question, set apart
 * ("Câu 7: … STP …" then "\tTrue"): accepted when two questions or more, and half of those
 * without options, end so.
 */
export function inferAnswerLines(lines: Paragraph[], isStart: (line: Paragraph) => boolean): Set<Paragraph> {
  const groups: { start: Paragraph; lines: Paragraph[] }[] = [];
  for (const line of lines) {
    if (line.cell || isBlankLine(line.inlines)) continue;
    if (isStart(line)) groups.push({ start: line, lines: [] });
    else groups.at(-1)?.lines.push(line);
  }
  const plain = groups.filter(
    (g) => g.lines.length > 0 && g.lines.every((l) => optionLabelsOf(lineOf(l.inlines), null).length === 0 && !fieldOf(lineOf(l.inlines))),
  );
  // A line that asks ("… 고른 것은?", "… 것은? (단, …) [3점]") is the question's text, however it is set apart.
  const asks = (line: Paragraph) => asksBeforeBrackets(lineOf(line.inlines));
  const apart = plain.filter(
    (g) => g.lines.length <= 3 && setApart(g.lines.at(-1)!, g.start) && !asks(g.lines.at(-1)!) && lineOf(g.lines.at(-1)!.inlines).trim().length <= 120,
  );
  if (apart.length < 2 || apart.length * 2 < plain.length) return new Set();
  // The paper answers so: a question with one short line under it, not set apart, answers the same way.
  const single = plain.filter((g) => g.lines.length === 1 && !asks(g.lines[0]) && lineOf(g.lines[0].inlines).trim().length <= 120);
  return new Set([...apart, ...single].map((g) => g.lines.at(-1)!));
}

/**
 * "A) 40 … D) 57" then "2" alone on the next line: the paper gives each answer as the option's
 * place, a digit alone right under the last option. Accepted when two questions or more, and half
 * of those with labelled options, end so, each digit naming one of its question's options; digits
 * that rise one by one are questions' numbers, not answers.
 */
export function inferDigitAnswers(lines: Paragraph[], isLabelled: (line: Paragraph) => boolean): Set<Paragraph> {
  const found: Paragraph[] = [];
  let options = 0;
  let groups = 0;
  for (const line of lines) {
    if (line.cell || isBlankLine(line.inlines)) continue;
    if (isLabelled(line)) {
      options += 1;
      continue;
    }
    const digit = /^\s*([1-9])\s*$/.exec(lineOf(line.inlines));
    if (digit && options >= 2 && Number(digit[1]) <= options) found.push(line);
    if (options >= 2) groups += 1;
    options = 0;
  }
  const values = found.map((line) => Number(lineOf(line.inlines).trim()));
  const rising = values.length >= 3 && values.every((v, i) => i === 0 || v === values[i - 1] + 1);
  return new Set(found.length >= 2 && found.length * 2 >= groups && !rising ? found : []);
}

/** "… - True", "… – Mitosis", "… là : CaO": a short answer after a dash or a colon at the end of a line. */
export const DASH_ANSWER = /^(.*\S)\s*(?:\s[-–—]|[:：])\s+([^\s.?!;:：][^?!;:：]{0,60}?)\s*\.?\s*$/u;
/** The same with a longer answer (a clause, up to 25 words): read so only in a paper that already answers short ones so. */
const LONG_DASH_ANSWER = /^(.*\S)\s*(?:\s[-–—]|[:：])\s+([^\s.?!;:：][^?!;:：]{0,240}?)\s*\.?\s*$/u;
/** A line's answer after its dash: the short form first, then the long one. */
export const dashAnswerOf = (text: string) => DASH_ANSWER.exec(text) ?? LONG_DASH_ANSWER.exec(text);

/**
 * Statements or questions answered after a dash or a colon, one a line, three or more in a row
 * (blank lines between allowed), none of them followed by options: a paper of questions with their
 * short answers. Once the paper shows it, a line that answers with a longer clause the same way
 * is read so too.
 */
export function inferDashAnswers(lines: Paragraph[]): Set<Paragraph> {
  const found = new Set<Paragraph>();
  // A run holds the lines in a row answered so; the longer answers count only inside a run of three short ones or more.
  let run: Paragraph[] = [];
  let short = 0;
  const close = () => {
    if (short >= 3) for (const line of run) found.add(line);
    run = [];
    short = 0;
  };
  const filled = lines.filter((line) => !isBlankLine(line.inlines));
  // Cross-checks: the answer is not much longer than what it answers, holds no arrow, and a colon inside brackets ("(Đáp án đúng: 1963)") explains.
  const words = (answer: RegExpExecArray | null) =>
    answer && answer[2].length <= 1.5 * answer[1].length && !/[([（][^)\]）]*$/.test(answer[1]) && !/[→⇒]/.test(answer[2])
      ? answer[2].trim().split(/\s+/).length
      : Infinity;
  filled.forEach((line, i) => {
    const text = lineOf(line.inlines);
    const next = filled[i + 1] ? lineOf(filled[i + 1].inlines) : '';
    const answerable = optionLabelsOf(text, null).length === 0 && !fieldOf(text) && optionLabelsOf(next, 0)[0]?.index !== 0;
    if (answerable && words(DASH_ANSWER.exec(text)) <= 8) short += 1;
    else if (!answerable || words(LONG_DASH_ANSWER.exec(text)) > 25) return close();
    run.push(line);
  });
  close();
  // Once the paper answers so, a numbered question that answers after its colon or dash answers so too, wherever it stands
  // (between unanswered questions, with an answer longer than a run's short ones).
  if (found.size > 0)
    filled.forEach((line, i) => {
      const text = lineOf(line.inlines);
      const next = filled[i + 1] ? lineOf(filled[i + 1].inlines) : '';
      const answerable =
        questionNumberOf(text) !== null && optionLabelsOf(text, null).length === 0 && !fieldOf(text) && optionLabelsOf(next, 0)[0]?.index !== 0;
      if (answerable && !found.has(line) && Math.min(words(DASH_ANSWER.exec(text)), words(LONG_DASH_ANSWER.exec(text))) <= 25) found.add(line);
    });
  return found;
}

/**
 * In a paper that answers after a colon ("… là : CaO"), a question whose line ends at its colon has
 * its answer on the one plain line under it, before the next question.
 */
export function answersBelowColons(lines: Paragraph[], isStart: (line: Paragraph) => boolean, dashAnswers: ReadonlySet<Paragraph>): Paragraph[] {
  if (dashAnswers.size === 0) return [];
  const filled = lines.filter((line) => !line.cell && !isBlankLine(line.inlines));
  return filled.flatMap((line, i) => {
    const [below, after] = [filled[i + 1], filled[i + 2]];
    const text = lineOf(line.inlines);
    if (!below || !isStart(line) || !/[:：]\s*$/.test(text) || isStart(below) || (after && !isStart(after))) return [];
    const answer = lineOf(below.inlines);
    return optionLabelsOf(answer, null).length === 0 && !fieldOf(answer) && answer.trim().length <= 160 ? [below] : [];
  });
}

const TYPED_OPTION = /^\s*([1-8])\s*([.)）])\s*(?=\S)/;
/** Two lines in the same cell of a table, or both out of tables. */
const sameCell = (a: Paragraph['cell'], b: Paragraph['cell']) => a === b || (!!a && !!b && a.table === b.table && a.row === b.row && a.column === b.column);

/**
 * "Q1. Which…" then "1. jwogmimiqp" "2. awjiruch", or "8. Which…" then "1) div" "2) span": numbers
 * that start at 1 again under each question are its options, when two questions or more do so and
 * the question's number is told apart from theirs (a word before it, or other punctuation). In a
 * paper of one table, a question's cell holds its options.
 */
export function inferNumberedOptions(lines: Paragraph[]): Map<Paragraph, { index: number; end: number }> {
  type Group = { stop: string | null; cell: Paragraph['cell']; options: { line: Paragraph; index: number; end: number; stop: string }[] };
  const groups: Group[] = [];
  let group: Group | null = null;
  for (const line of lines) {
    if (isBlankLine(line.inlines)) continue;
    if (group && !sameCell(line.cell, group.cell)) group = null;
    const text = lineOf(line.inlines);
    const typed = TYPED_OPTION.exec(text);
    if (typed) typed[2] = typed[2] === '）' ? ')' : typed[2];
    // (With the question's own punctuation, "8." under "7.", the number is the next question's; so is a line that asks
    // where options would start, and a number in other punctuation than the options before it.)
    const optionStop = group?.options[0]?.stop ?? (typed && !endsAsking(text) ? typed[2] : null);
    if (typed && group && (group.stop === null || typed[2] !== group.stop) && typed[2] === optionStop) {
      group.options.push({ line, index: Number(typed[1]) - 1, end: typed[0].length, stop: typed[2] });
      // More in the line's columns ("1) loneho     2) dhone     3) uwydqu") count on.
      for (const more of spreadNumbersOf(text, Number(typed[1]) - 1, typed[2])) group.options.push({ line, index: more.index, end: more.end, stop: typed[2] });
      continue;
    }
    // A question numbered with a word ("Q1.", "Question 3", "Câu 2"): its own numbers are not the options'; nor are "8." over "1)".
    const number = questionNumberOf(text);
    if (number) groups.push((group = { stop: /^\s*\p{L}/u.test(text) ? null : (/^\s*\d+\s*(\S)/u.exec(text)?.[1] ?? ''), cell: line.cell, options: [] }));
    else if (group && group.options.length) group = null;
  }
  const counting = groups.filter((g) => g.options.length >= 2 && g.options.length <= 8 && g.options.every((o, i) => o.index === i));
  const found = new Map<Paragraph, { index: number; end: number }>();
  if (counting.length >= 2) for (const g of counting) for (const o of g.options) if (!found.has(o.line)) found.set(o.line, { index: o.index, end: o.end });
  return found;
}

export function inferConventions(lines: Paragraph[], auto: (line: Paragraph) => ListLabel | undefined): Conventions {
  const { starts, parts } = numberedLines(lines, auto);
  const { options: typedOptionItems, stems: stemItems, statements } = listsUnderQuestions(lines, auto, starts);
  const optionItems = new Set([...typedOptionItems, ...listedOptions(lines, auto)]);
  const textItems = new Set(listsInBoxes(lines, auto));
  // Asked of every line by several votes below: decided once a line.
  const startsQuestion = new Map<Paragraph, boolean>();
  /** A line Word letters (a., b.): its option's place; its label is not in its text. */
  const letteredLabel = (line: Paragraph) => {
    const label = auto(line);
    return label && LETTER_FORMATS.has(label.format) ? { index: label.value - 1, end: 0 } : null;
  };
  /** Where a line's own text starts: after its typed number (a number Word shows is not in the text). */
  const textFrom = (line: Paragraph) => (auto(line) ? 0 : (starts.get(line)?.end ?? questionNumberOf(lineOf(line.inlines))?.end ?? 0));
  const isStart = (line: Paragraph) => {
    let known = startsQuestion.get(line);
    if (known === undefined) {
      const label = auto(line);
      known = label
        ? label.format === 'decimal' && label.level === 0 && !optionItems.has(line) && !stemItems.has(line) && !statements.has(line) && !textItems.has(line)
        : starts.has(line) || questionNumberOf(lineOf(line.inlines)) !== null;
      startsQuestion.set(line, known);
    }
    return known;
  };
  // A paper that numbers no questions (two numbers at most): a line that asks is a question's first line, when options follow it.
  // A number the next line numbers again ("1) yield()" "2) sleep()" in one question's text) is a list's, not a question's.
  const filled = lines.filter((line) => !line.cell && !isBlankLine(line.inlines));
  const numbered = filled.filter((line, i) => isStart(line) && !(filled[i + 1] && isStart(filled[i + 1]))).length;
  // A line that introduces a list ("Señale la medida correcta:" over bullets) asks as well.
  const introducesList = (at: number) => /[:：]\s*$/.test(lineOf(lines[at].inlines)) && lines[at + 1] !== undefined && auto(lines[at + 1]) !== undefined;
  // …and so does one over a box of one cell ("Predict the output:" over the code).
  const boxes = boxesOf(lines);
  const introducesBox = (at: number) => {
    if (!/[:：]\s*$/.test(lineOf(lines[at].inlines))) return false;
    let next = at + 1;
    while (next < lines.length && !lines[next].cell && isBlankLine(lines[next].inlines)) next++;
    const cell = lines[next]?.cell;
    return !!cell && boxes.has(cell.table);
  };
  const overTickBoxes = linesOverTickBoxes(lines);
  const asking = new Set(
    numbered >= 2
      ? []
      : lines.filter(
          (line, at) =>
            !line.cell &&
            (endsAsking(lineOf(line.inlines)) ||
              asksOverInlineOptions(lineOf(line.inlines)) ||
              introducesList(at) ||
              introducesBox(at) ||
              overTickBoxes.has(line)) &&
            !fieldOf(lineOf(line.inlines)),
        ),
  );
  const bareLabels = inferBareLabels(lines);
  // Options lettered by Word's numbering ("B." shown, not typed) are labelled too: under a bold stem they are no unlabelled options.
  const lettered = lines.filter((line) => LETTER_FORMATS.has(auto(line)?.format ?? ''));
  const letteredLines = new Set(lettered);
  const labelled = new Map<Paragraph, unknown>([...bareLabels, ...[...statements, ...lettered].map((p) => [p, true] as const)]);
  const trailingKeys = inferTrailingKeys(lines, isStart);
  const dashAnswers = inferDashAnswers(lines);
  // A paper with no numbers in blocks of lines, one line of each block's options marked by a look: the blocks are questions.
  const blocks = numbered >= 2 ? { stems: [], options: [] } : inferMarkedBlocks(lines, labelled);
  for (const stem of blocks.stems) asking.add(stem);
  const unlabelledOptions = inferUnlabelledOptions(lines, isStart, asking, labelled, trailingKeys, stemItems);
  for (const option of blocks.options) unlabelledOptions.add(option);
  const wrappedOptions = wrappedOptionLines(lines, unlabelledOptions);
  const optionLines = lines.flatMap((line) => {
    const text = lineOf(line.inlines);
    const labelled = optionLabelsOf(text, null).length > 0 || (auto(line) && !isStart(line));
    return labelled || unlabelledOptions.has(line) ? [text] : [];
  });
  // Each question's option lines, counted over once by both marks of right options (the sign before, the mark after).
  const groups = optionGroups(lines, isStart, auto);
  const colouredAnswers = inferColouredAnswers(
    lines,
    isStart,
    inferMarkLook(lines, letteredLabel) ?? inferFilledInLook(lines, isStart, letteredLabel),
    textFrom,
    letteredLabel,
  );
  const answersUnder = inferAnswersUnder(lines, isStart, new Set(colouredAnswers.keys()));
  // Short lines in a look of their own under questions: each one's answer set apart, or the titles of the parts
  // that follow (a few, over a question's number: partTitles.ts).
  const partTitles = inferPartTitles(lines, isStart);
  const setApart = [...inferAnswerLines(lines, isStart)];
  return {
    starts,
    optionItems,
    unlabelledOptions,
    materialLabels: materialLabels(lines, isStart),
    asking,
    gluedAsterisk: inferGluedAsterisk(optionLines),
    leadingSign: inferLeadingSign(groups),
    signPair: inferSignPair(lines),
    trailingMark: inferTrailingMark(groups),
    ownLetterMarks: inferOwnLetterMarks(groups),
    bareLabels,
    stemItems,
    textItems,
    trailingKeys,
    wrappedOptions,
    answerLines: new Set([...setApart.filter((line) => !partTitles.has(line)), ...answersUnder.answers.keys()]),
    answerStarts: answersUnder.answers,
    askedQuestions: answersUnder.questions,
    askedNumbers: answersUnder.numbers,
    commaQuestions: inferCommaOptions(lines),
    digitAnswers: inferDigitAnswers(lines, (line) => optionLabelsOf(lineOf(line.inlines), null).length > 0 || letteredLines.has(line)),
    answersAbove: inferAnswersAbove(lines, isStart),
    colouredAnswers,
    answersBelowColons: new Set(answersBelowColons(lines, isStart, dashAnswers)),
    dashAnswers,
    numberedOptions: inferNumberedOptions(lines),
    parts: new Set([...parts, ...partTitles]),
    sigils: inferSigilLines(lines),
    truthEnds: inferTruthEnds(
      lines.filter((line) => !dashAnswers.has(line)),
      (line) => letteredLines.has(line),
    ),
  };
}
