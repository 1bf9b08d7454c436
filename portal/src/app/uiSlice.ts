import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The app-wide dialogs; one open at a time is enough for these. */
export type AppDialog = 'changePassword' | 'subscriptionExpired' | 'subscriptionExpiring' | 'bulkUploadInfo' | 'whatsNew' | 'updateAvailable' | 'help';

export interface Toast {
  id: string;
  intent: 'error' | 'success' | 'warning' | 'info';
  title?: string;
  body: string;
  /** A delete's Trash items: the toast offers Undo (issue 17). */
  undo?: { trashIds: string[]; isGlobal: boolean };
}

export interface UiState {
  dialog: AppDialog | null;
  /** Toasts waiting to be shown; the toaster takes them from here. */
  toasts: Toast[];
  /** The expired modal opens by itself once per page load (and again on a locked link). */
  expiredNoticeShown: boolean;
  /** Items restored from the Trash (issue 17): a view showing one of these tests reads it again. */
  restored: { seq: number; testIds: string[] };
}

const initialState: UiState = { dialog: null, toasts: [], expiredNoticeShown: false, restored: { seq: 0, testIds: [] } };

const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    dialogOpened: (state, action: PayloadAction<AppDialog>) => {
      state.dialog = action.payload;
      if (action.payload === 'subscriptionExpired') state.expiredNoticeShown = true;
    },
    dialogClosed: (state, action: PayloadAction<AppDialog | undefined>) => {
      if (!action.payload || state.dialog === action.payload) state.dialog = null;
    },
    toastQueued: {
      reducer: (state, action: PayloadAction<Toast>) => {
        // Duplicates are prevented: the same toast already waiting is not queued again.
        if (!state.toasts.some((t) => t.id === action.payload.id)) state.toasts.push(action.payload);
      },
      prepare: (toast: Omit<Toast, 'id'>) => ({
        payload: { ...toast, id: `${toast.intent}:${toast.title ?? ''}:${toast.body}${toast.undo ? `:${toast.undo.trashIds.join(',')}` : ''}` },
      }),
    },
    trashRestored: (state, action: PayloadAction<string[]>) => {
      state.restored = { seq: state.restored.seq + 1, testIds: action.payload };
    },
    toastTaken: (state, action: PayloadAction<string>) => {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
    },
  },
});

export const { dialogOpened, dialogClosed, toastQueued, toastTaken, trashRestored } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
