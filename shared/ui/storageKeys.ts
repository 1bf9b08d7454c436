/** Everything the portal and the add-in keep in local storage (the PDF renderer sets the token), named in one place. */
export const STORAGE_KEYS = {
  token: 'testforge.token',
  loginTime: 'testforge.loginTime',
  language: 'testforge.language',
  redirectAfterLogin: 'testforge.redirectAfterLogin',
  /** The organisation code of the last sign-in on this browser: the sign-in page shows its branding. */
  lastOrgCode: 'testforge.lastOrgCode',
  /** Suffixed with the user id: the expiring modal is shown once per user. */
  expiringModalShown: 'testforge.expiringModalShown',
  /** Suffixed with a spreadsheet's header row: the column mapping the tutor last imported it with. */
  columnMapping: 'testforge.columnMapping',
} as const;
