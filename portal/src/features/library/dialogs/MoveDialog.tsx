import { useState } from 'react';
import { Body1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Breadcrumb, LibraryFolder } from '@shared/api/libraryTypes';
import { ROOT_FOLDER_ID, selectionBody, selectionCounts, type ItemKind } from '../librarySlice';
import { useApi } from '@portal/app/apiContext';
import { useAppSelector } from '@portal/app/hooks';
import { useLibraryAction } from '../useLibrary';
import { ActionDialog } from './ActionDialog';
import { FolderBrowser } from './FolderBrowser';

/**
 * Moves the selection (or one item) into a folder picked by browsing. The folders being moved
 * cannot be entered or picked: a folder cannot move into itself or a descendant.
 */
export function MoveDialog({ target }: { target: { kind: ItemKind; id: string; name: string } | null }) {
  const { t } = useTranslation();
  const api = useApi();
  const run = useLibraryAction();
  const library = useAppSelector((state) => state.library);
  const query = library.query;
  const isGlobal = query?.library === 'global';
  const [place, setPlace] = useState<Breadcrumb[]>([]);
  const here = place.at(-1)?._id ?? ROOT_FOLDER_ID;
  const body = selectionBody(library, target);
  const counts = selectionCounts(library, target);
  const moving = new Set(body.selectAll ? [] : body.folderIds);

  // With selectAll the folders moving are all those of the source folder: none of them may be entered.
  const isMoving = (folder: LibraryFolder) =>
    moving.has(folder._id) || (body.selectAll && counts.folders > 0 && folder.parentFolderId === body.parentFolderId && !body.folderIds.includes(folder._id));
  const unchanged = here === body.parentFolderId;

  return (
    <ActionDialog
      title={target ? t('library.moveOneTitle', { name: target.name }) : t('library.moveTitle', { count: counts.folders + counts.tests })}
      submitLabel={t('library.moveHere')}
      disabled={unchanged}
      onSubmit={() => run(() => api.moveItems({ ...body, destinationFolderId: here }))}
      dataTestId="move-dialog"
    >
      <FolderBrowser
        isGlobal={isGlobal}
        place={place}
        onPlaceChange={setPlace}
        blocked={(folder) => (isMoving(folder) ? t('library.cannotMoveIntoItself') : null)}
        dataTestId="move-folders"
      />
      <Body1>
        {unchanged
          ? t('library.alreadyHere')
          : t('library.moveInto', { name: place.at(-1)?.name ?? t(isGlobal ? 'home.globalLibraryTitle' : 'home.myLibraryTitle') })}
      </Body1>
    </ActionDialog>
  );
}
