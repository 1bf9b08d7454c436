import { useState } from 'react';
import { Field, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { LibraryFolder } from '@shared/api/libraryTypes';
import { nameProblem } from '@shared/domain/names';
import { useApi } from '@portal/app/apiContext';
import { useAppSelector } from '@portal/app/hooks';
import { useLibraryAction } from '../useLibrary';
import { ActionDialog } from './ActionDialog';
import { NameField } from './NameField';

const DETAILS_MAX_LENGTH = 2000;

/** Creates a folder in the folder on screen, or edits one folder's name and details. */
export function FolderDialog({ folder }: { folder?: LibraryFolder }) {
  const { t } = useTranslation();
  const api = useApi();
  const run = useLibraryAction();
  const query = useAppSelector((state) => state.library.query);
  const [name, setName] = useState(folder?.name ?? '');
  const [details, setDetails] = useState(folder?.details ?? '');
  const [touched, setTouched] = useState(false);
  const problem = nameProblem(name);
  const isGlobal = query?.library === 'global';

  const submit = async () => {
    setTouched(true);
    if (problem) return;
    if (folder) {
      await run(() => api.updateFolder({ folderId: folder._id, name: name.trim(), details: details.trim(), isGlobal }), t('library.folderSaved'));
    } else {
      await run(
        () => api.createFolder({ name: name.trim(), details: details.trim(), parentFolderId: query?.folderId ?? '0', isGlobal }),
        t('library.folderCreated'),
      );
    }
  };

  return (
    <ActionDialog
      title={folder ? t('library.editFolderTitle') : t('library.newFolderTitle')}
      submitLabel={folder ? t('common.save') : t('library.create')}
      onSubmit={submit}
      dataTestId="folder-dialog"
    >
      <NameField label={t('library.folderName')} value={name} onChange={setName} touched={touched} />
      <Field label={t('library.folderDetails')}>
        <Textarea value={details} onChange={(_, data) => setDetails(data.value)} maxLength={DETAILS_MAX_LENGTH} resize="vertical" />
      </Field>
    </ActionDialog>
  );
}
