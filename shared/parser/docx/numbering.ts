import type { DocxPackage } from './openDocx';
import { parseXml, type Paragraph } from './document';

interface Level {
  start: number;
  format: string;
  text: string;
}

export interface ListLabel {
  /** As Word shows it: "3.", "(b)", "iv)". */
  label: string;
  /** The number format of the level (decimal, lowerLetter, upperLetter, lowerRoman, upperRoman, bullet...). */
  format: string;
  level: number;
  /** The number itself (1-based). */
  value: number;
}

function* children(el: Element | null, name: string): Generator<Element> {
  if (!el) return;
  for (let node = el.firstChild; node; node = node.nextSibling) if (node.nodeType === 1 && (node as Element).localName === name) yield node as Element;
}
const first = (el: Element | null, name: string) => children(el, name).next().value ?? null;
function val(el: Element | null, name = 'val'): string | null {
  if (!el) return null;
  for (let i = 0; i < el.attributes.length; i++) if (el.attributes[i].localName === name) return el.attributes[i].value;
  return null;
}

/** n in lower-case Roman numerals (Word's and Hangul's lists; upper case is this upper-cased). */
export function roman(n: number): string {
  const table: [number, string][] = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let out = '';
  for (const [value, digits] of table)
    while (n >= value) {
      out += digits;
      n -= value;
    }
  return out;
}
export function letters(n: number): string {
  // a..z, then aa, bb, ... as Word counts.
  const letter = String.fromCharCode(97 + ((n - 1) % 26));
  return letter.repeat(Math.floor((n - 1) / 26) + 1);
}
/** Korean list counters (Word's ganada and chosung, Hangul's HANGUL_SYLLABLE and HANGUL_JAMO). */
export const GANADA = '가나다라마바사아자차카타파하';
export const CHOSUNG = 'ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ';

function formatted(n: number, format: string): string {
  switch (format) {
    case 'lowerLetter':
      return letters(n);
    case 'upperLetter':
      return letters(n).toUpperCase();
    case 'lowerRoman':
      return roman(n);
    case 'upperRoman':
      return roman(n).toUpperCase();
    case 'bullet':
    case 'none':
      return '';
    // Korean lists (Word's names for the formats Hangul also has): ①, 가 나 다, ㄱ ㄴ ㄷ; past the set, the number.
    case 'decimalEnclosedCircle':
      return n >= 1 && n <= 20 ? String.fromCodePoint(0x2460 + n - 1) : String(n);
    case 'ganada':
      return n >= 1 && n <= GANADA.length ? GANADA[n - 1] : String(n);
    case 'chosung':
      return n >= 1 && n <= CHOSUNG.length ? CHOSUNG[n - 1] : String(n);
    default:
      return String(n);
  }
}

/**
 * The labels of Word's automatic numbering, computed from the list definitions (numbering.xml),
 * not read from the text: each numbered paragraph gets "1.", "(a)" and so on as Word shows it.
 * Lists of one definition continue across their instances unless an instance restarts a level;
 * a level's count restarts when a level above it moves on.
 */
export function listLabels(pkg: Pick<DocxPackage, 'xml'>, paragraphs: Paragraph[]): Map<number, ListLabel> {
  const labels = new Map<number, ListLabel>();
  const xml = pkg.xml('word/numbering.xml');
  if (!xml) return labels;
  const root = parseXml(xml, 'word/numbering.xml');
  const abstracts = new Map<string, Map<number, Level>>();
  for (const abstract of children(root, 'abstractNum')) {
    const levels = new Map<number, Level>();
    for (const lvl of children(abstract, 'lvl')) {
      levels.set(Number(val(lvl, 'ilvl') ?? 0), {
        start: Number(val(first(lvl, 'start')) ?? 1),
        format: val(first(lvl, 'numFmt')) ?? 'decimal',
        text: val(first(lvl, 'lvlText')) ?? '',
      });
    }
    abstracts.set(val(abstract, 'abstractNumId') ?? '', levels);
  }
  const instances = new Map<string, { abstractId: string; restarts: Map<number, number> }>();
  for (const num of children(root, 'num')) {
    const restarts = new Map<number, number>();
    for (const override of children(num, 'lvlOverride')) {
      const start = val(first(override, 'startOverride'));
      if (start !== null) restarts.set(Number(val(override, 'ilvl') ?? 0), Number(start));
    }
    instances.set(val(num, 'numId') ?? '', { abstractId: val(first(num, 'abstractNumId')) ?? '', restarts });
  }

  const counters = new Map<string, number[]>();
  const started = new Set<string>();
  for (const paragraph of paragraphs) {
    if (!paragraph.numbering) continue;
    const instance = instances.get(paragraph.numbering.numId);
    const levels = instance && abstracts.get(instance.abstractId);
    if (!instance || !levels) continue;
    const level = paragraph.numbering.level;
    const counts = counters.get(instance.abstractId) ?? [];
    counters.set(instance.abstractId, counts);
    const definition = levels.get(level) ?? { start: 1, format: 'decimal', text: `%${level + 1}.` };
    const restart = !started.has(paragraph.numbering.numId) ? instance.restarts.get(level) : undefined;
    started.add(paragraph.numbering.numId);
    counts[level] = restart !== undefined ? restart : counts[level] === undefined ? definition.start : counts[level] + 1;
    counts.length = level + 1; // deeper levels start again
    const label = definition.text.replace(/%(\d)/g, (_, n: string) => {
      const at = Number(n) - 1;
      const format = levels.get(at)?.format ?? 'decimal';
      return formatted(counts[at] ?? levels.get(at)?.start ?? 1, format);
    });
    labels.set(paragraph.index, { label, format: definition.format, level, value: counts[level] });
  }
  return labels;
}
