import { libraryDialogClosed } from '../librarySlice';
import { useAppDispatch, useAppSelector } from '@portal/app/hooks';
import { FreeTestDialog } from '../../freeTest/FreeTestDialog';
import { CopyTestDialog } from './CopyTestDialog';
import { DeleteDialog } from './DeleteDialog';
import { FolderDialog } from './FolderDialog';
import { LinkDialog } from './LinkDialog';
import { MoveDialog } from './MoveDialog';
import { ShareDialog } from './ShareDialog';

/** The one library dialog open, if any (each mounts fresh, so it starts empty). */
export function LibraryDialogs() {
  const dialog = useAppSelector((state) => state.library.dialog);
  const dispatch = useAppDispatch();
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'createFolder':
      return <FolderDialog />;
    case 'editFolder':
      return <FolderDialog folder={dialog.folder} />;
    case 'copyTest':
      return <CopyTestDialog test={dialog.test} />;
    case 'move':
      return <MoveDialog target={dialog.target} />;
    case 'delete':
      return <DeleteDialog target={dialog.target} />;
    case 'share':
      return <ShareDialog target={dialog.target} />;
    case 'link':
      return <LinkDialog target={dialog.target} />;
    case 'freeTest':
      return <FreeTestDialog testId={dialog.test._id} testName={dialog.test.name} onClose={() => dispatch(libraryDialogClosed())} />;
  }
}
