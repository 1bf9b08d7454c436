import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The app-wide dialogs; one open at a time is enough for these. */
export type AppDialog = 'changePassword' | 'subscriptionExpired' | 'subscriptionExpiring' | 'bulkUploadInfo' | 'whatsNew' | 'updateAvailable' | 'help';

export interface Toast {
  id: string;
  intent: 'error' | 'success' | 'warning' | 'info';
  title?: string;
  body: string;
}

export interface UiState {
  dialog: AppDialog | null;
  /** Toasts waiting to be shown; the toaster takes them from here. */
  toasts: Toast[];
  /** The expired modal opens by itself once per page load (and again on a locked link). */
  expiredNoticeShown: boolean;
}

const initialState: UiState = { dialog: null, toasts: [], expiredNoticeShown: false };

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
      prepare: (toast: Omit<Toast, 'id'>) => ({ payload: { ...toast, id: `${toast.intent}:${toast.title ?? ''}:${toast.body}` } }),
    },
    toastTaken: (state, action: PayloadAction<string>) => {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
    },
  },
});

export const { dialogOpened, dialogClosed, toastQueued, toastTaken } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
