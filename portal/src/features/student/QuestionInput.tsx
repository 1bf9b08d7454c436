import { useEffect, useRef, useState } from 'react';
import { Button, Caption1, Field, Input, mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { StudentQuestion } from '@shared/api/students';
import type { StudentAnswer } from '@shared/domain/scoring';
import { mayBecomeNumber } from '@shared/domain/numbers';
import { RichText } from '../../app/RichText';
import { useStudentStyles } from './styles';

const TEXT_SAVE_DELAY_MS = 600;

/** A text answer saved a moment after typing stops (and at once when the field is left). */
function useDebouncedSave(save: (answer: StudentAnswer | null) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<StudentAnswer | null>(null);
  const flush = () => {
    if (!timer.current) return;
    clearTimeout(timer.current);
    timer.current = null;
    save(latest.current);
  };
  useEffect(() => flush, []); // eslint-disable-line react-hooks/exhaustive-deps
  return {
    later: (answer: StudentAnswer | null) => {
      latest.current = answer;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, TEXT_SAVE_DELAY_MS);
    },
    flush,
  };
}

/** The answer of one question as the student gives it: options, one input per blank, or a number. */
export function QuestionInput({
  question,
  answer,
  onAnswer,
  disabled,
}: {
  question: StudentQuestion;
  answer: StudentAnswer | undefined;
  onAnswer: (answer: StudentAnswer | null) => void;
  disabled: boolean;
}) {
  const styles = useStudentStyles();
  const { t } = useTranslation();
  const [text, setText] = useState<StudentAnswer>(answer ?? {});
  const debounced = useDebouncedSave(onAnswer);
  useEffect(() => setText(answer ?? {}), [question.id]); // eslint-disable-line react-hooks/exhaustive-deps

  if (question.type === 'multiple_choice' || question.type === 'true_false') {
    const chosen = new Set(answer?.selected ?? []);
    const multi = !!question.isMultiSelect;
    const toggle = (id: string) => {
      if (!multi) return onAnswer({ selected: [id] });
      const next = new Set(chosen);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      onAnswer(next.size ? { selected: (question.options ?? []).map((o) => o.id).filter((o) => next.has(o)) } : null);
    };
    return (
      <div className={styles.options} role={multi ? 'group' : 'radiogroup'} aria-label={multi ? t('student.chooseAll') : t('student.chooseOne')}>
        <Caption1 className={styles.muted}>{multi ? t('student.chooseAll') : t('student.chooseOne')}</Caption1>
        {(question.options ?? []).map((option) => (
          <label key={option.id} className={mergeClasses(styles.option, chosen.has(option.id) && styles.optionChosen)} data-testid="student-option">
            <input
              type={multi ? 'checkbox' : 'radio'}
              name={`q-${question.id}`}
              checked={chosen.has(option.id)}
              disabled={disabled}
              onChange={() => toggle(option.id)}
            />
            <RichText as="span" html={option.name} />
          </label>
        ))}
        {chosen.size > 0 && !disabled && (
          <div>
            <Button appearance="subtle" size="small" onClick={() => onAnswer(null)}>
              {t('student.clear')}
            </Button>
          </div>
        )}
      </div>
    );
  }

  if (question.type === 'fill_ups') {
    const blanks = question.blanks ?? [];
    const change = (id: string, value: string) => {
      const next = { ...(text.blanks ?? {}), [id]: value };
      setText({ blanks: next });
      debounced.later(Object.values(next).some((v) => v.trim()) ? { blanks: next } : null);
    };
    return (
      <div className={styles.options}>
        {blanks.map((blank) => (
          <Field key={blank.id} label={t('student.blank', { number: blank.number })}>
            <Input
              value={text.blanks?.[blank.id] ?? ''}
              disabled={disabled}
              onChange={(_, data) => change(blank.id, data.value)}
              onBlur={debounced.flush}
              data-testid="student-blank"
            />
          </Field>
        ))}
      </div>
    );
  }

  if (question.type === 'integer') {
    return (
      <Field
        label={t('student.yourAnswer')}
        hint={t('student.integerHint')}
        validationMessage={mayBecomeNumber(text.value ?? '') ? undefined : t('student.numberInvalid')}
        validationState={mayBecomeNumber(text.value ?? '') ? 'none' : 'warning'}
      >
        <Input
          inputMode="decimal"
          maxLength={32}
          value={text.value ?? ''}
          disabled={disabled}
          onChange={(_, data) => {
            // Kept exactly as typed (issue 14: "2.5" became "25"); it is read as a number when scored.
            const value = data.value;
            setText({ value });
            debounced.later(value.trim() ? { value } : null);
          }}
          onBlur={debounced.flush}
          data-testid="student-integer"
        />
      </Field>
    );
  }
  return null;
}
