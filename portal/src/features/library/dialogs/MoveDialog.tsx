import { useEffect, useState } from 'react';
import { Body1, Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ChevronRight16Regular, Folder20Regular, Home20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Breadcrumb, LibraryFolder } from '../../../../../shared/api/libraryTypes';
import { ROOT_FOLDER_ID, selectionBody, selectionCounts, type ItemKind } from '../../../../../shared/state/librarySlice';
import { useApi } from '../../../app/apiContext';
import { useAppSelector } from '../../../app/hooks';
import { useLibraryAction } from '../useLibrary';
import { ActionDialog } from './ActionDialog';
import { usePickerStyles } from './usePickerStyles';

/** The picker lists up to the server's largest folder page at each level. */
const MOVE_PICKER_LIMIT = 500;

const useStyles = makeStyles({
  path: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
  row: { width: '100%', justifyContent: 'flex-start', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
  crumb: { maxWidth: '160px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/**
 * Moves the selection (or one item) into a folder picked by browsing. The folders being moved
 * cannot be entered or picked: a folder cannot move into itself or a descendant.
 */
export function MoveDialog({ target }: { target: { kind: ItemKind; id: string; name: string } | null }) {
  const styles = useStyles();
  const picker = usePickerStyles();
  const { t } = useTranslation();
  const api = useApi();
  const run = useLibraryAction();
  const library = useAppSelector((state) => state.library);
  const query = library.query;
  const isGlobal = query?.library === 'global';
  const [place, setPlace] = useState<Breadcrumb[]>([]);
  const [folders, setFolders] = useState<LibraryFolder[] | null>(null);
  const here = place.at(-1)?._id ?? ROOT_FOLDER_ID;
  const body = selectionBody(library, target);
  const counts = selectionCounts(library, target);
  const moving = new Set(body.selectAll ? [] : body.folderIds);

  useEffect(() => {
    let current = true;
    setFolders(null);
    api
      .folderChildren(here, { folderLimit: MOVE_PICKER_LIMIT, testLimit: 0, isGlobal })
      .then((children) => current && setFolders(children.folders.folderArray))
      .catch(() => current && setFolders([]));
    return () => {
      current = false;
    };
  }, [api, here, isGlobal]);

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
      testId="move-dialog"
    >
      <nav className={styles.path} aria-label={t('library.breadcrumbs')}>
        <Button size="small" appearance="subtle" icon={<Home20Regular />} onClick={() => setPlace([])}>
          {t(isGlobal ? 'home.globalLibraryTitle' : 'home.myLibraryTitle')}
        </Button>
        {place.map((crumb, index) => (
          <span key={crumb._id} className={styles.path}>
            <ChevronRight16Regular />
            <Button size="small" appearance="subtle" onClick={() => setPlace(place.slice(0, index + 1))} title={crumb.name}>
              <span className={styles.crumb}>{crumb.name}</span>
            </Button>
          </span>
        ))}
      </nav>
      <ul className={picker.list} data-testid="move-folders">
        {folders === null && <Spinner size="small" style={{ padding: 16 }} />}
        {folders?.length === 0 && <li className={picker.hint}>{t('library.noSubfolders')}</li>}
        {folders?.map((folder) => (
          <li key={folder._id}>
            <Button
              className={styles.row}
              appearance="subtle"
              icon={<Folder20Regular />}
              disabled={isMoving(folder)}
              title={isMoving(folder) ? t('library.cannotMoveIntoItself') : folder.name}
              onClick={() => setPlace([...place, { _id: folder._id, name: folder.name, level: folder.level }])}
            >
              {folder.name}
            </Button>
          </li>
        ))}
      </ul>
      <Body1>{unchanged ? t('library.alreadyHere') : t('library.moveInto', { name: place.at(-1)?.name ?? t(isGlobal ? 'home.globalLibraryTitle' : 'home.myLibraryTitle') })}</Body1>
    </ActionDialog>
  );
}
