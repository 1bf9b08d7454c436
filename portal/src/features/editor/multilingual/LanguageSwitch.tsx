import { Tab, TabList } from '@fluentui/react-components';
import { TranslateRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { contentLanguageName } from '@shared/domain/test';
import { contentLanguageSelected, firstLanguageOf, selectEditor } from '../editorState';
import { useAppDispatch, useAppSelector } from '@portal/app/hooks';

/** In a multilingual test: which language's text the editor shows and edits. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const editor = useAppSelector((s) => selectEditor(s));
  const first = firstLanguageOf(editor);
  if (!editor.test?.isMultilingual || editor.test.languagesList.length < 2) return null;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      <TranslateRegular aria-hidden />
      <TabList
        size="small"
        selectedValue={editor.contentLanguage ?? first ?? ''}
        onTabSelect={(_, d) => dispatch(contentLanguageSelected(String(d.value)))}
        aria-label={t('multilingual.switch')}
        data-testid="language-switch"
      >
        {editor.test.languagesList.map((language) => (
          <Tab key={language} value={language}>
            {contentLanguageName(language, i18n.language)}
          </Tab>
        ))}
      </TabList>
    </div>
  );
}
