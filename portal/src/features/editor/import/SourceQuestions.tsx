import { Badge, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { EditorTest } from '@shared/api/testTypes';
import { isDraftQuestion, selectAllForImport, type Question } from '@shared/domain/test';
import { RichText } from '@portal/app/RichText';
import { framed } from '@portal/app/surfaces';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    padding: tokens.spacingVerticalS,
    ...framed,
  },
  body: { flex: 1, minWidth: 0, overflowWrap: 'anywhere', '& img': { maxWidth: '100%', height: 'auto' } },
  children: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingInlineStart: '20px', color: tokens.colorNeutralForeground2 },
});

/** A source test's questions by section, each with a preview, to pick for import. */
export function SourceQuestions({
  source,
  target,
  picked,
  onPick,
}: {
  source: EditorTest;
  target: EditorTest;
  picked: string[];
  onPick: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const questions = source.sections.flatMap((s) => s.questions);
  const selectable = selectAllForImport(questions, target);
  const imported = new Set(target.sections.flatMap((s) => s.questions.map((q) => q.sourceQuestionId)));
  const allPicked = selectable.length > 0 && selectable.every((id) => picked.includes(id));
  const toggle = (id: string, on: boolean) => onPick(on ? [...picked, id] : picked.filter((p) => p !== id));

  if (questions.length === 0) return <Text data-testid="import-no-questions">{t('importQuestions.noQuestions')}</Text>;
  return (
    <>
      <Checkbox
        checked={allPicked ? true : picked.length > 0 ? 'mixed' : false}
        disabled={selectable.length === 0}
        label={t('importQuestions.selectAll', { count: selectable.length })}
        onChange={(_, d) => onPick(d.checked === true ? selectable : [])}
        data-testid="import-select-all"
      />
      {source.sections.map((section) => (
        <section key={section._id} aria-label={section.name}>
          <Text weight="semibold" block style={{ marginBottom: 4 }}>
            {section.order}. {section.name}
          </Text>
          <ul className={styles.list}>
            {section.questions.map((question) => {
              const isImported = imported.has(question._id);
              const isDraft = isDraftQuestion(question);
              return (
                <li key={question._id} className={styles.item} data-testid="import-question">
                  <Checkbox
                    checked={picked.includes(question._id)}
                    disabled={isImported}
                    aria-label={t('importQuestions.pick', { n: question.order })}
                    onChange={(_, d) => toggle(question._id, d.checked === true)}
                  />
                  <div className={styles.body}>
                    <div style={{ display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Text weight="semibold">Q{question.order}</Text>
                      <Badge appearance="tint" size="small">
                        {t(`editor.type.${question.type}`)}
                      </Badge>
                      {isImported && (
                        <Badge appearance="filled" color="success" size="small" data-testid="import-imported">
                          {t('importQuestions.imported')}
                        </Badge>
                      )}
                      {isDraft && (
                        <Badge appearance="tint" color="warning" size="small" data-testid="import-draft">
                          {t('importQuestions.draft')}
                        </Badge>
                      )}
                    </div>
                    <RichText html={preview(question)} />
                    {question.type === 'comprehension' && (
                      <ol className={styles.children}>
                        {question.questions.map((child) => (
                          <li key={child._id}>
                            <RichText html={child.name} />
                          </li>
                        ))}
                      </ol>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}

const preview = (question: Question) => (question.type === 'comprehension' ? question.paragraph : question.name);
