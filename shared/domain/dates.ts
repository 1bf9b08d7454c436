import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import 'dayjs/locale/ko';

export const DEFAULT_DATE_FORMAT = 'DD MMM YYYY';

/** Formats a date in the user's region format (region.dateTimeStamp, dayjs tokens). */
export function formatDate(value: Date | string, format: string | undefined, locale = 'en'): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return date.locale(locale).format(format || DEFAULT_DATE_FORMAT);
}
