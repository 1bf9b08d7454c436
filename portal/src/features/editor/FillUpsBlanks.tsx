import { Button, Caption1, Field, Input, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { framedStack } from '../../app/surfaces';

/** One accepted answer of a blank: a word or number (constants) or a numeric range. */
export interface FillUpsAnswerForm {
  id?: string;
  /** The blank it belongs to (spec: options sharing an optionId are the accepted answers of one blank). */
  optionId: string;
  name: string;
  type: 'constants' | 'range';
  floor: string;
  cap: string;
  positiveMarks: string;
}

let counter = 0;
/** A key for a new blank, sent as its optionId (the server keeps a given optionId as is). */
export const newBlankKey = () => `blank-${Date.now().toString(36)}-${(counter += 1)}`;

export const acceptedAnswer = (optionId: string, positiveMarks = '0.25'): FillUpsAnswerForm => ({
  optionId,
  name: '',
  type: 'constants',
  floor: '',
  cap: '',
  positiveMarks,
});

/** The blanks in the order they first appear, each with its accepted answers (and their places in the flat list). */
export function blanksOf(answers: FillUpsAnswerForm[]): { optionId: string; answers: { answer: FillUpsAnswerForm; index: number }[] }[] {
  const blanks = new Map<string, { answer: FillUpsAnswerForm; index: number }[]>();
  answers.forEach((answer, index) => blanks.set(answer.optionId, [...(blanks.get(answer.optionId) ?? []), { answer, index }]));
  return [...blanks].map(([optionId, list]) => ({ optionId, answers: list }));
}

const useStyles = makeStyles({
  blank: { ...framedStack, gap: tokens.spacingVerticalS },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  answer: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `3px solid ${tokens.colorBrandStroke2}`,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'flex-end' },
  number: { width: '110px' },
});

/** A range answer's two ends, in the order they stand. */
const RANGE_ENDS = ['floor', 'cap'] as const;

/** A short number field: a blank's marks, an end of a range. */
function NumberField({ label, value, onChange, dataTestId }: { label: string; value: string; onChange: (value: string) => void; dataTestId: string }) {
  const styles = useStyles();
  return (
    <Field label={label}>
      <Input className={styles.number} type="number" value={value} onChange={(_, d) => onChange(d.value)} data-testid={dataTestId} />
    </Field>
  );
}

/**
 * The blanks of a fill-in question (issue 14): each blank has one or more accepted answers (a
 * student who gives any one of them gets the blank right) and its own marks. "Add another accepted
 * answer" adds to the same blank; "Add blank" adds a blank (it added a blank when the tutor meant
 * another accepted answer, so students who typed that answer were marked wrong).
 */
export function FillUpsBlanks({ answers, onChange }: { answers: FillUpsAnswerForm[]; onChange: (next: FillUpsAnswerForm[]) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const blanks = blanksOf(answers);
  const set = (index: number, patch: Partial<FillUpsAnswerForm>) => onChange(answers.map((a, i) => (i === index ? { ...a, ...patch } : a)));
  const addAnswer = (optionId: string) => {
    const last = Math.max(...answers.map((a, i) => (a.optionId === optionId ? i : -1)));
    onChange([...answers.slice(0, last + 1), acceptedAnswer(optionId, answers[last].positiveMarks), ...answers.slice(last + 1)]);
  };
  const setMarks = (optionId: string, positiveMarks: string) => onChange(answers.map((a) => (a.optionId === optionId ? { ...a, positiveMarks } : a)));

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="fill-blanks">
      <Text weight="semibold">{t('editor.blanks')}</Text>
      <Caption1>{t('editor.blanksHint')}</Caption1>
      {blanks.map((blank, b) => (
        <div key={blank.optionId} className={styles.blank} data-testid="fill-blank" role="group" aria-label={t('editor.blankN', { n: b + 1 })}>
          <div className={styles.head}>
            <Text weight="semibold">{t('editor.blankN', { n: b + 1 })}</Text>
            <div className={styles.row}>
              <NumberField
                label={t('editor.blankMarks')}
                value={blank.answers[0].answer.positiveMarks}
                onChange={(value) => setMarks(blank.optionId, value)}
                dataTestId={`fill-marks-${b}`}
              />
              {blanks.length > 1 && (
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  onClick={() => onChange(answers.filter((a) => a.optionId !== blank.optionId))}
                >
                  {t('editor.removeBlank')}
                </Button>
              )}
            </div>
          </div>
          {blank.answers.map(({ answer, index }, n) => (
            <div key={index} className={styles.answer} data-testid="option-row">
              <RadioGroup
                layout="horizontal"
                value={answer.type}
                onChange={(_, d) => set(index, { type: d.value as FillUpsAnswerForm['type'] })}
                aria-label={t('editor.answerKind')}
              >
                <Radio value="constants" label={t('editor.constant')} />
                <Radio value="range" label={t('editor.range')} />
              </RadioGroup>
              <div className={styles.row}>
                {answer.type === 'constants' ? (
                  <Field label={n === 0 ? t('editor.acceptedAnswer') : t('editor.alsoAccepted')}>
                    <Input value={answer.name} onChange={(_, d) => set(index, { name: d.value })} data-testid={`fill-constant-${index}`} />
                  </Field>
                ) : (
                  RANGE_ENDS.map((end) => (
                    <NumberField
                      key={end}
                      label={t(`editor.${end}`)}
                      value={answer[end]}
                      onChange={(value) => set(index, { [end]: value })}
                      dataTestId={`fill-${end}-${index}`}
                    />
                  ))
                )}
                {blank.answers.length > 1 && (
                  <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => onChange(answers.filter((_, i) => i !== index))}>
                    {t('editor.removeOption')}
                  </Button>
                )}
              </div>
            </div>
          ))}
          <Button
            size="small"
            icon={<AddRegular />}
            onClick={() => addAnswer(blank.optionId)}
            style={{ alignSelf: 'flex-start' }}
            data-testid={`fill-add-answer-${b}`}
          >
            {t('editor.addAcceptedAnswer')}
          </Button>
        </div>
      ))}
      <Button icon={<AddRegular />} onClick={() => onChange([...answers, acceptedAnswer(newBlankKey())])} style={{ alignSelf: 'flex-start' }}>
        {t('editor.addBlank')}
      </Button>
    </div>
  );
}
