import { dialogClosed, dialogOpened, toastQueued, toastTaken, uiReducer, type UiState } from './uiSlice';

describe('uiSlice', () => {
  const initial: UiState = uiReducer(undefined, { type: '@@init' });

  it('starts with nothing open', () => {
    expect(initial).toEqual({ dialog: null, toasts: [], expiredNoticeShown: false, restored: { seq: 0, testIds: [] } });
  });

  it("dialogOpened('subscriptionExpired') sets expiredNoticeShown; other dialogs do not", () => {
    const help = uiReducer(initial, dialogOpened('help'));
    expect(help).toEqual({ ...initial, dialog: 'help' });
    const expired = uiReducer(help, dialogOpened('subscriptionExpired'));
    expect(expired).toMatchObject({ dialog: 'subscriptionExpired', expiredNoticeShown: true });
    // Closing it does not make it show again by itself.
    const closed = uiReducer(expired, dialogClosed());
    expect(closed).toMatchObject({ dialog: null, expiredNoticeShown: true });
  });

  it('dialogClosed closes the named dialog only if it is the open one, or any without a name', () => {
    const open = uiReducer(initial, dialogOpened('whatsNew'));
    expect(uiReducer(open, dialogClosed('help')).dialog).toBe('whatsNew');
    expect(uiReducer(open, dialogClosed('whatsNew')).dialog).toBeNull();
    expect(uiReducer(open, dialogClosed()).dialog).toBeNull();
  });

  it('toastQueued dedupes identical toasts', () => {
    const toast = { intent: 'error' as const, title: 'Error', body: 'Something went wrong' };
    let state = uiReducer(initial, toastQueued(toast));
    state = uiReducer(state, toastQueued({ ...toast }));
    expect(state.toasts).toEqual([{ ...toast, id: 'error:Error:Something went wrong' }]);
  });

  it('toastQueued keeps toasts that differ in intent, title or body', () => {
    let state = initial;
    for (const toast of [
      { intent: 'error' as const, title: 'Error', body: 'A' },
      { intent: 'error' as const, title: 'Error', body: 'B' },
      { intent: 'warning' as const, title: 'Error', body: 'A' },
      { intent: 'error' as const, body: 'A' },
    ]) {
      state = uiReducer(state, toastQueued(toast));
    }
    expect(state.toasts.map((t) => t.id)).toEqual(['error:Error:A', 'error:Error:B', 'warning:Error:A', 'error::A']);
  });

  it('toastTaken removes a toast, after which the same one can be queued again', () => {
    const toast = { intent: 'success' as const, body: 'Saved' };
    let state = uiReducer(initial, toastQueued(toast));
    const id = state.toasts[0].id;
    state = uiReducer(state, toastTaken(id));
    expect(state.toasts).toEqual([]);
    state = uiReducer(state, toastQueued(toast));
    expect(state.toasts).toHaveLength(1);
  });
});
