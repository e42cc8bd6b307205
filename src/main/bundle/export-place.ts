import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CACHE_FILE } from '../data-layer';
import { APP_STATE_FILE } from '../profiles/app-state';
import { HOLDER_FILE, LOCK_FILE } from '../storage/directory-lock';

/*
 * Where an export may write. Never over a file a Pitside data directory keeps for itself, in any
 * data directory, not only the one read: its cache (and the cache's WAL, shared memory and
 * journal), the lock and its holder's name, the app's state. Writing there would take the outbox
 * with the cache. A directory is known for one by those files, the markers, beside the target.
 */

/** Files that say a directory is Pitside's: a cache, a lock, or the app's state. */
const MARKERS = [CACHE_FILE, LOCK_FILE, APP_STATE_FILE];

/** SQLite's files beside a database: the lock is an SQLite file too. */
const SQLITE_SUFFIXES = ['', '-wal', '-shm', '-journal'];

const OWN_FILES = new Set(
  [
    ...[CACHE_FILE, LOCK_FILE].flatMap((file) => SQLITE_SUFFIXES.map((suffix) => file + suffix)),
    HOLDER_FILE,
    APP_STATE_FILE,
  ].map((name) => name.toLowerCase()),
);

/**
 * The place an export was told to write cannot take a bundle, and nothing was written there:
 * `path` when the place given is at fault (a usage error), `system` when the system refused a
 * write to a place that could otherwise have taken it (read-only, no permission, full).
 */
export class ExportPlaceError extends Error {
  constructor(
    message: string,
    readonly fault: 'path' | 'system',
  ) {
    super(message);
    this.name = 'ExportPlaceError';
  }
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function isDataDirectory(directory: string): boolean {
  // Compared without case: on a case-insensitive disk, PITSIDE.DB is the cache.
  let names: string[];
  try {
    names = readdirSync(directory).map((name) => name.toLowerCase());
  } catch {
    return MARKERS.some((marker) => existsSync(join(directory, marker)));
  }
  return MARKERS.some((marker) => names.includes(marker.toLowerCase()));
}

/** What a path that exists is, when it is no regular file. */
function kindOf(path: string): 'missing' | 'file' | 'directory' | 'other' {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats === undefined) return 'missing';
  if (stats.isFile()) return 'file';
  return stats.isDirectory() ? 'directory' : 'other';
}

/**
 * Refuses `file` (absolute) as a bundle's place before anything is written: its folder must be
 * there, and it must be a new file or a regular one, and no data directory's own.
 */
export function checkExportPlace(file: string): void {
  const directory = dirname(file);
  const folder = kindOf(directory);
  if (folder === 'missing') throw new ExportPlaceError(`${directory}: no such directory`, 'path');
  if (folder !== 'directory') {
    throw new ExportPlaceError(`${directory} is not a directory`, 'path');
  }
  const target = kindOf(file);
  if (target === 'directory') {
    throw new ExportPlaceError(`${file} is a directory; name a file for the bundle`, 'path');
  }
  if (target === 'other') {
    throw new ExportPlaceError(`${file} is not a regular file; name a file for the bundle`, 'path');
  }
  if (OWN_FILES.has(basename(file).toLowerCase()) && isDataDirectory(directory)) {
    throw new ExportPlaceError(
      `${file} is a file of the Pitside data directory ${directory}; choose another place for the bundle`,
      'path',
    );
  }
}

const SYSTEM_REFUSALS: Readonly<Record<string, string>> = {
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
};

/** A write the system refused, as the place's fault; anything else is left as it is. */
export function asPlaceError(error: unknown, file: string): unknown {
  const reason = SYSTEM_REFUSALS[errorCode(error) ?? ''];
  if (reason === undefined) return error;
  return new ExportPlaceError(`${file} cannot be written: ${reason}`, 'system');
}
