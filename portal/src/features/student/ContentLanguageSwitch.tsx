import { makeStyles, Text, ToggleButton, tokens } from '@fluentui/react-components';
import { Translate20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { contentLanguageCode, nativeLanguageName } from '@shared/domain/test/translations';
import { bar } from '../../app/surfaces';

const useStyles = makeStyles({
  bar: {
    ...bar,
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
  },
  label: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground2 },
  choices: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

/**
 * The language of a multilingual test on the student page (issue 17): one button per language of
 * the test, each named in its own language (a student finds 'Tiếng Việt' whatever the page's
 * language). The page's own language stays the header's picker.
 */
export function ContentLanguageSwitch({
  languages,
  language,
  onChange,
  fontFamily,
}: {
  languages: string[];
  language: string;
  onChange: (language: string) => void;
  /** The fonts that draw every language's name ('한국어' on a page in Vietnamese). */
  fontFamily: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.bar} data-testid="student-content-language">
      <Text className={styles.label} id="student-content-language-label" size={200}>
        <Translate20Regular aria-hidden />
        {t('student.testLanguage')}
      </Text>
      <div className={styles.choices} role="radiogroup" aria-labelledby="student-content-language-label">
        {languages.map((one) => (
          <ToggleButton
            key={one}
            size="small"
            shape="circular"
            role="radio"
            aria-checked={one === language}
            checked={one === language}
            appearance={one === language ? 'primary' : 'secondary'}
            lang={contentLanguageCode(one) ?? undefined}
            style={{ fontFamily }}
            onClick={() => onChange(one)}
            data-language={one}
          >
            {nativeLanguageName(one)}
          </ToggleButton>
        ))}
      </div>
    </div>
  );
}
