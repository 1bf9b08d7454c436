/** Shapes of the API's answers, shared by the server (which makes them) and the clients: defined once, in shared/contract/auth.ts. */
export type { ApiErrorBody, AuthUser, LoginResult, OrgLoginSettings, OrgSummary, PremiumTutor, Region } from '../contract/auth';
