import { Body1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { selectionBody, selectionCounts, type ItemKind } from '../librarySlice';
import { useApi } from '@portal/app/apiContext';
import { useAppSelector } from '@portal/app/hooks';
import { useLibraryAction } from '../useLibrary';
import { ActionDialog } from './ActionDialog';

/** Confirms and deletes the selection (or one item); a folder goes with everything it holds. */
export function DeleteDialog({ target }: { target: { kind: ItemKind; id: string; name: string } | null }) {
  const { t } = useTranslation();
  const api = useApi();
  const run = useLibraryAction();
  const library = useAppSelector((state) => state.library);
  const body = selectionBody(library, target);
  const counts = selectionCounts(library, target);

  const submit = () => run(() => api.deleteItems({ ...body, withFolders: counts.folders > 0, withTests: counts.tests > 0 }));

  return (
    <ActionDialog title={t('library.deleteTitle')} submitLabel={t('library.delete')} destructive onSubmit={submit} dataTestId="delete-dialog">
      <Body1>
        {target
          ? t(target.kind === 'folder' ? 'library.deleteOneFolder' : 'library.deleteOneTest', { name: target.name })
          : t('library.deleteMany', { folders: counts.folders, tests: counts.tests })}
      </Body1>
      {counts.folders > 0 && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('library.deleteFoldersWarning')}</MessageBarBody>
        </MessageBar>
      )}
    </ActionDialog>
  );
}
