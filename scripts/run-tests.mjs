// Runs Jest with what PGlite needs (--experimental-vm-modules) and passes other arguments on.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const jest = require.resolve('jest/bin/jest');
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() };
const result = spawnSync(process.execPath, [jest, ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
