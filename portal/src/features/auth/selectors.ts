import { isExpired, isExpiring } from '@shared/domain/subscription';
import type { AuthState } from './authSlice';

interface State {
  auth: AuthState;
}

export const selectUser = (state: State) => state.auth.user;
export const selectIsLoggedIn = (state: State) => Boolean(state.auth.token);
export const selectRemainingDays = (state: State) => state.auth.user?.remainingDays ?? null;
export const selectIsExpired = (state: State) => {
  const days = selectRemainingDays(state);
  return days !== null && isExpired(days);
};
export const selectIsExpiring = (state: State) => {
  const days = selectRemainingDays(state);
  return days !== null && isExpiring(days);
};
export const selectCanUseGlobalLibrary = (state: State) => Boolean(state.auth.user?.isSharedGlobal);
export const selectCanBulkUpload = (state: State) => Boolean(state.auth.user?.enableViduParser);
