import { asCircled, asciiDigits, LETTERS, ROMAN } from './patterns';
import { numericAnswer } from '../../domain/numbers';

/**
 * The value of an answer ("Ans: ...", an answer-key entry, a table's Answer cell), read for the
 * kind of question it answers (docs/word-format.md, "Answers").
 */

const TRUE_WORDS = [
  'true',
  't',
  'đúng',
  '참',
  'o',
  '○',
  'सत्य',
  'सही',
  'સાચું',
  'સાચુ',
  'સાચું',
  '正确',
  '对',
  'vrai',
  'verdadero',
  'verdadeiro',
  'richtig',
  'benar',
  'doğru',
  'верно',
  'vero',
  'wahr',
  'prawda',
  'igaz',
  'pravda',
  'adevărat',
  'правда',
  'истина',
  'правильно',
  'вірно',
  'cierto',
  'certo',
  'waar',
  'juist',
  'tama',
  'صح',
  'صواب',
  'จริง',
  '正しい',
];
const FALSE_WORDS = [
  'false',
  'f',
  'sai',
  '거짓',
  'x',
  '×',
  'असत्य',
  'गलत',
  'ग़लत',
  'ખોટું',
  'ખોટુ',
  '错误',
  '错',
  'faux',
  'falso',
  'falsch',
  'salah',
  'yanlış',
  'неверно',
  'fałsz',
  'hamis',
  'nepravda',
  'fals',
  'ложь',
  'неправильно',
  'неправда',
  'невірно',
  'хибно',
  'errado',
  'onwaar',
  'onjuist',
  'mali',
  'خطأ',
  'เท็จ',
  '誤り',
];
const NUMBER = String.raw`[-+]?(?:\d+(?:[.,]\d+)?|[.,]\d+)`;
const RANGE = new RegExp(String.raw`^(${NUMBER})\s*(?:-|–|—|to|~|\.\.|…|đến|부터)\s*(${NUMBER})$`, 'i');

const toNumber = (text: string) => Number(text.replace(',', '.'));
/** Trimmed, a final full stop dropped, Devanagari and Gujarati digits as ASCII. */
const clean = (text: string) =>
  asciiDigits(
    text
      .trim()
      .replace(/[.。।]$/, '')
      .trim(),
  );

const YES_WORDS = ['yes', 'có', 'oui', 'sí', 'sì', 'si', 'ja', 'ya', 'evet', 'да', '예', 'はい', '是'];
const NO_WORDS = ['no', 'không', 'non', 'nein', 'tidak', 'hayır', 'нет', '아니오', 'いいえ', '否'];

/** Every word read as true, false, yes or no: the anonymiser keeps them (a replaced "vero" would read as nothing). */
export const TRUTH_WORDS: readonly string[] = [...TRUE_WORDS, ...FALSE_WORDS, ...YES_WORDS, ...NO_WORDS];

/** Yes (true) or No (false), in the languages teachers write; null otherwise. */
export function yesNoAnswer(text: string): boolean | null {
  const word = clean(text).toLowerCase();
  return YES_WORDS.includes(word) ? true : NO_WORDS.includes(word) ? false : null;
}

/** True or False, in any of the three languages; null otherwise. */
export function trueFalseAnswer(text: string): boolean | null {
  const word = clean(text).toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  return null;
}

/**
 * The options an answer names, 0-based: "b", "(b)", "B.", "a, c", "a and c", "AC", "③", or a
 * label followed by the option's text ("(b) 4 m/s"). Null when it names none.
 */
export function choiceAnswer(text: string): number[] | null {
  let value = asCircled(clean(text)).replace(/^options?\s+/i, '');
  // Circled numbers, Devanagari and Gujarati option letters as a, b, c...
  for (const letters of LETTERS.slice(2)) value = value.replace(new RegExp(`[${letters}]`, 'g'), (c) => `${String.fromCharCode(97 + letters.indexOf(c))} `);
  value = value.trim();
  if (/^[a-h]{1,8}$/i.test(value)) {
    const letters = [...value.toLowerCase()];
    if (new Set(letters).size === letters.length) return letters.map((c) => c.charCodeAt(0) - 97);
  }
  // (i) (ii) (iii) (iv): options numbered in Roman numerals ("i" and "v" are never letters of an option, which stop at h).
  const roman = /^\(?(i{1,3}|iv|v|vi{1,3})\)?\.?$/i.exec(value);
  if (roman) return [ROMAN.indexOf(roman[1].toLowerCase())];
  const tokens = value.split(/\s*(?:,|;|&|\/|\band\b|\bvà\b|그리고|\s)\s*/i).filter(Boolean);
  const picked: number[] = [];
  for (const token of tokens) {
    const label = /^\(?([a-h])\)?[.)]?$/i.exec(token);
    if (!label) {
      if (picked.length === 0) return null;
      break; // "(b) 4 m/s": the option's text after its label
    }
    const index = label[1].toLowerCase().charCodeAt(0) - 97;
    if (!picked.includes(index)) picked.push(index);
  }
  return picked.length ? picked.sort((a, b) => a - b) : null;
}

/** A whole number: an answer alone that makes a question an integer one (a decimal makes it fill in the blanks, docs/word-format.md). */
export const integerAnswer = (text: string): number | null => (/^[-+]?\d{1,15}$/.test(clean(text)) ? Number(clean(text)) : null);
/** The answer of a question typed `Type: Integer`: a signed number, whole or decimal (issue 14). */
export const typedIntegerAnswer = (text: string): number | null => numericAnswer(clean(text));

export type BlankAnswer = { type: 'constants'; name: string } | { type: 'range'; floor: number; cap: number; name: string };

/**
 * A fill-in-the-blanks answer: blanks separated by ';', alternatives of one blank by '|', each
 * a word, a number or a range ("2.5 - 3.5", "2.5 to 3.5").
 */
export function blankAnswers(text: string): BlankAnswer[][] {
  // One ';' ending the answer separates nothing: it is the answer's own ("System.out.println(x);").
  const blanks = /^[^;]+;\s*$/.test(text) ? [text.trim()] : text.split(';');
  return blanks
    .map((blank) =>
      blank
        .split('|')
        .map((alternative) => clean(alternative))
        .filter(Boolean)
        .map((alternative): BlankAnswer => {
          const range = RANGE.exec(alternative);
          if (range) {
            const [low, high] = [toNumber(range[1]), toNumber(range[2])].sort((a, b) => a - b);
            return { type: 'range', floor: low, cap: high, name: alternative };
          }
          return { type: 'constants', name: alternative };
        }),
    )
    .filter((alternatives) => alternatives.length > 0);
}

/** Marks as written: "4", "+4 -1", "4, -1", "4/-1", "+4, -1, -0.5" (positive, negative, when unattempted). */
export function marksOf(text: string): { positive: number; negative: number } | null {
  const numbers = clean(text).match(/[-+]?\d+(?:[.,]\d+)?/g);
  if (!numbers || numbers.length > 3) return null;
  const rest = clean(text)
    .replace(/[-+]?\d+(?:[.,]\d+)?/g, '')
    .replace(/[\s,;/()]|marks?|points?|pts?\.?|điểm|점/gi, '');
  if (rest) return null;
  const [positive, negative = '0'] = numbers;
  return { positive: Math.abs(toNumber(positive)), negative: Math.abs(toNumber(negative)) };
}
