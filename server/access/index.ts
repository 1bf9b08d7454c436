/**
 * Who may do what (issue 18): the one place that decides. Routes and services ask; repositories
 * receive its where-builders, so the SQL stays in them and the rule here.
 */
export { callerFrom, callerOf, effectiveFlag, type Caller } from './caller';
export { assertMayShare, inScope, libraryScope, mayReadGlobal, scopeOf, type LibraryScope } from './library';
export { assertMayChangeTest, assertMayMakeTbTest, foldersOfLibraryOf, testsVisibleTo } from './editor';
export { assertSameOrg, assertSelf } from './org';
