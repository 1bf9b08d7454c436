import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by another Testforge process (pid ${pid}). ` +
        'Only one process may open an embedded database: stop that process first, ' +
        'or set DATABASE_URL to run several servers on PostgreSQL.',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Who holds a lock: the pid, and where the system tells it (Linux's /proc), when that process
 * started and in which boot. A pid alone is not enough: after a crash or a reboot the same number
 * is soon given to another process (issue 14: a stale lock then blocked every restart).
 */
export interface LockHolder {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat, field 22). */
  started?: string;
  /** /proc/sys/kernel/random/boot_id: a new one every boot. */
  boot?: string;
}

function readOr(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The fields of /proc/<pid>/stat from field 3 (the state) on, or undefined where the system does not say. */
function statFields(pid: number): string[] | undefined {
  const stat = readOr(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // Field 2 (the command) is in parentheses and may hold spaces: count fields after its last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The start time of a process, or undefined where the system does not say (not Linux, no /proc, gone). */
export function processStartTime(pid: number): string | undefined {
  return statFields(pid)?.[19]; // field 22 overall; fields[0] here is field 3
}

/**
 * The state letter of a process (/proc/<pid>/stat, field 3: R running, S sleeping, Z zombie,
 * X dead...), or undefined where the system does not say.
 */
export function processState(pid: number): string | undefined {
  return statFields(pid)?.[0];
}

/**
 * A zombie (ended, not yet reaped by its parent: a server killed with `kill -9` under a parent
 * that has not waited for it yet) or a dead process holds nothing, though `kill(pid, 0)` still
 * succeeds and its start time is still the same (issue 29: a restart right after a crash was refused).
 */
export const hasEnded = (state: string | undefined) => state === 'Z' || state === 'X' || state === 'x';

export function lockHolderOf(pid: number): LockHolder {
  return { pid, started: processStartTime(pid), boot: readOr('/proc/sys/kernel/random/boot_id') };
}

/** Reads a lock file: ours is JSON; an older server wrote the bare pid. */
export function parseLock(text: string): LockHolder | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as LockHolder;
    return Number.isInteger(value.pid) && value.pid > 0 ? value : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote the lock still runs: same pid, not a zombie, and where known, same boot and start time. */
export function holderIsRunning(holder: LockHolder): boolean {
  if (!isAlive(holder.pid) || hasEnded(processState(holder.pid))) return false;
  const now = lockHolderOf(holder.pid);
  if (holder.boot && now.boot && holder.boot !== now.boot) return false;
  if (holder.started && now.started && holder.started !== now.started) return false;
  return true;
}

/**
 * PGlite has no lock of its own, and two processes writing one data directory corrupt it.
 * We take an exclusive lock file naming this process; a lock whose process has ended (a zombie
 * included, or whose pid now belongs to another process) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'testforge.lock');
  const mine = JSON.stringify(lockHolderOf(process.pid));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseLock(readOr(lockPath) ?? '');
      if (holder && holderIsRunning(holder)) throw new DataDirInUseError(dataDir, holder.pid);
      fs.rmSync(lockPath, { force: true }); // stale: its process died, or its pid is another's now
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
