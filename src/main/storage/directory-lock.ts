import Database from 'better-sqlite3';
import { readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bindingOptions, type BindingOptions } from './database-file';
import { utcText } from '../../shared/utc-text';

/**
 * The lock itself: an SQLite file this process holds an exclusive lock on. The operating system
 * holds that lock (fcntl on Unix, LockFileEx on Windows) and drops it when the process ends, however
 * it ends, so a crash cannot leave the directory locked. The file stays in the directory, empty:
 * deleting it would let a process that had already opened it lock a file no one else can find.
 * Nothing else may open it in the holding process: on Unix, closing any descriptor of a file
 * drops every lock the process holds on it.
 */
export const LOCK_FILE = 'pitside.lock';
/** Beside the lock, for the message a second process shows: who holds it. Not the lock itself. */
export const HOLDER_FILE = 'pitside.lock.json';

export interface LockHolder {
  pid: number;
  /** When the holding process started, ISO 8601 in UTC. */
  startedAt: string;
}

/** Another process writes this data directory now. */
export class DataDirectoryInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly holder: LockHolder | null,
  ) {
    const who =
      holder === null
        ? 'another Pitside'
        : `Pitside (pid ${holder.pid}) since ${utcText(holder.startedAt, 'second')}`;
    super(
      `the data directory is in use by ${who}. ` +
        'Wait for it to finish or close it, then try again.',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

export interface DataDirectoryLock {
  /** Lets go of this hold; the lock is released once every hold of this process has let go. */
  release(): void;
}

interface Held {
  db: Database.Database;
  holds: number;
}

/**
 * Locks held by this process, by directory. A process may open one directory more than once (a
 * switch of profile opens the next cache before the old one closes); those holds share one lock,
 * because a second SQLite connection of the same process would find it taken.
 */
const held = new Map<string, Held>();

function processStart(): string {
  return new Date(Date.now() - process.uptime() * 1000).toISOString();
}

function isLockHolder(value: unknown): value is LockHolder {
  const candidate = value as Partial<LockHolder> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    Number.isInteger(candidate.pid) &&
    typeof candidate.startedAt === 'string'
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(directory: string): LockHolder | null {
  try {
    const holder: unknown = JSON.parse(readFileSync(join(directory, HOLDER_FILE), 'utf8'));
    return isLockHolder(holder) && isRunning(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

/**
 * Who holds the lock. The holder writes its name just after it takes the lock, so a look at that
 * moment may find none yet, or a name left by a holder that died: it looks again, briefly.
 */
function holderOf(directory: string): LockHolder | null {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let look = 0; look < 20; look += 1) {
    const holder = readHolder(directory);
    if (holder !== null) return holder;
    Atomics.wait(pause, 0, 0, 10);
  }
  return null;
}

function writeHolder(directory: string): void {
  const holder: LockHolder = { pid: process.pid, startedAt: processStart() };
  const temporary = join(directory, `${HOLDER_FILE}.${process.pid}`);
  writeFileSync(temporary, `${JSON.stringify(holder)}\n`);
  renameSync(temporary, join(directory, HOLDER_FILE));
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Takes the data directory for this process's writes, or throws {@link DataDirectoryInUseError}
 * naming the process that has it. Readers take nothing: WAL lets them read beside the writer.
 */
export function lockDataDirectory(
  directory: string,
  options: BindingOptions = {},
): DataDirectoryLock {
  const key = realpathSync(directory);
  let lock = held.get(key);
  if (lock === undefined) {
    // No busy timeout: a directory in use is said at once, not after a wait that looks like a hang.
    const db = new Database(join(key, LOCK_FILE), { ...bindingOptions(options), timeout: 0 });
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      // An open write transaction holds the exclusive lock whatever the locking mode does.
      db.exec('BEGIN EXCLUSIVE');
    } catch (error) {
      db.close();
      if (errorCode(error) === 'SQLITE_BUSY') {
        throw new DataDirectoryInUseError(key, holderOf(key));
      }
      throw error;
    }
    try {
      writeHolder(key);
    } catch (error) {
      db.close();
      throw error;
    }
    lock = { db, holds: 0 };
    held.set(key, lock);
  }
  lock.holds += 1;
  const taken = lock;
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      taken.holds -= 1;
      if (taken.holds > 0) return;
      held.delete(key);
      // While the lock is still held: after it, the name may already be the next holder's.
      rmSync(join(key, HOLDER_FILE), { force: true });
      taken.db.close();
    },
  };
}
