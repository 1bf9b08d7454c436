import { editorSlice } from './editorSlice';
import { rootReducer, type RootState } from '../../app/store';

/**
 * The editor's slice, injected into the store when the editor's code first loads (the sign-in
 * page does not download it). Portal code takes the editor's actions and thunks from here, so
 * the slice is always in the store before they are dispatched.
 */
const injected = editorSlice.injectInto(rootReducer);

/** The editor's state; its initial state until the slice's first action has run. */
export const selectEditor = (state: RootState) => injected.selectSlice(state);

export * from './editorSlice';
