// `npm test`'s first step: the type-check and the portal's production build, side by side (each
// waits on one CPU as much as it uses it; one after the other they took 25 s + 43 s of the run).
// Exits 1 when either fails, after both have finished, with each one's output as it came.
import { spawn } from 'node:child_process';

const steps = [
  ['typecheck', ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['build', ['npx', 'webpack', '--mode', 'production']],
];
const results = await Promise.all(
  steps.map(
    ([name, [command, ...args]]) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { stdio: 'inherit' });
        child.on('close', (code) => resolve({ name, code }));
        child.on('error', () => resolve({ name, code: 1 }));
      }),
  ),
);
const failed = results.filter((r) => r.code !== 0);
for (const { name, code } of failed) console.error(`npm test: ${name} failed (exit code ${code})`);
process.exit(failed.length ? 1 : 0);
