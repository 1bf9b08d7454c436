import type { Paragraph } from '../docx/document';
import { firstWords, rewriteFirstWords } from './firstWords';

/**
 * Option labels typed on a Cyrillic keyboard that mean the Latin A–E: "А) В) С) D) Е)" where А,
 * В, С and Е are Cyrillic letters that look like Latin ones, D and E sometimes Latin (a Kazakh,
 * Russian or Uzbek teacher switching layouts for the letters Cyrillic lacks). Read as Cyrillic,
 * В would be the third option and С no label at all.
 *
 * Decided for the whole paper, from the lines that start with one letter and ")" or ".": the
 * lookalikes are Latin when the paper labels with С (which no Cyrillic sequence а б в г д uses)
 * or mixes in a Latin D, three lines or more, and hardly uses the letters only Cyrillic has (Б, Г,
 * Д: at most one such line in five). Uzbek papers write A. B. S. D.: S is C there when C never
 * comes and S and D label three lines or more. The label's letter is swapped for its Latin one,
 * one character for one, so every offset stays.
 */
const LATIN_OF: Record<string, string> = { А: 'A', В: 'B', С: 'C', Е: 'E', а: 'a', в: 'b', с: 'c', е: 'e' };
const LABEL = /^\s*([A-Ea-eSsА-Яа-я])\s*[).]/u;

export function latinLookalikeLabels(paragraphs: Paragraph[]): Paragraph[] {
  const letters = paragraphs.flatMap((p) => {
    const match = LABEL.exec(firstWords(p));
    return match ? [match[1]] : [];
  });
  const count = (pattern: RegExp) => letters.filter((c) => pattern.test(c)).length;
  // "A. B. S. D.": Uzbek papers write the Cyrillic С of their old alphabet as S; C never comes.
  const sForC = count(/^[Ss]$/u) >= 3 && count(/^[Dd]$/u) >= 3 && count(/^[CcСс]$/u) === 0;
  const latinOnly = count(/^[СсDd]$/u);
  const cyrillicOnly = count(/^[БбГгДд]$/u);
  const lookalikes = latinOnly >= 3 && cyrillicOnly * 5 <= latinOnly;
  if (!lookalikes && !sForC) return paragraphs;
  const latinOf = (c: string) => (sForC && /^[Ss]$/.test(c) ? (c === 'S' ? 'C' : 'c') : lookalikes ? LATIN_OF[c] : undefined);
  return paragraphs.map((p) =>
    rewriteFirstWords(p, (text) => {
      const match = LABEL.exec(text);
      const latin = match ? latinOf(match[1]) : undefined;
      if (!match || !latin) return null;
      const place = match[0].indexOf(match[1]);
      return text.slice(0, place) + latin + text.slice(place + 1);
    }),
  );
}
