import { useEffect, useMemo, useState } from 'react';
import { RichText } from '../../app/RichText';
import { useTestFonts } from '../../app/useTestFonts';
import { Badge, Button, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  AddRegular,
  ArrowDownRegular,
  ArrowImportRegular,
  ArrowUpRegular,
  CopyRegular,
  DeleteRegular,
  DocumentArrowUpRegular,
  DocumentBulletListRegular,
  EditRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { EditorSection } from '@shared/api/testTypes';
import { canEditQuestion, questionTextIn, type ComprehensionQuestion, type Question } from '@shared/domain/test';
import { copyQuestion, deleteQuestions, firstLanguageOf, keepAttemptedEdit, questionSelectionToggled, reorderQuestions, selectEditor } from './editorState';
import { toastQueued } from '../../app/uiSlice';
import { pickLanguage } from '@shared/i18n/languages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { QuestionDialog } from './QuestionDialog';
import { ImportQuestionsDialog } from './import/ImportQuestionsDialog';
import { UploadWordDialog } from './wordUpload/UploadWordDialog';
import { ImportDialog } from '../interop/ImportDialog';
import { TranslationDialog } from './multilingual/TranslationDialog';
import { useEditorWrite } from './useEditorWrite';
import { BulkActions } from './BulkActions';
import { useVirtualQuestions, type VirtualRowProps } from './useVirtualQuestions';
import { RowAction } from './RowAction';
import { card } from '../../app/surfaces';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { ...card, scrollMarginTop: '80px' },
  highlighted: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  actions: { marginInlineStart: 'auto', display: 'flex', gap: '2px', flexWrap: 'wrap' },
  html: { overflowWrap: 'anywhere', '& img': { maxWidth: '100%' }, '& p': { margin: 0 } },
  options: { margin: 0, paddingInlineStart: '24px', display: 'flex', flexDirection: 'column', gap: '4px' },
  correct: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  children: {
    marginInlineStart: tokens.spacingHorizontalL,
    paddingInlineStart: tokens.spacingHorizontalM,
    borderLeft: `3px solid ${tokens.colorNeutralStroke2}`,
  },
});

type ListDialog =
  | { kind: 'add'; parentQuestionId?: string }
  | { kind: 'import' }
  | { kind: 'word' }
  | { kind: 'file' }
  | { kind: 'edit'; question: Question }
  | { kind: 'translate'; question: Question }
  | { kind: 'delete'; question: Question; parent?: ComprehensionQuestion }
  | null;

