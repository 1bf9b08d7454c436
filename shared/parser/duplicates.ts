import type { EditorTest } from '../api/testTypes';
import { htmlText } from '../domain/test/html';
import type { Question } from '../domain/test/types';
import { countQuestions, picturesOf } from './parseDocx';
import type { ParsedDocument, ParsedQuestion } from './types';

/**
 * Is a question of a Word document already in the test? Uploading the same document twice must
 * not add silent duplicates, so the upload compares the document with the test as stored first.
 * The stored HTML is not the parsed HTML (the server sanitises it, entities and wrappers may
 * differ, pictures have their uploaded address), so questions are compared by their plain text.
 */

/** Text as compared: tags dropped (pictures with them), entities decoded, spaces collapsed, case folded. */
const comparable = (html: string) => htmlText(html).normalize('NFC').toLowerCase();

type AnyQuestion = ParsedQuestion | Question;

function fingerprintParts(question: AnyQuestion): unknown[] {
  // GPSC tests store an extra 'Not attempted' option that no document has.
  const options =
    'options' in question
      ? (question.options as { name: string; isNotAttempted?: boolean }[]).filter((o) => !o.isNotAttempted).map((o) => comparable(o.name))
      : [];
  const parts: unknown[] = [question.type, comparable(question.name), options];
  if (question.type === 'comprehension') parts.push(comparable(question.paragraph), question.questions.map(fingerprintParts));
  return parts;
}

/**
 * What makes two questions the same: the type and the text of the question, of its options (in
 * order) and of a comprehension's passage and children. Answers, marks, solutions and pictures
 * are left out: a document uploaded again with an answer corrected is still the same questions.
 */
export function questionFingerprint(question: AnyQuestion): string {
  return JSON.stringify(fingerprintParts(question));
}

/** The document's questions (as listed in its sections) that the test already holds, anywhere in it (comprehension children included). */
export function questionsAlreadyIn(test: Pick<EditorTest, 'sections'>, parsed: ParsedDocument): Set<ParsedQuestion> {
  const stored = new Set(
    test.sections.flatMap((s) => s.questions.flatMap((q) => (q.type === 'comprehension' ? [q, ...q.questions] : [q]))).map(questionFingerprint),
  );
  return new Set(parsed.sections.flatMap((s) => s.questions).filter((q) => stored.has(questionFingerprint(q))));
}

/**
 * The document without `dropped`, counted as the parser counts and with only the pictures still
 * referred to. Sections left empty go too: uploading one would create an empty section.
 */
export function withoutQuestions(parsed: ParsedDocument, dropped: Set<ParsedQuestion>): ParsedDocument {
  const sections = parsed.sections.map((s) => ({ ...s, questions: s.questions.filter((q) => !dropped.has(q)) })).filter((s) => s.questions.length > 0);
  return { ...parsed, sections, pictures: picturesOf(sections), ...countQuestions(sections) };
}
