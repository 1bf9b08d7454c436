import { useState } from 'react';
import { Body1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { TestSummary } from '@shared/api/libraryTypes';
import { NAME_MAX_LENGTH, nameProblem } from '@shared/domain/names';
import { useApi } from '@portal/app/apiContext';
import { useAppSelector } from '@portal/app/hooks';
import { useLibraryAction } from '../useLibrary';
import { ActionDialog } from './ActionDialog';
import { NameField } from './NameField';

/** A deep copy of a test under a new name; a Global Library test is copied into My Library. */
export function CopyTestDialog({ test }: { test: TestSummary }) {
  const { t } = useTranslation();
  const api = useApi();
  const run = useLibraryAction();
  const isGlobal = useAppSelector((state) => state.library.query?.library === 'global');
  const [name, setName] = useState(t('library.copyOf', { name: test.name }).slice(0, NAME_MAX_LENGTH));
  const [touched, setTouched] = useState(false);
  const problem = nameProblem(name);

  const submit = async () => {
    setTouched(true);
    if (problem) return;
    await run(() => api.copyTest(test._id, { name: name.trim(), isGlobal }), isGlobal ? t('library.copiedToMyLibrary') : t('library.testCopied'));
  };

  return (
    <ActionDialog
      title={isGlobal ? t('library.copyToMyLibrary') : t('library.copyTitle')}
      submitLabel={t('library.copy')}
      onSubmit={submit}
      dataTestId="copy-dialog"
    >
      {isGlobal && <Body1>{t('library.copyGlobalExplained')}</Body1>}
      <NameField label={t('library.testName')} value={name} onChange={setName} touched={touched} />
    </ActionDialog>
  );
}
