// Keeps imports in one form, and moves files without breaking them (issue 18).
//
//   node scripts/imports.mjs                 rewrites every import to the project's form
//   node scripts/imports.mjs --check         lists imports not in that form (exit 1 if any)
//   node scripts/imports.mjs --move a=b ...  moves files or folders (git mv) and rewrites every import of them
//
// The form: inside one part of the code base (server, shared, portal, addin, tests, bench, scripts) a
// relative path that climbs at most two folders; across parts, or deeper, the part's alias
// (@server/…, @shared/…, @portal/… for portal/src, @addin/… for addin/src, @tests/…: tsconfig, webpack and jest
// know them). Specifiers are resolved on disk, so a rewrite never guesses.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

import aliases from './aliases.cjs';

const { ALIASES, ROOT } = aliases;
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|jest\.(?:mock|requireActual|doMock|unmock)\s*\(\s*)(['"])([^'"\n]+)\2/g;

/** The part a repository path belongs to: its first folder (portal/src and addin/src count as portal and addin). */
const partOf = (file) => file.split('/')[0];

function aliasOf(file) {
  for (const [alias, folder] of Object.entries(ALIASES)) if (file.startsWith(folder)) return alias + file.slice(folder.length);
  return undefined;
}

/** The file a specifier names, as a repository path, or undefined for packages and what is not on disk. */
function resolve(fromFile, specifier, exists) {
  let base;
  const alias = Object.keys(ALIASES).find((a) => specifier.startsWith(a));
  if (alias) base = ALIASES[alias] + specifier.slice(alias.length);
  else if (specifier.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  else return undefined;
  if (exists(base) && !isDir(base)) return { file: base, style: 'exact' };
  for (const ext of EXTENSIONS) if (exists(base + ext)) return { file: base + ext, style: 'bare' };
  for (const ext of EXTENSIONS) if (exists(`${base}/index${ext}`)) return { file: `${base}/index${ext}`, style: 'index' };
  return undefined;
}

const isDir = (file) => fs.existsSync(path.join(ROOT, file)) && fs.statSync(path.join(ROOT, file)).isDirectory();

/** How `fromFile` should name `target` (both repository paths, after any move). */
export function specifierFor(fromFile, target, style) {
  let named = target;
  if (style === 'bare') named = target.replace(/\.(tsx?|m?js|cjs|json)$/, '');
  if (style === 'index') named = target.replace(/\/index\.(tsx?|m?js|cjs|json)$/, '');
  let relative = path.posix.relative(path.posix.dirname(fromFile), named);
  if (!relative.startsWith('.')) relative = `./${relative}`;
  const climbs = relative.split('/').filter((step) => step === '..').length;
  if (partOf(fromFile) === partOf(target) && climbs <= 2) return relative;
  return aliasOf(named) ?? relative;
}

function sourceFiles() {
  const listed = execFileSync(
    'git',
    ['ls-files', '-co', '--exclude-standard', '--', 'server', 'shared', 'portal', 'addin', 'tests', 'bench', 'scripts', '*.js', '*.mjs'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return [...new Set(listed.split('\n'))].filter(
    (file) => /\.(tsx?|m?js|cjs)$/.test(file) && !file.includes('node_modules/') && fs.existsSync(path.join(ROOT, file)),
  );
}

function main(argv) {
  const check = argv.includes('--check');
  const moves = [];
  for (let i = 0; i < argv.length; i++)
    if (argv[i] === '--move') for (const pair of argv.slice(i + 1).filter((a) => !a.startsWith('--'))) moves.push(pair.split('='));
  const moved = (file) => {
    for (const [from, to] of moves) if (file === from || file.startsWith(`${from}/`)) return to + file.slice(from.length);
    return file;
  };
  const files = sourceFiles();
  const known = new Set(files);
  const exists = (file) => known.has(file) || fs.existsSync(path.join(ROOT, file));
  const rewritten = new Map();
  const problems = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const next = text.replace(SPECIFIER, (whole, lead, quote, specifier, offset) => {
      // An import written inside a string (a lint rule's test case, say) is text, not an import.
      if (/["'`]/.test(text.slice(text.lastIndexOf('\n', offset) + 1, offset))) return whole;
      if (specifier.includes('${')) return whole; // built at run time: not a path to check
      const target = resolve(file, specifier, exists);
      if (!target) {
        if (specifier.startsWith('.') || Object.keys(ALIASES).some((a) => specifier.startsWith(a))) problems.push(`${file}: cannot find ${specifier}`);
        return whole;
      }
      const wanted = specifierFor(moved(file), moved(target.file), target.style);
      if (wanted !== specifier && check) problems.push(`${file}: ${specifier} -> ${wanted}`);
      return `${lead}${quote}${wanted}${quote}`;
    });
    if (next !== text) rewritten.set(file, next);
  }
  if (check) {
    for (const problem of problems) console.log(problem);
    process.exit(problems.length ? 1 : 0);
  }
  for (const [from, to] of moves) {
    fs.mkdirSync(path.dirname(path.join(ROOT, to)), { recursive: true });
    if (isDir(to)) {
      // Merging into a folder that exists: move file by file.
      for (const file of files.filter((f) => f.startsWith(`${from}/`))) {
        fs.mkdirSync(path.dirname(path.join(ROOT, moved(file))), { recursive: true });
        execFileSync('git', ['mv', file, moved(file)], { cwd: ROOT });
      }
    } else execFileSync('git', ['mv', from, to], { cwd: ROOT });
  }
  for (const [file, text] of rewritten) fs.writeFileSync(path.join(ROOT, moved(file)), text);
  for (const problem of problems) console.warn(problem);
  console.log(`${rewritten.size} files rewritten${moves.length ? `, ${moves.length} moves` : ''}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main(process.argv.slice(2));
