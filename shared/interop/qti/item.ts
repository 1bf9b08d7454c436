import { skipReasonOf, type ParsedChildQuestion, type SkipReason } from '../model';
import { fillUps, isWholeNumber, marksFrom, rangeAnswer, TRUE_FALSE, wordAnswer } from '../questions';
import type { XmlElement } from '../xml';
import { contentHtml, type ContentContext } from './content';
import { qtiAttr, qtiChild, qtiChildren, qtiFind, qtiName } from './names';

/**
 * One QTI assessment item (2.x or 3.0) as one of our questions: a choice interaction is multiple
 * choice (true/false when our label says so, or its two choices are True and False), text-entry
 * interactions are the blanks of a fill-in-the-blanks question (or an integer question: one
 * integer blank with one answer), MAXSCORE / MINSCORE are the marks, a modal feedback or a
 * solution feedback block the solution. Anything else is named and the item left out.
 */

const UNSUPPORTED = /^qti-(.*)-interaction$/;

/** Tidies the white space an XML file's indentation leaves between blocks. */
const tidy = (html: string) =>
  html
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\s*(<\/?(?:p|div|table|tbody|thead|tr|td|th|ul|ol|li|h\d|blockquote)\b[^>]*>)\s*/g, '$1')
    .trim();

function values(declaration: XmlElement | null): string[] {
  return qtiChildren(qtiChild(declaration, 'qti-correct-response'), 'qti-value').map((v) => v.textContent.trim());
}

function mapped(declaration: XmlElement | null): string[] {
  return qtiChildren(qtiChild(declaration, 'qti-mapping'), 'qti-map-entry')
    .filter((e) => Number(qtiAttr(e, 'mapped-value') ?? 0) > 0)
    .map((e) => qtiAttr(e, 'map-key') ?? '');
}

/** `floor <= RESPONSE_k <= cap` pairs that response processing tests (how we write ranges). */
function rangesOf(item: XmlElement, id: string): { floor: number; cap: number }[] {
  const bound = (name: string) =>
    qtiFind(qtiChild(item, 'qti-response-processing'), name).flatMap((el) => {
      const [variable, value] = qtiChildren(el);
      return variable && value && qtiAttr(variable, 'identifier') === id && qtiName(value) === 'qti-base-value'
        ? [{ el, value: Number(value.textContent) }]
        : [];
    });
  const lows = bound('qti-gte');
  const highs = bound('qti-lte');
  // We write each range as qti-and(qti-gte, qti-lte): the nth lower bound goes with the nth upper one.
  return lows.flatMap((low, i) => (highs[i] ? [{ floor: low.value, cap: highs[i].value }] : []));
}

function outcome(item: XmlElement, id: string): number | null {
  const declaration = qtiChildren(item, 'qti-outcome-declaration').find((d) => qtiAttr(d, 'identifier') === id);
  const value = qtiChild(qtiChild(declaration ?? null, 'qti-default-value'), 'qti-value')?.textContent;
  return value !== undefined && Number.isFinite(Number(value)) ? Number(value) : null;
}

export type ItemResult = { question: ParsedChildQuestion } | { error: { code: string; message: string; skip?: { reason: SkipReason; kind?: string } } };

