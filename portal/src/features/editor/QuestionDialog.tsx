import { useState } from 'react';
import { Button, Checkbox, Dropdown, Field, Input, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import {
  CHILD_QUESTION_TYPES,
  DEFAULT_MARKS,
  DIFFICULTY_LEVELS,
  QUESTION_TYPES,
  TRUE_FALSE_OPTION_NAMES,
  type DifficultyLevel,
  type Question,
  type QuestionDraft,
  type QuestionType,
  translationsForEdit,
} from '@shared/domain/test';
import { addQuestions, editQuestion, firstLanguageOf, selectEditor } from './editorState';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { RichTextEditor } from './richText/RichTextEditor';
import { FormDialog } from '../../app/FormDialog';
import { useEditorWrite } from './useEditorWrite';
import { numericAnswer } from '@shared/domain/numbers';
import { FillUpsBlanks, newBlankKey } from './FillUpsBlanks';
import { MarksFields, marksFormOf, remarkOf, toNumber, type MarksForm } from './MarksFields';
import { framedStack } from '../../app/surfaces';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'flex-end' },
  option: framedStack,
  number: { width: '110px' },
});

/** A question's difficulty, or none. */
const LEVEL_CHOICES = ['none', ...DIFFICULTY_LEVELS] as const;

interface OptionForm {
  id?: string;
  name: string;
  isCorrect: boolean;
  type: 'constants' | 'range';
  floor: string;
  cap: string;
  positiveMarks: string;
  optionId?: string;
  solution?: string;
}

const blankOption = (): OptionForm => ({ name: '', isCorrect: false, type: 'constants', floor: '', cap: '', positiveMarks: '0.25' });

function optionsOf(question: Question | null, type: QuestionType): OptionForm[] {
  if (question && 'options' in question && question.type === type) {
    return question.options
      .filter((o) => !('isNotAttempted' in o && o.isNotAttempted))
      .map((o) =>
        'floor' in o
          ? {
              id: o.id,
              optionId: o.optionId,
              name: o.name,
              isCorrect: false,
              type: o.type,
              floor: o.floor == null ? '' : String(o.floor),
              cap: o.cap == null ? '' : String(o.cap),
              positiveMarks: String(o.positiveMarks),
              solution: o.solution,
            }
          : { ...blankOption(), id: o.id, name: o.name, isCorrect: o.isCorrect, solution: o.solution },
      );
  }
  if (type === 'true_false') return TRUE_FALSE_OPTION_NAMES.map((name) => ({ ...blankOption(), name }));
  if (type === 'multiple_choice') return [blankOption(), blankOption(), blankOption(), blankOption()];
  if (type === 'fill_ups') return [{ ...blankOption(), optionId: newBlankKey() }];
  return [];
}

/**
 * Add or edit a question of any of the five types (a comprehension's children: the four others):
 * text, options or answer, solution, marks, difficulty and tags.
 */
