/**
 * Dates and numbers as each UI language writes them, through `Intl` (issue 17): the language
 * decides the order, the separators and the month names (Korean `2026. 11. 24.`, Vietnamese
 * `24 thg 11, 2026`, English `24 Nov 2026`); the region's format (region.dateTimeStamp) decides
 * only whether the month is written as a name (`MMM`, the default) or as digits (`DD/MM/YYYY`).
 */

export const DEFAULT_DATE_FORMAT = 'DD MMM YYYY';

/** The Intl locale of a UI language: English is written day first (`24 Nov 2026`), as the default region format is. */
const INTL_LOCALES: Record<string, string> = { en: 'en-GB', vi: 'vi-VN', ko: 'ko-KR' };

export function intlLocale(language: string | undefined): string {
  const base = (language || 'en').toLowerCase().split('-')[0];
  return INTL_LOCALES[base] ?? base;
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

const toDate = (value: Date | string | number): Date | null => {
  if (value === '' || value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A region format with a month name (MMM, MMMM) or none given: the language's medium date; digits otherwise. */
const monthAsName = (format: string | undefined) => !format || format.includes('MMM');

function dateFormatter(format: string | undefined, language: string | undefined): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  const named = monthAsName(format);
  return cached(
    `d|${locale}|${named}`,
    () => new Intl.DateTimeFormat(locale, named ? { dateStyle: 'medium' } : { year: 'numeric', month: '2-digit', day: '2-digit' }),
  );
}

/** A date (no time) in the UI language; '' for a missing or invalid one. */
export function formatDate(value: Date | string | number, format: string | undefined, language = 'en'): string {
  const date = toDate(value);
  return date ? dateFormatter(format, language).format(date) : '';
}

/** A date and a 24-hour time (`2026. 11. 24. 09:05`) in the UI language; '' for a missing or invalid one. */
export function formatDateTime(value: Date | string | number, format: string | undefined, language = 'en'): string {
  const date = toDate(value);
  if (!date) return '';
  const locale = intlLocale(language);
  const time = cached(`t|${locale}`, () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
  return `${dateFormatter(format, language).format(date)} ${time.format(date)}`;
}

/** A number in the UI language (`12,345.5`, Vietnamese `12.345,5`); '—' where there is none. */
export function formatNumber(value: number | null | undefined, language: string | undefined, maximumFractionDigits = 1, minimumFractionDigits = 0): string {
  if (value == null || Number.isNaN(value)) return '—';
  const locale = intlLocale(language);
  return cached(
    `n|${locale}|${maximumFractionDigits}|${minimumFractionDigits}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits, minimumFractionDigits }),
  ).format(value);
}
