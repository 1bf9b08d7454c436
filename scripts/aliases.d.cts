/** The repository's root folder. */
export const ROOT: string;
/** Alias prefix to repository folder: { '@server/': 'server/', '@portal/': 'portal/src/', ... }. */
export const ALIASES: Record<string, string>;