/** The selected section's questions, read-only, each with its actions. */
export function QuestionList({ section, readOnly, highlight }: { section: EditorSection; readOnly: boolean; highlight: { id: string | null; seq: number } }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const run = useEditorWrite();
  const test = useAppSelector((s) => selectEditor(s).test);
  const isGlobalTest = test?.isGlobal ?? false;
  // The test's fonts (the fonts dialog): its questions are drawn in them, uploaded faces through @font-face.
  const fonts = useTestFonts(test?.settings.fonts.list);
  // Like the header's Bulk Upload (spec: it depends on enableViduParser), the Word upload is for users with the parser enabled.
  const canUploadWord = useAppSelector((s) => Boolean(s.auth.user?.enableViduParser));
  const firstLanguage = useAppSelector((s) => firstLanguageOf(selectEditor(s)));
  // An attempted test: question edits are kept until published, and questions are not deleted (spec section 4).
  const attempted = Boolean(test?.isAttempted);
  const attemptedEdits = useAppSelector((s) => selectEditor(s).attemptedEdits);
  // Ticked for a bulk action (issue 17): top-level questions only, a comprehension's children go with it (spec section 6).
  const ticked = useAppSelector((s) => selectEditor(s).selectedQuestionIds);
  const tickedIds = useMemo(() => new Set(ticked), [ticked]);
  const keptIds = useMemo(() => new Set(attemptedEdits.map((e) => e.question._id)), [attemptedEdits]);
  const allowGpscType = useAppSelector((s) => Boolean(s.auth.user?.allowGpscType));
  const keepEdit = async (question: Parameters<typeof keepAttemptedEdit>[0]['question']) => {
    try {
      await dispatch(keepAttemptedEdit({ sectionId: section._id, question, allowGpscType, language: pickLanguage(i18n.language) })).unwrap();
    } catch (error) {
      dispatch(toastQueued({ intent: 'error', body: (error as { message?: string }).message ?? String(error) }));
      return false;
    }
    dispatch(toastQueued({ intent: 'info', body: t('editor.attempted.kept') }));
    return true;
  };
  // In a multilingual test, the language shown: its text is read and edited here (null: the first).
  const language = useAppSelector((s) => selectEditor(s).contentLanguage);
  const [dialog, setDialog] = useState<ListDialog>(null);
  const highlightedId = highlight.id;
  const list = useVirtualQuestions(section.questions);

  // A validation link: bring its question (or the comprehension holding it) into view.
  useEffect(() => {
    if (!highlight.id) return;
    const index = section.questions.findIndex((q) => q._id === highlight.id || (q.type === 'comprehension' && q.questions.some((c) => c._id === highlight.id)));
    if (index < 0) return;
    list.scrollTo(index, highlight.id);
  }, [highlight.seq]); // eslint-disable-line react-hooks/exhaustive-deps

  const move = (ids: string[], from: number, to: number, parentQuestionId?: string) => {
    const next = [...ids];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    return run(() => dispatch(reorderQuestions({ sectionId: section._id, questionIds: next, parentQuestionId })).unwrap());
  };

  const renderQuestion = (question: Question, index: number, siblings: Question[], parent?: ComprehensionQuestion, row?: VirtualRowProps) => {
    const ids = siblings.map((q) => q._id);
    const editable = !readOnly && canEditQuestion({ isGlobal: isGlobalTest }, question);
    const label = parent ? `${parent.order}.${question.order}` : String(question.order);
    const text = questionTextIn(question, language, firstLanguage);
    return (
      <li
        key={question._id}
        id={`question-${question._id}`}
        data-testid="question-card"
        data-type={question.type}
        className={`${styles.card} ${highlightedId === question._id ? styles.highlighted : ''}`}
        {...row}
      >
        <div className={styles.head}>
          {!readOnly && !parent && (
            <Checkbox
              checked={tickedIds.has(question._id)}
              onChange={() => dispatch(questionSelectionToggled(question._id))}
              aria-label={t('editor.bulk.selectQuestion', { n: label })}
              data-testid="question-select"
            />
          )}
          <Text weight="semibold">{t('editor.questionN', { n: label })}</Text>
          <Badge appearance="tint" data-testid="question-type-badge">
            {t(`editor.type.${question.type}`)}
          </Badge>
          <Text size={200}>
            {t('editor.marksSummary', { positive: question.marks.positive, negative: question.isNegativeMarkingEnabled ? question.marks.negative : 0 })}
          </Text>
          {keptIds.has(question._id) && (
            <Badge appearance="filled" color="warning" data-testid="attempted-edited-badge">
              {t('editor.attempted.editedBadge')}
            </Badge>
          )}
          {!readOnly && (
            <div className={styles.actions}>
              <RowAction
                icon={<ArrowUpRegular />}
                disabled={index === 0}
                label={t('editor.moveQuestionUp', { n: label })}
                onClick={() => move(ids, index, index - 1, parent?._id)}
              />
              <RowAction
                icon={<ArrowDownRegular />}
                disabled={index === siblings.length - 1}
                label={t('editor.moveQuestionDown', { n: label })}
                onClick={() => move(ids, index, index + 1, parent?._id)}
              />
              {editable && (
                <RowAction
                  icon={<EditRegular />}
                  label={t('editor.editQuestionN', { n: label })}
                  onClick={() => setDialog(language ? { kind: 'translate', question } : { kind: 'edit', question })}
                />
              )}
              <RowAction
                icon={<CopyRegular />}
                label={t('editor.copyQuestionN', { n: label })}
                onClick={() =>
                  run(
                    () => dispatch(copyQuestion({ sectionId: section._id, question, parentQuestionId: parent?._id })).unwrap(),
                    t('editor.toast.questionCopied'),
                  )
                }
              />
              {!attempted && (
                <RowAction
                  icon={<DeleteRegular />}
                  label={t('editor.deleteQuestionN', { n: label })}
                  onClick={() => setDialog({ kind: 'delete', question, parent })}
                />
              )}
            </div>
          )}
        </div>
        {!text.translated && (
          <Badge appearance="outline" color="warning" data-testid="not-translated">
            {t('multilingual.notTranslated', { language })}
          </Badge>
        )}
        {question.type === 'comprehension' && <RichText html={text.paragraph} className={styles.html} dataTestId="question-paragraph-view" />}
        <RichText html={text.name} className={styles.html} dataTestId="question-text-view" />
        {'options' in question && question.type !== 'fill_ups' && (
          <ol className={styles.options} type="A">
            {question.options.map((option) => (
              <li key={option.id} className={option.isCorrect ? styles.correct : undefined} data-correct={option.isCorrect}>
                <RichText html={text.options.get(option.id) ?? ''} className={styles.html} />
              </li>
            ))}
          </ol>
        )}
        {question.type === 'fill_ups' && (
          <ul className={styles.options}>
            {question.options.map((option) => (
              <li key={option.id}>
                {option.type === 'range' ? t('editor.rangeView', { floor: option.floor, cap: option.cap }) : option.nameText || option.name}
              </li>
            ))}
          </ul>
        )}
        {question.type === 'integer' && <Text data-testid="integer-answer-view">{t('editor.answerView', { answer: question.solution || '—' })}</Text>}
        {question.type === 'comprehension' && (
          <div className={styles.children}>
            {question.questions.length > 0 && (
              <ol className={styles.list}>{question.questions.map((child, i) => renderQuestion(child, i, question.questions, question))}</ol>
            )}
            {!readOnly && (
              <Button size="small" icon={<AddRegular />} style={{ marginTop: 8 }} onClick={() => setDialog({ kind: 'add', parentQuestionId: question._id })}>
                {t('editor.addChildQuestion')}
              </Button>
            )}
          </div>
        )}
      </li>
    );
  };

  // Questions are added in the first language; another language only translates them.
  const addsInFirst = { disabled: language !== null, title: language ? t('multilingual.addInFirst', { first: firstLanguage }) : undefined };
  return (
    <section data-testid="question-list" style={{ display: 'flex', flexDirection: 'column', gap: 12, minWidth: 0 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <Text as="h2" size={500} weight="semibold" style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 200px' }} data-testid="selected-section-title">
          {section.name}
        </Text>
        {!readOnly && (
          <>
            <Button icon={<ArrowImportRegular />} onClick={() => setDialog({ kind: 'import' })} data-testid="import-open">
              {t('importQuestions.open')}
            </Button>
            {canUploadWord && (
              <Button icon={<DocumentArrowUpRegular />} {...addsInFirst} onClick={() => setDialog({ kind: 'word' })} data-testid="word-upload-open">
                {t('wordUpload.title')}
              </Button>
            )}
            {/* Other formats (Moodle, GIFT, QTI, spreadsheets...), for every tutor who edits (issue 20). */}
            <Button icon={<DocumentBulletListRegular />} {...addsInFirst} onClick={() => setDialog({ kind: 'file' })} data-testid="interop-import-open">
              {t('interop.import.open')}
            </Button>
            <Button appearance="primary" icon={<AddRegular />} {...addsInFirst} onClick={() => setDialog({ kind: 'add' })} data-testid="add-question">
              {t('editor.addQuestion')}
            </Button>
          </>
        )}
      </div>
      {!readOnly && <BulkActions section={section} attempted={attempted} part="head" />}
      {section.questions.length === 0 ? (
        <Text data-testid="questions-empty">{t('editor.noQuestions')}</Text>
      ) : (
        <ol className={styles.list} {...list.listProps} style={{ ...(list.listProps as { style?: object }).style, ...fonts.style }}>
          {list.rows
            ? list.rows.map(({ index, props }) => renderQuestion(section.questions[index], index, section.questions, undefined, props))
            : section.questions.map((q, i) => renderQuestion(q, i, section.questions))}
        </ol>
      )}
      {!readOnly && <BulkActions section={section} attempted={attempted} part="bar" />}
      {dialog?.kind === 'add' && (
        <QuestionDialog sectionId={section._id} question={null} parentQuestionId={dialog.parentQuestionId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'import' && test && <ImportQuestionsDialog test={test} section={section} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'word' && test && <UploadWordDialog testId={test._id} section={section} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'file' && test && <ImportDialog testId={test._id} section={section} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'translate' && language && firstLanguage && (
        <TranslationDialog
          sectionId={section._id}
          question={dialog.question}
          language={language}
          firstLanguage={firstLanguage}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <QuestionDialog sectionId={section._id} question={dialog.question} onClose={() => setDialog(null)} onSave={attempted ? keepEdit : undefined} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          dataTestId="question-delete-dialog"
          title={t('editor.deleteQuestionTitle')}
          remove={() => dispatch(deleteQuestions({ sectionId: section._id, questionIds: [dialog.question._id] })).unwrap()}
          removed={t('editor.toast.questionsDeleted')}
          onClose={() => setDialog(null)}
        >
          <Text>{dialog.question.type === 'comprehension' ? t('editor.deleteComprehensionBody') : t('editor.deleteQuestionBody')}</Text>
        </ConfirmDeleteDialog>
      )}
    </section>
  );
}
