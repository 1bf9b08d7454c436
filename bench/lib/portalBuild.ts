import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BenchContext } from './types';

/**
 * dist/ as the server serves it, built here when missing, and copied to a scratch directory so
 * that a rebuild during the run (webpack empties dist/ first) cannot pull files from under the
 * page. A note says which build was measured and whether sources have changed since.
 */
export function portalBuild(ctx: BenchContext, benchmarkId: string): { distDir: string; notes: string[] } {
  const elsewhere = process.env.BENCH_DIST_DIR;
  const built = elsewhere ? path.resolve(elsewhere) : path.join(ctx.root, 'dist');
  const marker = 'app-version.json';
  if (elsewhere && !fs.existsSync(path.join(built, marker))) throw new Error(`BENCH_DIST_DIR=${elsewhere} holds no built portal (no ${marker})`);
  if (!fs.existsSync(path.join(built, 'index.html')) || !fs.existsSync(path.join(built, marker))) {
    ctx.log(`${benchmarkId}: dist/ is missing; building the portal (npm run build)`);
    const webpack = require.resolve('webpack-cli/bin/cli.js');
    const build = spawnSync(process.execPath, [webpack, '--mode', 'production'], { cwd: ctx.root, stdio: ['ignore', 2, 2] });
    if (build.status !== 0) throw new Error('the portal build failed (see above); run `npm run build` and fix it before this benchmark');
  }
  const distDir = path.join(ctx.tempDir('testforge-bench-dist-'), 'dist');
  fs.cpSync(built, distDir, { recursive: true, filter: (source) => !source.endsWith('.map') });
  if (!fs.existsSync(path.join(distDir, 'index.html')) || !fs.existsSync(path.join(distDir, marker))) {
    throw new Error('dist/ changed while it was copied (a build running?); run the benchmark again when it is done');
  }
  const { version, builtAt } = JSON.parse(fs.readFileSync(path.join(distDir, marker), 'utf8')) as { version: string; builtAt: string };
  const newer = elsewhere
    ? []
    : ['portal/src', 'shared']
        .flatMap((dir) => fs.readdirSync(path.join(ctx.root, dir), { recursive: true, encoding: 'utf8' }).map((file) => path.join(ctx.root, dir, file)))
        .filter((file) => fs.statSync(file).isFile() && fs.statSync(file).mtimeMs > Date.parse(builtAt));
  const notes = [`measured the portal build ${version} of ${builtAt}${elsewhere ? ` in ${built}` : ''}`];
  if (newer.length)
    notes.push(
      `${newer.length} portal/shared files are newer than that build (${path.relative(ctx.root, newer[0])}, ...): run \`npm run build\` to measure them`,
    );
  return { distDir, notes };
}
