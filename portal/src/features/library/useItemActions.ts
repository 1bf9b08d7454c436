import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LibraryFolder, TestSummary } from '@shared/api/libraryTypes';
import { libraryDialogOpened } from './librarySlice';
import { useAppDispatch } from '../../app/hooks';
import { editorPath, libraryPath, previewPath, resultsPath } from '../../app/routes';
import type { MenuAction } from './ItemMenu';
import { useLibraryAccess } from './useLibrary';

/** The menu actions of one folder or test, as the user's rights allow. */
export function useItemActions() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { library, canWrite, canShare, canLink } = useLibraryAccess();

  const forFolder = (folder: LibraryFolder): MenuAction[] => {
    const target = { kind: 'folder' as const, id: folder._id, name: folder.name };
    return [
      { key: 'open', label: t('library.open'), onClick: () => navigate(libraryPath(library, folder._id)) },
      ...(canWrite ? [{ key: 'edit', label: t('library.editFolder'), onClick: () => dispatch(libraryDialogOpened({ kind: 'editFolder', folder })) }] : []),
      ...(canWrite ? [{ key: 'move', label: t('library.move'), onClick: () => dispatch(libraryDialogOpened({ kind: 'move', target })) }] : []),
      ...(canShare ? [{ key: 'share', label: t('library.share'), onClick: () => dispatch(libraryDialogOpened({ kind: 'share', target })) }] : []),
      ...(canWrite ? [{ key: 'delete', label: t('library.delete'), onClick: () => dispatch(libraryDialogOpened({ kind: 'delete', target })) }] : []),
    ];
  };

  const forTest = (test: TestSummary): MenuAction[] => {
    const target = { kind: 'test' as const, id: test._id, name: test.name };
    return [
      { key: 'open', label: t('library.open'), onClick: () => navigate(editorPath(library, test._id)) },
      // The test as students see it, in a new tab (the test's previewUrl); nothing is recorded.
      { key: 'preview', label: t('student.previewAction'), onClick: () => window.open(previewPath(test._id), '_blank', 'noopener') },
      {
        key: 'copy',
        label: library === 'global' ? t('library.copyToMyLibrary') : t('library.copy'),
        onClick: () => dispatch(libraryDialogOpened({ kind: 'copyTest', test })),
      },
      ...(canWrite ? [{ key: 'move', label: t('library.move'), onClick: () => dispatch(libraryDialogOpened({ kind: 'move', target })) }] : []),
      ...(canShare ? [{ key: 'share', label: t('library.share'), onClick: () => dispatch(libraryDialogOpened({ kind: 'share', target })) }] : []),
      ...(canLink ? [{ key: 'link', label: t('library.link'), onClick: () => dispatch(libraryDialogOpened({ kind: 'link', target })) }] : []),
      // Publishing by link: the tutor's own tests (decisions, "Free tests").
      ...(library === 'local' && canWrite
        ? [{ key: 'freeTest', label: t('freeTest.menu'), onClick: () => dispatch(libraryDialogOpened({ kind: 'freeTest', test })) }]
        : []),
      // How its free test's students did (issue 16).
      ...(library === 'local' && canWrite ? [{ key: 'results', label: t('results.menu'), onClick: () => navigate(resultsPath(library, test._id)) }] : []),
      ...(canWrite ? [{ key: 'delete', label: t('library.delete'), onClick: () => dispatch(libraryDialogOpened({ kind: 'delete', target })) }] : []),
    ];
  };

  return { forFolder, forTest };
}
