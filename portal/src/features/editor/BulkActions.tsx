import { useState } from 'react';
import { Button, Checkbox, Field, Radio, RadioGroup, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowForwardRegular, CalculatorRegular, CopyRegular, DeleteRegular, DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { EditorSection } from '@shared/api/testTypes';
import type { PublishOption } from '@shared/api/reportTypes';
import { DEFAULT_MARKS } from '@shared/domain/test';
import {
  attemptedPublishRequested,
  copyQuestions,
  deleteQuestions,
  keepAttemptedRemark,
  moveQuestions,
  questionSelectionAllToggled,
  questionSelectionCleared,
  questionsInOrder,
  remarkQuestions,
  selectEditor,
} from './editorState';
import { toastQueued } from '../../app/uiSlice';
import { pickLanguage } from '@shared/i18n/languages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormDialog } from '../../app/FormDialog';
import { optionsFor } from '../reports/edits';
import { MarksFields, marksFormOf, remarkOf, type MarksForm } from './MarksFields';
import { useEditorWrite } from './useEditorWrite';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  bar: {
    position: 'sticky',
    bottom: 0,
    zIndex: 3,
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    // The help button sits in the bottom corner: the buttons stay clear of it.
    paddingInlineEnd: '84px',
    backgroundColor: tokens.colorNeutralBackground3,
    border: `1px solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
  },
  count: { marginInlineEnd: 'auto', fontWeight: tokens.fontWeightSemibold },
});

type BulkDialog = { kind: 'marks'; ids: string[]; wholeSection: boolean } | { kind: 'move' } | { kind: 'copy' } | { kind: 'delete' } | null;

/**
 * Bulk editing of the selected section (issue 17). `head`, above the questions: select all and
 * marks for the whole section in one step. `bar`, after them: for the ticked questions, marks,
 * move, copy and delete, kept in view at the bottom of the window while the list scrolls. Each
 * action is one write of the editor; in a test students attempted, marks are kept for the
 * publish (with the option the tutor picks) and questions are neither moved nor deleted.
 */
export function BulkActions({ section, attempted, part }: { section: EditorSection; attempted: boolean; part: 'head' | 'bar' }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const selected = useAppSelector((s) => selectEditor(s).selectedQuestionIds);
  const [dialog, setDialog] = useState<BulkDialog>(null);
  const total = section.questions.length;
  const count = selected.length;
  if (total === 0) return null;
  const close = () => setDialog(null);

  return (
    <>
      {part === 'head' && (
        <div className={styles.head} data-testid="bulk-head">
          <Checkbox
            checked={count === 0 ? false : count === total ? true : 'mixed'}
            onChange={() => dispatch(questionSelectionAllToggled())}
            label={t('editor.bulk.selectAll', { count: total })}
            data-testid="bulk-select-all"
          />
          <Button
            size="small"
            icon={<CalculatorRegular />}
            onClick={() => setDialog({ kind: 'marks', ids: section.questions.map((q) => q._id), wholeSection: true })}
            data-testid="bulk-section-marks"
          >
            {t('editor.bulk.sectionMarks')}
          </Button>
        </div>
      )}
      {part === 'bar' && count > 0 && (
        <div className={styles.bar} role="toolbar" aria-label={t('editor.bulk.toolbar')} data-testid="bulk-bar">
          <Text className={styles.count} aria-live="polite" data-testid="bulk-count">
            {t('editor.bulk.selected', { count })}
          </Text>
          <Button icon={<CalculatorRegular />} onClick={() => setDialog({ kind: 'marks', ids: selected, wholeSection: false })} data-testid="bulk-marks">
            {t('editor.bulk.marks')}
          </Button>
          {!attempted && (
            <Button icon={<ArrowForwardRegular />} onClick={() => setDialog({ kind: 'move' })} data-testid="bulk-move">
              {t('editor.bulk.move')}
            </Button>
          )}
          <Button icon={<CopyRegular />} onClick={() => setDialog({ kind: 'copy' })} data-testid="bulk-copy">
            {t('editor.bulk.copy')}
          </Button>
          {!attempted && (
            <Button icon={<DeleteRegular />} onClick={() => setDialog({ kind: 'delete' })} data-testid="bulk-delete">
              {t('editor.bulk.delete')}
            </Button>
          )}
          <Button appearance="subtle" icon={<DismissRegular />} onClick={() => dispatch(questionSelectionCleared())} data-testid="bulk-clear">
            {t('editor.bulk.clear')}
          </Button>
          {attempted && (
            <Text size={200} style={{ flexBasis: '100%' }}>
              {t('editor.bulk.attemptedNote')}
            </Text>
          )}
        </div>
      )}
      {dialog?.kind === 'marks' && <MarksDialog section={section} ids={dialog.ids} wholeSection={dialog.wholeSection} attempted={attempted} onClose={close} />}
      {(dialog?.kind === 'move' || dialog?.kind === 'copy') && <SectionChoiceDialog kind={dialog.kind} section={section} ids={selected} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          dataTestId="bulk-delete-dialog"
          title={t('editor.bulk.deleteTitle', { count })}
          remove={() => dispatch(deleteQuestions({ sectionId: section._id, questionIds: selected })).unwrap()}
          removed={t('editor.toast.questionsDeleted')}
          onClose={close}
        >
          <Text>{t('editor.bulk.deleteBody', { count })}</Text>
        </ConfirmDeleteDialog>
      )}
    </>
  );
}

/** The marks the dialog starts from: those of the first question concerned. */
function startingMarks(section: EditorSection, ids: string[]): MarksForm {
  const first = questionsInOrder(section, ids)[0];
  return first ? marksFormOf(first.marks, first) : marksFormOf(DEFAULT_MARKS.multiple_choice);
}

function marksTitle(
  t: (key: string, options?: Record<string, unknown>) => string,
  section: EditorSection,
  count: number,
  wholeSection: boolean,
  attempted: boolean,
) {
  if (wholeSection) return t(attempted ? 'editor.bulk.remarkSectionTitle' : 'editor.bulk.sectionMarksTitle', { section: section.name, count });
  return t(attempted ? 'editor.bulk.remarkTitle' : 'editor.bulk.marksTitle', { count });
}

/**
 * New marks for the questions. In a test students attempted they are not written: they are kept
 * with the other unpublished edits, each with the option chosen here, and the publish dialog opens
 * (with its preview of the attempts that change) to apply them.
 */
function MarksDialog({
  section,
  ids,
  wholeSection,
  attempted,
  onClose,
}: {
  section: EditorSection;
  ids: string[];
  wholeSection: boolean;
  attempted: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const run = useEditorWrite();
  const [form, setForm] = useState(() => startingMarks(section, ids));
  const [option, setOption] = useState<PublishOption>('RE_EVALUATE');
  const kind = attempted ? 'remark' : 'marks';
  const write = async () => {
    const done = await run(
      () => dispatch(remarkQuestions({ sectionId: section._id, questionIds: ids, ...remarkOf(form) })).unwrap(),
      t('editor.bulk.marksDone', { count: ids.length }),
    );
    if (done) onClose();
  };
  const keep = async () => {
    try {
      await dispatch(
        keepAttemptedRemark({ sectionId: section._id, questionIds: ids, remark: remarkOf(form), option, language: pickLanguage(i18n.language) }),
      ).unwrap();
    } catch (error) {
      dispatch(toastQueued({ intent: 'error', body: (error as { message?: string }).message ?? String(error) }));
      return;
    }
    onClose();
    dispatch(attemptedPublishRequested());
  };
  return (
    <FormDialog
      dataTestId={`bulk-${kind}-dialog`}
      title={marksTitle(t, section, ids.length, wholeSection, attempted)}
      submitLabel={t(`editor.bulk.${kind}Submit`)}
      onClose={onClose}
      onSubmit={attempted ? keep : write}
    >
      <Text>{t(`editor.bulk.${kind}Intro`)}</Text>
      <MarksFields value={form} onChange={setForm} />
      {attempted && (
        <Field label={t('editor.bulk.remarkOption')}>
          <RadioGroup value={option} onChange={(_, data) => setOption(data.value as PublishOption)} data-testid="bulk-remark-option">
            {optionsFor({ isAttempted: true }).map((value) => (
              <Radio
                key={value}
                value={value}
                label={`${t(`reports.option.${value}`)}: ${t(`editor.bulk.optionHint.${value}`)}`}
                data-testid={`bulk-remark-${value}`}
              />
            ))}
          </RadioGroup>
        </Field>
      )}
    </FormDialog>
  );
}

/** Move or copy the ticked questions to the end of a section (copies may stay in this one). */
function SectionChoiceDialog({ kind, section, ids, onClose }: { kind: 'move' | 'copy'; section: EditorSection; ids: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const run = useEditorWrite();
  const sections = useAppSelector((s) => selectEditor(s).test?.sections ?? []);
  const choices = kind === 'move' ? sections.filter((s) => s._id !== section._id) : sections;
  const [target, setTarget] = useState(choices[0]?._id ?? '');
  const targetName = choices.find((s) => s._id === target)?.name ?? '';
  return (
    <FormDialog
      dataTestId={`bulk-${kind}-dialog`}
      title={t(`editor.bulk.${kind}Title`, { count: ids.length })}
      submitLabel={t(`editor.bulk.${kind}Submit`)}
      disabled={!target}
      onClose={onClose}
      onSubmit={async () => {
        const done = await run(
          () => {
            const arg = { sectionId: section._id, questionIds: ids, targetSectionId: target };
            return kind === 'move' ? dispatch(moveQuestions(arg)).unwrap() : dispatch(copyQuestions(arg)).unwrap();
          },
          t(`editor.bulk.${kind}Done`, { count: ids.length, section: targetName }),
        );
        if (done) onClose();
      }}
    >
      {choices.length === 0 ? (
        <Text>{t('editor.bulk.noOtherSection')}</Text>
      ) : (
        <Field label={t('editor.bulk.toSection')}>
          <Select value={target} onChange={(_, data) => setTarget(data.value)} data-testid="bulk-target-section">
            {choices.map((s) => (
              <option key={s._id} value={s._id}>
                {s._id === section._id ? t('editor.bulk.thisSection', { section: s.name }) : s.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Text size={200}>{t(`editor.bulk.${kind}Hint`)}</Text>
    </FormDialog>
  );
}
