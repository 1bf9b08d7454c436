import { Button, Checkbox, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { ArrowExport20Regular, ArrowMove20Regular, Delete20Regular, Dismiss20Regular, Link20Regular, Share20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { allToggled, libraryDialogOpened, selectedCount, selectionCleared, selectionCounts, totalItems } from './librarySlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLibraryAccess } from './useLibrary';
import { LibraryExportDialog } from '../interop/LibraryExportDialog';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    minHeight: '40px',
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  active: { backgroundColor: tokens.colorBrandBackground2 },
  count: { marginRight: 'auto', fontWeight: tokens.fontWeightSemibold },
});

/** Select all, how many are selected, and the actions on the selection. */
export function SelectionBar() {
  const styles = useStyles();
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const library = useAppSelector((state) => state.library);
  const { canWrite, canShare, canLink } = useLibraryAccess();
  const [exporting, setExporting] = useState(false);
  const total = totalItems(library);
  if (!canWrite || total === 0) return null;
  const count = selectedCount(library);
  const counts = selectionCounts(library);
  const everything = count === total;
  const open = (kind: 'move' | 'delete' | 'share' | 'link') => dispatch(libraryDialogOpened({ kind, target: null }));
  return (
    <div className={`${styles.bar} ${count ? styles.active : ''}`} role="toolbar" aria-label={t('library.selection')} data-testid="selection-bar">
      <Checkbox
        checked={everything ? true : count > 0 ? 'mixed' : false}
        onChange={() => dispatch(allToggled())}
        label={t('library.selectAll', { count: total })}
        data-testid="select-all"
      />
      <Text className={styles.count} data-testid="selected-count" aria-live="polite">
        {count > 0 ? t('library.selectedCount', { count }) : ''}
      </Text>
      {count > 0 && (
        <>
          <Button appearance="subtle" icon={<ArrowMove20Regular />} onClick={() => open('move')}>
            {t('library.move')}
          </Button>
          {canShare && (
            <Button appearance="subtle" icon={<Share20Regular />} onClick={() => open('share')}>
              {t('library.share')}
            </Button>
          )}
          {canLink && counts.tests > 0 && (
            <Button appearance="subtle" icon={<Link20Regular />} onClick={() => open('link')}>
              {t('library.link')}
            </Button>
          )}
          {counts.tests > 0 && (
            <Button appearance="subtle" icon={<ArrowExport20Regular />} onClick={() => setExporting(true)} data-testid="library-export">
              {t('interop.export.libraryOpen')}
            </Button>
          )}
          <Button appearance="subtle" icon={<Delete20Regular />} onClick={() => open('delete')}>
            {t('library.delete')}
          </Button>
          <Button appearance="subtle" icon={<Dismiss20Regular />} onClick={() => dispatch(selectionCleared())} aria-label={t('library.clearSelection')} />
        </>
      )}
      {exporting && <LibraryExportDialog onClose={() => setExporting(false)} />}
    </div>
  );
}
