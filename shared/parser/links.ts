/** Where the product serves the teachers' guide to the Word format (docs/word-format.md) and its sample document. */
export const WORD_GUIDE_URL = '/help/word-format';
export const WORD_SAMPLE_URL = '/samples/testforge-word-sample.docx';
