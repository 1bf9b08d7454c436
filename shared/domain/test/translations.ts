import { isBlankHtml } from './html';
import type { Question, QuestionTranslation } from './types';

/** Languages a test's content may be written in (spec: entries with a label and a capitalised value). */
export const CONTENT_LANGUAGES = ['English', 'Vietnamese', 'Korean', 'Hindi', 'Gujarati', 'Marathi', 'Bengali', 'Tamil', 'Telugu', 'Kannada'] as const;

const LANGUAGE_CODES: Record<string, string> = {
  English: 'en',
  Vietnamese: 'vi',
  Korean: 'ko',
  Hindi: 'hi',
  Gujarati: 'gu',
  Marathi: 'mr',
  Bengali: 'bn',
  Tamil: 'ta',
  Telugu: 'te',
  Kannada: 'kn',
};

/**
 * A content language's name in the portal's language ('Vietnamese' is 베트남어 in Korean). The
 * stored value stays the English name the spec gives; in English, or for a name we do not know,
 * it is shown as it is.
 */
export function contentLanguageName(language: string, uiLanguage: string, inSentence = false): string {
  const code = LANGUAGE_CODES[language];
  if (!code || uiLanguage.startsWith('en')) return language;
  try {
    const name = new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code) ?? language;
    // Vietnamese writes 'Tiếng Việt' as a label but 'tiếng Việt' inside a sentence.
    return inSentence && uiLanguage.startsWith('vi') ? name.charAt(0).toLocaleLowerCase('vi') + name.slice(1) : name;
  } catch {
    return language;
  }
}

/** A content language's code ('Vietnamese' is 'vi'), or null for a name we do not know. */
export const contentLanguageCode = (language: string): string | null => LANGUAGE_CODES[language] ?? null;

/**
 * A content language named in itself ('Tiếng Việt', '한국어'): how a student who reads it finds
 * it in a language switch, whatever language the page is in.
 */
export function nativeLanguageName(language: string): string {
  const code = LANGUAGE_CODES[language];
  if (!code) return language;
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? language;
  } catch {
    return language;
  }
}

/**
 * The content language to start in: the one chosen before (kept on this device), else the first
 * of the browser's languages the test has, else the test's first language.
 */
export function startingLanguage(languages: readonly string[], chosen: string | null, browserLanguages: readonly string[]): string | null {
  if (!languages.length) return null;
  if (chosen && languages.includes(chosen)) return chosen;
  for (const browser of browserLanguages) {
    const code = browser.toLowerCase().split('-')[0];
    const found = languages.find((language) => LANGUAGE_CODES[language] === code);
    if (found) return found;
  }
  return languages[0];
}

export interface QuestionText {
  name: string;
  solution: string;
  paragraph: string;
  /** Option text by option id. */
  options: Map<string, string>;
  /** False when this language has no text yet for the question. */
  translated: boolean;
}

/**
 * A question's text in one language of a multilingual test. The first language (or none given)
 * is the question's own text; another language is its translation, empty where there is none.
 */
export function questionTextIn(question: Question, language: string | null, firstLanguage: string | null): QuestionText {
  const own = (): QuestionText => ({
    name: question.name,
    solution: question.solution,
    paragraph: question.type === 'comprehension' ? question.paragraph : '',
    options: new Map('options' in question ? question.options.map((o) => [o.id, o.name]) : []),
    translated: true,
  });
  if (language === null || language === firstLanguage) return own();
  const translation: Partial<QuestionTranslation> = question.translations[language] ?? {};
  const main = question.type === 'comprehension' ? translation.paragraph : translation.name;
  return {
    name: translation.name ?? '',
    solution: translation.solution ?? '',
    paragraph: translation.paragraph ?? '',
    options: new Map((translation.options ?? []).map((o) => [o.id, o.name])),
    translated: !isBlankHtml(main),
  };
}

/**
 * The translations to send with an edit of the question's own (first-language) text: without
 * the first language's copy, which would otherwise win over the edited text.
 */
export function translationsForEdit(question: Pick<Question, 'translations'>, firstLanguage: string | null): Record<string, QuestionTranslation> {
  const { [firstLanguage ?? '']: _own, ...others } = question.translations;
  return others;
}
