import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../i18n/languages';

/** Where the product serves the teachers' guide to the Word format (docs/word-format.md) and its sample document. */
export const WORD_GUIDE_URL = '/help/word-format';
export const WORD_SAMPLE_URL = '/samples/testforge-word-sample.docx';

/** A UI language ("vi", "ko-KR", "en-GB") as one of the guide's languages, English otherwise. */
export const guideLanguage = (language: string | null | undefined): Language => {
  const tag = (language ?? '').toLowerCase().split('-')[0];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(tag) ? (tag as Language) : FALLBACK_LANGUAGE;
};

/** The guide in the user's language (docs/word-format.md, .vi.md, .ko.md): `/help/word-format?lang=vi`. */
export const wordGuideUrl = (language: string | null | undefined) => `${WORD_GUIDE_URL}?lang=${guideLanguage(language)}`;

/** The sample document in the user's language: `/samples/testforge-word-sample.docx`, `.vi.docx`, `.ko.docx`. */
export const wordSampleUrl = (language: string | null | undefined) => {
  const lang = guideLanguage(language);
  return lang === 'en' ? WORD_SAMPLE_URL : WORD_SAMPLE_URL.replace(/\.docx$/, `.${lang}.docx`);
};
