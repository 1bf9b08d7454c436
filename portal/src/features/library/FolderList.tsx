import { ItemLocation } from '@shared/ui/ItemLocation';
import { Badge, Caption1, Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { Folder24Regular, FolderPerson24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { LibraryFolder } from '@shared/api/libraryTypes';
import { isSelected, itemToggled } from './librarySlice';
import { AppLink } from '../../app/AppLink';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { libraryPath } from '../../app/routes';
import { ItemMenu } from './ItemMenu';
import { useItemActions } from './useItemActions';
import { useLibraryAccess } from './useLibrary';
import { framed } from '../../app/surfaces';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))',
    gap: tokens.spacingHorizontalM,
    listStyle: 'none',
    padding: 0,
    margin: 0,
  },
  card: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    ...framed,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  selected: { border: `1px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  icon: { color: tokens.colorPaletteYellowForeground2, flexShrink: 0 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  name: {
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    ':hover': { textDecoration: 'underline' },
  },
  meta: { color: tokens.colorNeutralForeground3, display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
});

/** Child folders as cards: tick to select, name to open, menu for one-folder actions. */
export function FolderList({ folders }: { folders: LibraryFolder[] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const selection = useAppSelector((state) => state.library.selection);
  const { library, canWrite } = useLibraryAccess();
  const actions = useItemActions();
  return (
    <ul className={styles.grid} data-testid="folder-list">
      {folders.map((folder) => {
        const selected = isSelected(selection, 'folder', folder._id);
        return (
          <li key={folder._id} className={`${styles.card} ${selected ? styles.selected : ''}`} data-testid="folder-item" data-id={folder._id}>
            {canWrite && (
              <Checkbox
                checked={selected}
                onChange={() => dispatch(itemToggled({ kind: 'folder', id: folder._id }))}
                aria-label={t('library.selectItem', { name: folder.name })}
              />
            )}
            {folder.isShared ? <FolderPerson24Regular className={styles.icon} /> : <Folder24Regular className={styles.icon} />}
            <div className={styles.text}>
              <AppLink to={libraryPath(library, folder._id)} className={styles.name} title={folder.name}>
                {folder.name}
              </AppLink>
              <ItemLocation location={folder.location} />
              <Caption1 className={styles.meta}>
                {t('library.folderCount', { count: folder.folderCount ?? 0 })}
                {folder.isShared && (
                  <Badge
                    size="small"
                    appearance="tint"
                    color="informative"
                    title={folder.sharedBy ? t('library.sharedBy', { name: folder.sharedBy }) : undefined}
                  >
                    {t('library.shared')}
                  </Badge>
                )}
              </Caption1>
            </div>
            <ItemMenu itemName={folder.name} actions={actions.forFolder(folder)} />
          </li>
        );
      })}
    </ul>
  );
}
