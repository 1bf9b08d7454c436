// npm's prepare step: points git at .githooks/ so a commit runs lint-staged. It does nothing in CI,
// without git, or in a copy that is not the top of its own work tree (a tarball unpacked inside
// another repository must not get our hooks).
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

if (!process.env.CI) {
  let top;
  try {
    top = git('rev-parse', '--show-toplevel');
  } catch {
    top = undefined;
  }
  if (top && realpathSync(top) === realpathSync(process.cwd())) git('config', 'core.hooksPath', '.githooks');
}
