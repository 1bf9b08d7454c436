import { libraryDialogClosed } from '../librarySlice';
import { useAppDispatch, useAppSelector } from '@portal/app/hooks';
import { FreeTestDialog } from '../../freeTest/FreeTestDialog';
import { CopyTestDialog } from './CopyTestDialog';
import { DeleteDialog } from './DeleteDialog';
import { FolderDialog } from './FolderDialog';
import { LinkDialog } from './LinkDialog';
import { MoveDialog } from './MoveDialog';
import { ShareDialog } from './ShareDialog';

/** The dialogs that act on a target: the item a row's menu acted on, else the selection. */
const TARGET_DIALOGS = { move: MoveDialog, delete: DeleteDialog, share: ShareDialog, link: LinkDialog };

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
    case 'freeTest':
      return <FreeTestDialog testId={dialog.test._id} testName={dialog.test.name} onClose={() => dispatch(libraryDialogClosed())} />;
    default: {
      const Dialog = TARGET_DIALOGS[dialog.kind];
      return <Dialog target={dialog.target} />;
    }
  }
}
