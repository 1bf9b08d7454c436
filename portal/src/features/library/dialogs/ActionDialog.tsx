import type { ComponentProps } from 'react';
import { libraryDialogClosed } from '../librarySlice';
import { FormDialog } from '@portal/app/FormDialog';
import { useAppDispatch } from '@portal/app/hooks';

/** A library dialog: the shared form dialog, closed through the library's own dialog state. */
export function ActionDialog(props: Omit<ComponentProps<typeof FormDialog>, 'onClose' | 'wide'>) {
  const dispatch = useAppDispatch();
  return <FormDialog {...props} onClose={() => dispatch(libraryDialogClosed())} />;
}
