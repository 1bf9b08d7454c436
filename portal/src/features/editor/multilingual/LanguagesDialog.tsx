import { useState } from 'react';
import { Checkbox, Radio, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES, contentLanguageName } from '@shared/domain/test';
import { FormDialog } from '@portal/app/FormDialog';
import type { TestDialogProps } from '../testDialogs/TestMenu';
import { useTestUpdate } from '../testDialogs/useTestUpdate';

const useStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingVerticalXS,
  },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * A multilingual test (spec: testType TB_TEST with languages): its languages, the first being the
 * one its questions are written in; the others are translations. Turning it off keeps the first
 * language's text, and the translations stay stored.
 */
export function LanguagesDialog({ test, onClose }: TestDialogProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const save = useTestUpdate();
  const [multilingual, setMultilingual] = useState(test.testType === 'TB_TEST');
  const [languages, setLanguages] = useState<string[]>(test.languagesList.length ? test.languagesList : ['English']);
  const toggle = (language: string, on: boolean) => setLanguages(on ? [...languages, language] : languages.filter((l) => l !== language));
  const makeFirst = (language: string) => setLanguages([language, ...languages.filter((l) => l !== language)]);
  const choices = [...new Set([...languages, ...CONTENT_LANGUAGES])];
  return (
    <FormDialog
      dataTestId="languages-dialog"
      title={t('multilingual.title')}
      submitLabel={t('common.save')}
      disabled={multilingual && languages.length < 2}
      onClose={onClose}
      onSubmit={async () => {
        const change = multilingual ? { testType: 'TB_TEST' as const, languages } : { testType: 'CMS' as const, languages: [languages[0]] };
        if (await save(change, t('testDialogs.details.saved'))) onClose();
      }}
    >
      <Switch checked={multilingual} onChange={(_, d) => setMultilingual(d.checked)} label={t('multilingual.enable')} data-testid="multilingual-switch" />
      {multilingual && (
        <>
          <Text size={200}>{t('multilingual.help')}</Text>
          <ul className={styles.list}>
            {choices.map((language) => {
              const chosen = languages.includes(language);
              return (
                <li key={language} className={styles.row} data-testid="language-choice">
                  <Checkbox
                    checked={chosen}
                    disabled={chosen && languages.length === 1}
                    label={contentLanguageName(language, i18n.language)}
                    onChange={(_, d) => toggle(language, d.checked === true)}
                  />
                  {chosen && (
                    <Radio
                      checked={languages[0] === language}
                      label={t('multilingual.first')}
                      onChange={() => makeFirst(language)}
                      aria-label={t('multilingual.makeFirst', { language })}
                    />
                  )}
                </li>
              );
            })}
          </ul>
          {languages.length < 2 && <Text role="alert">{t('multilingual.needTwo')}</Text>}
        </>
      )}
      {!multilingual && test.testType === 'TB_TEST' && <Text size={200}>{t('multilingual.offKeeps', { language: languages[0] })}</Text>}
    </FormDialog>
  );
}
