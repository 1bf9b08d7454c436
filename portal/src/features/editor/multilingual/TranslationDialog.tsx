import { useState } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { questionTextIn, type Question, type QuestionTranslation } from '@shared/domain/test';
import { editQuestion } from '../editorState';
import { FormDialog } from '@portal/app/FormDialog';
import { useAppDispatch } from '@portal/app/hooks';
import { RichText } from '@portal/app/RichText';
import { RichTextEditor } from '../richText/RichTextEditor';
import { useEditorWrite } from '../useEditorWrite';

const useStyles = makeStyles({
  original: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, '& p': { margin: 0 } },
});

/**
 * A question's text in another language of a multilingual test: text, paragraph, options and
 * solution. Type, answers and marks belong to the question and are edited in the first language;
 * each field shows the first language's text above it to translate from.
 */
export function TranslationDialog({
  sectionId,
  question,
  language,
  firstLanguage,
  onClose,
}: {
  sectionId: string;
  question: Question;
  language: string;
  firstLanguage: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const run = useEditorWrite();
  const original = questionTextIn(question, firstLanguage, firstLanguage);
  const current = questionTextIn(question, language, firstLanguage);
  const [name, setName] = useState(current.name);
  const [paragraph, setParagraph] = useState(current.paragraph);
  const [solution, setSolution] = useState(current.solution);
  const [options, setOptions] = useState(() => new Map(current.options));
  const choice = question.type === 'multiple_choice' || question.type === 'true_false';
  const from = (html: string) => (html ? <RichText html={html} className={styles.original} /> : null);

  const submit = async () => {
    const translation: QuestionTranslation = { name, solution: question.type === 'integer' ? '' : solution };
    if (question.type === 'comprehension') translation.paragraph = paragraph;
    if (choice) translation.options = question.options.map((o) => ({ id: o.id, name: options.get(o.id) ?? '' }));
    const edited = { ...question, translations: { ...question.translations, [language]: translation } };
    if (await run(() => dispatch(editQuestion({ sectionId, question: edited })).unwrap(), t('editor.toast.questionUpdated'))) onClose();
  };

  return (
    <FormDialog
      wide
      dataTestId="translation-dialog"
      title={t('multilingual.translateTitle', { language })}
      submitLabel={t('common.save')}
      onClose={onClose}
      onSubmit={submit}
    >
      <Text size={200}>{t('multilingual.translateHelp', { first: firstLanguage })}</Text>
      {question.type === 'comprehension' && (
        <div>
          {from(original.paragraph)}
          <RichTextEditor dataTestId="translation-paragraph" label={t('editor.paragraph')} value={paragraph} onChange={setParagraph} />
        </div>
      )}
      <div>
        {from(original.name)}
        <RichTextEditor dataTestId="translation-text" label={t('editor.questionText')} value={name} onChange={setName} />
      </div>
      {choice &&
        question.options.map((option, index) => (
          <div key={option.id}>
            {from(option.name)}
            <RichTextEditor
              dataTestId={`translation-option-${index}`}
              label={t('editor.optionN', { n: index + 1 })}
              value={options.get(option.id) ?? ''}
              onChange={(html) => setOptions((map) => new Map(map).set(option.id, html))}
            />
          </div>
        ))}
      {question.type !== 'integer' && (
        <div>
          {from(original.solution)}
          <RichTextEditor dataTestId="translation-solution" label={t('editor.solution')} value={solution} onChange={setSolution} />
        </div>
      )}
    </FormDialog>
  );
}
