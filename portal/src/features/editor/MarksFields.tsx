import { Checkbox, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Marks, Question, Remark } from '@shared/domain/test';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'flex-end' },
  number: { width: '110px' },
});

/** Marks as the form holds them: numbers as typed, the three marking flags. */
export interface MarksForm {
  positive: string;
  negative: string;
  unattempted: string;
  negativeOn: boolean;
  unattemptedOn: boolean;
  partialOn: boolean;
}

type Marked = Pick<Question, 'isNegativeMarkingEnabled' | 'isNegativeMarkingEnabledIfUnattempted' | 'isPartialMarkingEnabled'> & { marks: Marks };

export const toNumber = (value: string, fallback = 0) => (value.trim() === '' || Number.isNaN(Number(value)) ? fallback : Number(value));

/** The form of a question's marks (or of a type's default marks, flags off). */
export function marksFormOf(marks: Marks, question?: Partial<Marked>): MarksForm {
  return {
    positive: String(marks.positive),
    negative: String(marks.negative),
    unattempted: String(marks.negativeUnattempted),
    negativeOn: question?.isNegativeMarkingEnabled ?? false,
    unattemptedOn: question?.isNegativeMarkingEnabledIfUnattempted ?? false,
    partialOn: question?.isPartialMarkingEnabled ?? false,
  };
}

/** What the form sets on a question: its marks and flags (a question's draft fields, or a re-mark). */
export function remarkOf(form: MarksForm): Required<Remark> & { marks: Marks } {
  return {
    marks: { positive: toNumber(form.positive), negative: toNumber(form.negative), negativeUnattempted: toNumber(form.unattempted) },
    isNegativeMarkingEnabled: form.negativeOn,
    isNegativeMarkingEnabledIfUnattempted: form.unattemptedOn,
    isPartialMarkingEnabled: form.partialOn,
  };
}

const NUMBERS = [
  { key: 'positive', label: 'editor.positiveMarks' },
  { key: 'negative', label: 'editor.negativeMarks' },
  { key: 'unattempted', label: 'editor.unattemptedMarks' },
] as const;

/** The marks of a question (its dialog) or of several (the bulk marks dialog): three numbers and three switches. */
export function MarksFields({ value, onChange }: { value: MarksForm; onChange: (next: MarksForm) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const set = (patch: Partial<MarksForm>) => onChange({ ...value, ...patch });
  return (
    <>
      <Text weight="semibold">{t('editor.marks')}</Text>
      <div className={styles.row}>
        {NUMBERS.map(({ key, label }) => (
          <Field key={key} label={t(label)}>
            <Input
              className={styles.number}
              type="number"
              min={0}
              value={value[key]}
              onChange={(_, d) => set({ [key]: d.value })}
              data-testid={`marks-${key}`}
            />
          </Field>
        ))}
      </div>
      <div className={styles.row}>
        <Checkbox
          label={t('editor.negativeOn')}
          checked={value.negativeOn}
          onChange={(_, d) => set({ negativeOn: Boolean(d.checked) })}
          data-testid="marks-negative-on"
        />
        <Checkbox label={t('editor.unattemptedOn')} checked={value.unattemptedOn} onChange={(_, d) => set({ unattemptedOn: Boolean(d.checked) })} />
        <Checkbox label={t('editor.partialOn')} checked={value.partialOn} onChange={(_, d) => set({ partialOn: Boolean(d.checked) })} />
      </div>
    </>
  );
}
