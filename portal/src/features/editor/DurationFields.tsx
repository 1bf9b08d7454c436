import type { KeyboardEvent } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/** Spec section 5: duration fields accept digit keys only (editing and shortcut keys pass). */
function onlyDigitKeys(event: KeyboardEvent) {
  if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey) event.preventDefault();
}

export interface Duration {
  hours: string;
  minutes: string;
}

/** Splits milliseconds into the editor's hours and minutes. */
export function durationFields(ms: number): Duration {
  const totalMinutes = Math.round(ms / 60000);
  return { hours: String(Math.floor(totalMinutes / 60)), minutes: String(totalMinutes % 60) };
}

/** Spec section 9: milliseconds = (hours*60+minutes)*60000. */
export function durationMs({ hours, minutes }: Duration): number {
  return (Number(hours || 0) * 60 + Number(minutes || 0)) * 60000;
}

/** Hours and minutes side by side; pasted text keeps only its digits. */
export function DurationFields({ value, onChange, validationMessage }: { value: Duration; onChange: (next: Duration) => void; validationMessage?: string }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <Field label={t('editor.hours')} validationMessage={validationMessage}>
        <Input inputMode="numeric" value={value.hours} onKeyDown={onlyDigitKeys} onChange={(_, d) => onChange({ ...value, hours: digitsOnly(d.value) })} />
      </Field>
      <Field label={t('editor.minutes')}>
        <Input inputMode="numeric" value={value.minutes} onKeyDown={onlyDigitKeys} onChange={(_, d) => onChange({ ...value, minutes: digitsOnly(d.value) })} />
      </Field>
    </div>
  );
}
