import { Field, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, pickLanguage, SUPPORTED_LANGUAGES } from '@shared/i18n/languages';

/**
 * Switches the portal's language (kept in local storage, sent to the server as accept-language).
 * A native select: light enough for the sign-in page's first load.
 */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const select = (
    <Select
      data-testid="language-picker"
      aria-label={compact ? t('common.language') : undefined}
      style={compact ? { minWidth: 0, width: 'auto' } : undefined}
      value={pickLanguage(i18n.language)}
      onChange={(_, data) => void i18n.changeLanguage(data.value)}
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <option key={lng} value={lng} lang={lng}>
          {LANGUAGE_LABELS[lng]}
        </option>
      ))}
    </Select>
  );
  // Compact (phones): the select alone, named for screen readers.
  if (compact) return select;
  return (
    <Field label={{ children: t('common.language'), style: { whiteSpace: 'nowrap', marginRight: 8 } }} orientation="horizontal">
      {select}
    </Field>
  );
}
