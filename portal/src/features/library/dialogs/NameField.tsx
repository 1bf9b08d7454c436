import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NAME_MAX_LENGTH, nameProblem } from '@shared/domain/names';

/** A folder or test name: required, at most 200 characters once trimmed; problems show once touched. */
export function NameField({ label, value, onChange, touched }: { label: string; value: string; onChange: (value: string) => void; touched: boolean }) {
  const { t } = useTranslation();
  const problem = nameProblem(value);
  return (
    <Field
      label={label}
      required
      validationMessage={touched && problem ? t(problem === 'empty' ? 'errors.required' : 'library.nameTooLong', { max: NAME_MAX_LENGTH }) : undefined}
    >
      <Input value={value} onChange={(_, data) => onChange(data.value)} autoFocus />
    </Field>
  );
}
