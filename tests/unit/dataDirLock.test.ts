/** @jest-environment node */
// The embedded database's data-directory lock (issue 14): a lock whose pid now belongs to another
// process is stale and is taken over; a lock of the process that really holds it is refused.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirInUseError, lockDataDir, lockHolderOf, processStartTime, processState } from '@server/db/lock';

let dataDir: string;
let other: ChildProcess;
const lockPath = () => path.join(dataDir, 'testforge.lock');

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testforge-lock-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));
beforeAll(() => {
  // Another live process, not a Testforge server: what a crashed server's pid may belong to later.
  other = spawn('sleep', ['60'], { stdio: 'ignore' });
});
afterAll(() => other.kill());

const linux = fs.existsSync('/proc/self/stat');
const onLinux = linux ? test : test.skip;

onLinux('reads a process start time from /proc', () => {
  expect(processStartTime(process.pid)).toMatch(/^\d+$/);
  expect(processStartTime(other.pid!)).toMatch(/^\d+$/);
  expect(processStartTime(2 ** 22 + 12345)).toBeUndefined();
});

onLinux('a lock naming a live pid that started at another time (the pid was reused) is taken over', () => {
  const holder = lockHolderOf(other.pid!);
  fs.writeFileSync(lockPath(), JSON.stringify({ ...holder, started: String(Number(holder.started) + 1) }));
  const release = lockDataDir(dataDir);
  expect(JSON.parse(fs.readFileSync(lockPath(), 'utf8'))).toEqual(lockHolderOf(process.pid));
  release();
  expect(fs.existsSync(lockPath())).toBe(false);
});

onLinux('a lock written in an earlier boot is taken over, whatever its pid', () => {
  fs.writeFileSync(lockPath(), JSON.stringify({ ...lockHolderOf(other.pid!), boot: 'an-earlier-boot' }));
  lockDataDir(dataDir)();
});

test('a lock of the process that holds it is refused with the clear message', () => {
  fs.writeFileSync(lockPath(), JSON.stringify(lockHolderOf(other.pid!)));
  expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
  expect(() => lockDataDir(dataDir)).toThrow(`The data directory ${dataDir} is in use by another Testforge process (pid ${other.pid}).`);
  // Nothing was changed: the holder keeps its lock.
  expect(JSON.parse(fs.readFileSync(lockPath(), 'utf8'))).toEqual(lockHolderOf(other.pid!));
});

/**
 * A real zombie: `sh` starts `sleep 1` in the background, says its pid and execs `sleep 30`, which
 * never waits for it, so the ended child stays a zombie (as a server killed with `kill -9` does
 * until its parent reaps it) while `kill(pid, 0)` succeeds and its start time stays the same. The
 * child outlives the exec by a second: a child that ended before it (`sleep 0` on a loaded
 * machine) was reaped by the shell itself, and no zombie was left to test.
 */
async function withZombie(use: (pid: number) => void): Promise<void> {
  const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const pid = await new Promise<number>((resolve, reject) => {
      parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
      parent.once('error', reject);
    });
    for (let i = 0; i < 1000 && processState(pid) !== 'Z'; i++) await new Promise((r) => setTimeout(r, 10));
    use(pid);
  } finally {
    parent.kill('SIGKILL'); // the zombie goes with its parent (init reaps it)
  }
}

onLinux('reads a process state from /proc: a live process runs or sleeps, a zombie is Z', async () => {
  expect(processState(process.pid)).toMatch(/^[RS]$/);
  expect(processState(2 ** 22 + 12345)).toBeUndefined();
  await withZombie((pid) => {
    expect(processState(pid)).toBe('Z');
    expect(processStartTime(pid)).toMatch(/^\d+$/);
  });
});

onLinux('a lock of a zombie (a server killed with kill -9, not yet reaped) is taken over (issue 29)', async () => {
  await withZombie((pid) => {
    // What the killed server wrote: its pid, start time and boot, all still true of the zombie.
    const holder = lockHolderOf(pid);
    expect(() => process.kill(pid, 0)).not.toThrow();
    fs.writeFileSync(lockPath(), JSON.stringify(holder));
    const release = lockDataDir(dataDir);
    expect(JSON.parse(fs.readFileSync(lockPath(), 'utf8'))).toEqual(lockHolderOf(process.pid));
    release();
  });
});

test('a lock of a process that has ended, and an unreadable lock, are taken over', () => {
  fs.writeFileSync(lockPath(), JSON.stringify({ pid: 2 ** 22 + 12345 }));
  lockDataDir(dataDir)();
  fs.writeFileSync(lockPath(), 'not a lock');
  lockDataDir(dataDir)();
});

test('two opens in one process: the second is refused while the first holds the lock', () => {
  const release = lockDataDir(dataDir);
  expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
  release();
  lockDataDir(dataDir)();
});
