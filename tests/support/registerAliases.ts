import Module from 'node:module';
import path from 'node:path';
import { ALIASES, ROOT } from '../../scripts/aliases.cjs';

/**
 * Jest's globalSetup and globalTeardown are loaded outside Jest's module system, where
 * moduleNameMapper does not apply: this teaches Node's resolver the code's aliases (tsconfig.json
 * paths) before they import server code. Import it first.
 */
const resolver = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolve = resolver._resolveFilename;
resolver._resolveFilename = function (request: string, ...rest: unknown[]) {
  const alias = Object.keys(ALIASES).find((prefix) => request.startsWith(prefix));
  return resolve.call(this, alias ? path.join(ROOT, ALIASES[alias], request.slice(alias.length)) : request, ...rest);
};
