/**
 * The test model and its rules: one source of truth for the editor (portal, add-in) and the
 * server, which applies the same functions to every write.
 *
 * `sanitizeHtml` lives in ./sanitize.ts and is not exported here: the server sanitises all rich
 * text on the way in, and importing it from here would put the HTML parser into every bundle
 * that uses a rule.
 */
export * from './types';
export * from './defaults';
export * from './grades';
export * from './translations';
export * from './errors';
export * from './html';
export * from './normalize';
export * from './operations';
export * from './settings';
export * from './validation';
export * from './wordDocument';
