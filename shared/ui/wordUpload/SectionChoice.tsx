import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ParsedDocument } from '../../parser/types';

/** The names of the document's `Section:` lines. */
export const documentSections = (parsed: ParsedDocument) => parsed.sections.flatMap((s) => (s.name !== null && s.questions.length ? [s.name] : []));

/**
 * Where the questions of a document with `Section:` lines go (issue 14: the choice of section was
 * ignored and it was left empty): all into the section the user chose (the default), or the
 * document's own sections. Nothing is shown for a document without `Section:` lines.
 */
export function SectionChoice({
  parsed,
  sectionName,
  value,
  onChange,
}: {
  parsed: ParsedDocument;
  sectionName: string;
  value: boolean;
  onChange: (useDocumentSections: boolean) => void;
}) {
  const { t } = useTranslation();
  const names = documentSections(parsed);
  if (!names.length) return null;
  return (
    <Field label={t('wordUpload.whereTitle', { count: names.length })}>
      <RadioGroup value={value ? 'document' : 'chosen'} onChange={(_, d) => onChange(d.value === 'document')} data-testid="word-section-choice">
        <Radio value="chosen" label={t('wordUpload.whereChosen', { section: sectionName })} />
        <Radio value="document" label={t('wordUpload.whereDocument', { count: names.length, names: names.join(', ') })} />
      </RadioGroup>
    </Field>
  );
}
