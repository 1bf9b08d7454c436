import { useCallback } from 'react';
import { updateTest, type TestChange } from '../editorState';
import { useAppDispatch } from '@portal/app/hooks';
import { useEditorWrite } from '../useEditorWrite';

/** Saves a change of the test with its success toast; true when it was saved. */
export function useTestUpdate() {
  const dispatch = useAppDispatch();
  const run = useEditorWrite();
  return useCallback((change: TestChange, successMessage: string) => run(() => dispatch(updateTest(change)).unwrap(), successMessage), [dispatch, run]);
}