export function readItem(item: XmlElement, ctx: ContentContext): ItemResult {
  const body = qtiChild(item, 'qti-item-body');
  if (!body) return { error: { code: 'emptyQuestion', message: 'the item has no body' } };
  const kinds = new Set<string>();
  const found: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    for (const c of qtiChildren(el)) {
      const name = qtiName(c);
      if (UNSUPPORTED.test(name)) {
        kinds.add(name);
        found.push(c);
      } else walk(c);
    }
  };
  walk(body);
  const other = [...kinds].find((k) => k !== 'qti-choice-interaction' && k !== 'qti-text-entry-interaction');
  if (other) {
    const kind = UNSUPPORTED.exec(other)![1].replace(/-/g, ' ');
    return { error: { code: 'unknownType', message: `${kind} interactions have no place in our tests`, skip: skipReasonOf(kind) } };
  }
  if (kinds.size > 1)
    return { error: { code: 'unknownType', message: 'an item mixing choices and blanks has no place in our tests', skip: { reason: 'mixedInteractions' } } };
  if (!kinds.size) return { error: { code: 'noInteraction', message: 'the item asks nothing (no interaction)' } };
  const declarations = new Map(qtiChildren(item, 'qti-response-declaration').map((d) => [qtiAttr(d, 'identifier') ?? '', d]));
  const name = tidy(contentHtml(body, ctx));
  const solution = tidy(
    [
      ...qtiChildren(item, 'qti-modal-feedback'),
      ...qtiFind(body, 'qti-feedback-block').filter(
        (f) => /solution/i.test(qtiAttr(f, 'identifier') ?? '') || /solution/i.test(qtiAttr(f, 'outcome-identifier') ?? ''),
      ),
    ]
      .map((f) => contentHtml(f, ctx))
      .join(''),
  );
  const max = outcome(item, 'MAXSCORE');
  const min = outcome(item, 'MINSCORE');
  const meta = max !== null ? marksFrom(max, min !== null && min < 0 ? -min : 0) : {};
  if (kinds.has('qti-choice-interaction')) {
    if (found.length > 1)
      return {
        error: { code: 'unknownType', message: 'an item with several choice interactions has no place in our tests', skip: { reason: 'severalChoices' } },
      };
    const interaction = found[0];
    const declaration = declarations.get(qtiAttr(interaction, 'response-identifier') ?? '') ?? null;
    const right = new Set([...values(declaration), ...mapped(declaration)]);
    const choices = qtiChildren(interaction, 'qti-simple-choice').map((c) => ({ id: qtiAttr(c, 'identifier') ?? '', html: tidy(contentHtml(c, ctx)) }));
    if (choices.length < 2) return { error: { code: 'tooFewOptions', message: 'a question needs two options or more' } };
    if (!choices.some((c) => right.has(c.id))) return { error: { code: 'noCorrectAnswer', message: 'no correct response is declared' } };
    const plain = choices.map((c) =>
      c.html
        .replace(/<[^>]*>/g, '')
        .trim()
        .toLowerCase(),
    );
    const trueFalse = qtiAttr(item, 'label') === 'true_false' || (choices.length === 2 && plain[0] === 'true' && plain[1] === 'false' && right.size === 1);
    if (trueFalse)
      return {
        question: { type: 'true_false', name, solution, options: TRUE_FALSE.map((n, i) => ({ name: n, isCorrect: right.has(choices[i].id) })), ...meta },
      };
    return { question: { type: 'multiple_choice', name, solution, options: choices.map((c) => ({ name: c.html, isCorrect: right.has(c.id) })), ...meta } };
  }
  const blanks = found.map((interaction) => {
    const id = qtiAttr(interaction, 'response-identifier') ?? '';
    const declaration = declarations.get(id) ?? null;
    const baseType = qtiAttr(declaration ?? interaction, 'base-type') ?? 'string';
    if (baseType === 'string') return [...new Set([...values(declaration), ...mapped(declaration)])].map(wordAnswer);
    const ranges = rangesOf(item, id);
    if (ranges.length) return ranges.map((r) => rangeAnswer(r.floor, r.cap));
    return values(declaration).map((v) => rangeAnswer(Number(v), Number(v)));
  });
  const empty = blanks.findIndex((b) => !b.length);
  if (empty >= 0) return { error: { code: 'noCorrectAnswer', message: `blank ${empty + 1} has no correct response` } };
  const only = blanks.length === 1 && blanks[0].length === 1 ? values(declarations.get(qtiAttr(found[0], 'response-identifier') ?? '') ?? null) : [];
  if (only.length === 1 && isWholeNumber(only[0]) && qtiAttr(declarations.get(qtiAttr(found[0], 'response-identifier') ?? '')!, 'base-type') === 'integer') {
    const stem = name.endsWith('<p>____</p>') ? name.slice(0, -'<p>____</p>'.length) : name.replace('____', '');
    return { question: { type: 'integer', name: stem, solution: String(Number(only[0])), ...meta } };
  }
  return { question: { ...fillUps(name, blanks, solution), ...meta } };
}
