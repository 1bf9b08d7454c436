// `npm start`: builds the portal when its sources are newer than the last build, then starts
// the server. A fresh clone builds once; later starts take about a second.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(import.meta.url);
const builtMarker = path.join(root, 'dist', 'app-version.json');
const sources = ['portal', 'shared', 'addin', 'webpack.config.js', 'package.json', 'manifest.xml'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    // Tests are not in the bundle: changing one needs no build.
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

const builtAt = fs.existsSync(builtMarker) ? fs.statSync(builtMarker).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (process.env.FORCE_BUILD === '1' || changedAt > builtAt) {
  console.log(builtAt ? 'Portal sources changed: building…' : 'Building the portal (first start)…');
  const webpack = require.resolve('webpack-cli/bin/cli.js');
  const build = spawnSync(process.execPath, [webpack, '--mode', 'production'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