export function QuestionDialog({
  sectionId,
  question,
  parentQuestionId,
  onClose,
  onSave,
}: {
  sectionId: string;
  /** The question edited, or null to add one. */
  question: Question | null;
  /** Adding a child of this comprehension. */
  parentQuestionId?: string;
  onClose: () => void;
  /**
   * Keeps the edited question instead of writing it to the test (the Report Dashboard keeps
   * corrections until they are published); answers whether the dialog may close.
   */
  onSave?: (question: QuestionDraft & { _id: string }) => boolean | Promise<boolean>;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const run = useEditorWrite();
  const firstLanguage = useAppSelector((s) => firstLanguageOf(selectEditor(s)));
  const types = parentQuestionId ? CHILD_QUESTION_TYPES : QUESTION_TYPES;
  const [type, setType] = useState<QuestionType>(question?.type ?? 'multiple_choice');
  const [name, setName] = useState(question?.name ?? '');
  const [paragraph, setParagraph] = useState(question?.type === 'comprehension' ? question.paragraph : '');
  const [solution, setSolution] = useState(question?.type === 'integer' ? '' : (question?.solution ?? ''));
  const [answer, setAnswer] = useState(question?.type === 'integer' ? question.solution : '');
  const [options, setOptions] = useState<OptionForm[]>(optionsOf(question, question?.type ?? 'multiple_choice'));
  const [marks, setMarks] = useState<MarksForm>(() => marksFormOf(question?.marks ?? DEFAULT_MARKS[type], question ?? undefined));
  const [gpsc, setGpsc] = useState(question?.type === 'multiple_choice' ? question.isGpscType : false);
  // GPSC type is for organisations that allow it; a GPSC question keeps the choice visible to undo it.
  const canGpsc = useAppSelector((s) => Boolean(s.auth.user?.allowGpscType)) || gpsc;
  const [difficulty, setDifficulty] = useState<DifficultyLevel | null>(question?.difficultyLevel ?? null);
  const [tags, setTags] = useState((question?.tags ?? []).join(', '));
  const [touched, setTouched] = useState(false);

  const changeType = (next: QuestionType) => {
    setType(next);
    setOptions(optionsOf(question, next));
    if (!question) {
      const defaults = marksFormOf(DEFAULT_MARKS[next]);
      setMarks((form) => ({ ...form, positive: defaults.positive, negative: defaults.negative, unattempted: defaults.unattempted }));
    }
  };
  const setOption = (index: number, patch: Partial<OptionForm>) => setOptions((list) => list.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  /** True/false has one answer (issue 14): ticking one option unticks the other. */
  const markCorrect = (index: number, checked: boolean) =>
    setOptions((list) => list.map((o, i) => (i === index ? { ...o, isCorrect: checked } : type === 'true_false' && checked ? { ...o, isCorrect: false } : o)));
  const answerInvalid = type === 'integer' && answer.trim() !== '' && numericAnswer(answer) === null;
  const textMissing = type === 'comprehension' ? !paragraph.trim() && !name.trim() : !name.trim();

  const draft = (): QuestionDraft => {
    const base: QuestionDraft = {
      type,
      name,
      solution: type === 'integer' ? answer.trim() : solution,
      ...remarkOf(marks),
      difficultyLevel: difficulty,
      tags: tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      // The first language's copy is left out: it would win over the text edited here.
      translations: question ? translationsForEdit(question, firstLanguage) : undefined,
      isGpscType: type === 'multiple_choice' ? gpsc : undefined,
    };
    if (type === 'multiple_choice' || type === 'true_false') {
      // Options left blank (of the four a new question starts with) are not kept.
      const filled = type === 'multiple_choice' ? options.filter((o) => o.name.trim() || o.isCorrect) : options;
      base.options = (filled.length >= 2 ? filled : [...filled, ...options.filter((o) => !filled.includes(o))].slice(0, 2)).map((o) => ({
        id: o.id,
        name: o.name,
        isCorrect: o.isCorrect,
        solution: o.solution ?? '',
      }));
    } else if (type === 'fill_ups') {
      base.options = options.map((o) =>
        o.type === 'range'
          ? {
              id: o.id,
              optionId: o.optionId,
              type: 'range' as const,
              name: '',
              floor: toNumber(o.floor),
              cap: toNumber(o.cap),
              positiveMarks: toNumber(o.positiveMarks, 0.25),
            }
          : { id: o.id, optionId: o.optionId, type: 'constants' as const, name: o.name, positiveMarks: toNumber(o.positiveMarks, 0.25) },
      );
    } else if (type === 'comprehension') {
      base.paragraph = paragraph;
      if (question?.type === 'comprehension') base.questions = question.questions as QuestionDraft[];
    }
    return base;
  };

  const submit = async () => {
    setTouched(true);
    if (textMissing || answerInvalid) return;
    const ok =
      onSave && question
        ? await onSave({ ...draft(), _id: question._id })
        : question
          ? await run(() => dispatch(editQuestion({ sectionId, question: { ...draft(), _id: question._id } })).unwrap(), t('editor.toast.questionUpdated'))
          : await run(() => dispatch(addQuestions({ sectionId, questions: [draft()], parentQuestionId })).unwrap(), t('editor.toast.questionAdded'));
    if (ok) onClose();
  };

  const choice = type === 'multiple_choice' || type === 'true_false';
  return (
    <FormDialog
      wide
      dataTestId="question-dialog"
      title={question ? t('editor.editQuestion') : parentQuestionId ? t('editor.addChildQuestion') : t('editor.addQuestion')}
      submitLabel={t('common.save')}
      onClose={onClose}
      onSubmit={submit}
    >
      <Field label={t('editor.questionType')}>
        <ChoiceDropdown
          dataTestId="question-type"
          disabled={Boolean(question)}
          choices={types}
          value={type}
          nameOf={(value) => t(`editor.type.${value}`)}
          onChange={changeType}
        />
      </Field>
      {type === 'comprehension' && (
        <RichTextEditor
          dataTestId="question-paragraph"
          label={t('editor.paragraph')}
          value={paragraph}
          onChange={setParagraph}
          required
          validationMessage={touched && textMissing ? t('editor.required') : undefined}
        />
      )}
      <RichTextEditor
        dataTestId="question-text"
        label={t('editor.questionText')}
        value={name}
        onChange={setName}
        required={type !== 'comprehension'}
        validationMessage={touched && textMissing && type !== 'comprehension' ? t('editor.required') : undefined}
      />
      {choice && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="question-options">
          <Text weight="semibold">{t('editor.options')}</Text>
          {options.map((option, index) => (
            <div key={index} className={styles.option} data-testid="option-row">
              <RichTextEditor
                dataTestId={`option-text-${index}`}
                label={t('editor.optionN', { n: index + 1 })}
                value={option.name}
                onChange={(html) => setOption(index, { name: html })}
              />
              <div className={styles.row}>
                <Checkbox
                  label={t('editor.correct')}
                  checked={option.isCorrect}
                  onChange={(_, d) => markCorrect(index, Boolean(d.checked))}
                  data-testid={`option-correct-${index}`}
                />
                {type === 'multiple_choice' && options.length > 2 && (
                  <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setOptions((list) => list.filter((_, i) => i !== index))}>
                    {t('editor.removeOption')}
                  </Button>
                )}
              </div>
            </div>
          ))}
          {type === 'multiple_choice' && options.length < 20 && (
            <Button icon={<AddRegular />} onClick={() => setOptions((list) => [...list, blankOption()])} style={{ alignSelf: 'flex-start' }}>
              {t('editor.addOption')}
            </Button>
          )}
        </div>
      )}
      {type === 'fill_ups' && (
        <FillUpsBlanks
          answers={options.map((o) => ({ ...o, optionId: o.optionId ?? '' }))}
          onChange={(next) => setOptions(next.map((a) => ({ ...a, isCorrect: false })))}
        />
      )}
      {type === 'multiple_choice' && canGpsc && (
        <Checkbox label={t('editor.gpscType')} checked={gpsc} onChange={(_, d) => setGpsc(Boolean(d.checked))} data-testid="gpsc-type" />
      )}
      {type === 'integer' && (
        <Field label={t('editor.integerAnswer')} validationMessage={touched && answerInvalid ? t('editor.integerInvalid') : undefined}>
          <Input value={answer} onChange={(_, d) => setAnswer(d.value)} data-testid="integer-answer" inputMode="decimal" />
        </Field>
      )}
      {type !== 'integer' && type !== 'comprehension' && (
        <RichTextEditor dataTestId="question-solution" label={t('editor.solution')} value={solution} onChange={setSolution} />
      )}
      <MarksFields value={marks} onChange={setMarks} />
      <div className={styles.row}>
        <Field label={t('editor.difficulty')}>
          <ChoiceDropdown
            choices={LEVEL_CHOICES}
            value={difficulty ?? 'none'}
            nameOf={(level) => t(`editor.level.${level}`)}
            onChange={(level) => setDifficulty(level === 'none' ? null : level)}
          />
        </Field>
        <Field label={t('editor.tags')} hint={t('editor.tagsHint')} style={{ flexGrow: 1 }}>
          <Input value={tags} onChange={(_, d) => setTags(d.value)} />
        </Field>
      </div>
    </FormDialog>
  );
}

/** A dropdown of fixed choices, each shown by its name. */
function ChoiceDropdown<T extends string>({
  choices,
  value,
  nameOf,
  onChange,
  disabled,
  dataTestId,
}: {
  choices: readonly T[];
  value: T;
  nameOf: (choice: T) => string;
  onChange: (choice: T) => void;
  disabled?: boolean;
  dataTestId?: string;
}) {
  return (
    <Dropdown
      data-testid={dataTestId}
      disabled={disabled}
      value={nameOf(value)}
      selectedOptions={[value]}
      onOptionSelect={(_, d) => d.optionValue && onChange(d.optionValue as T)}
    >
      {choices.map((choice) => (
        <Option key={choice} value={choice}>
          {nameOf(choice)}
        </Option>
      ))}
    </Dropdown>
  );
}
