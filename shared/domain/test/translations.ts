import { isBlankHtml } from './html';
import type { Question, QuestionTranslation } from './types';

/** Languages a test's content may be written in (spec: entries with a label and a capitalised value). */
export const CONTENT_LANGUAGES = ['English', 'Vietnamese', 'Korean', 'Hindi', 'Gujarati', 'Marathi', 'Bengali', 'Tamil', 'Telugu', 'Kannada'] as const;

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
