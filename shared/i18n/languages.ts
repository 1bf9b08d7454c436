export const SUPPORTED_LANGUAGES = ['en', 'vi', 'ko'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Labels are shown in their own language so a user can always find theirs. */
export const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', vi: 'Tiếng Việt', ko: '한국어' };

/** Picks the first supported language of an Accept-Language header (or a stored choice). */
export function pickLanguage(header: string | null | undefined): Language {
  if (!header) return FALLBACK_LANGUAGE;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag, q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q) };
    })
    .filter((t) => t.tag && !Number.isNaN(t.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if ((SUPPORTED_LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return FALLBACK_LANGUAGE;
}
