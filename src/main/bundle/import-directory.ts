import { lstatSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOCK_FILE } from '../storage/directory-lock';

/** The data directory an import was given cannot take a bundle; nothing was made or changed. */
export class UnusableDataDirectoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnusableDataDirectoryError';
  }
}

/**
 * Refuses, before anything is made, a data directory that is a file, or whose lock is no file (a
 * directory in its place): the import would otherwise fail halfway, after making a cache.
 * `directory` may not exist yet: the import makes it, as a sync does.
 */
export function checkImportDirectory(directory: string): void {
  const stats = statSync(directory, { throwIfNoEntry: false });
  if (stats === undefined) return;
  if (!stats.isDirectory()) {
    throw new UnusableDataDirectoryError(`the data directory ${directory} is not a directory`);
  }
  const lock = lstatSync(join(directory, LOCK_FILE), { throwIfNoEntry: false });
  if (lock !== undefined && !lock.isFile()) {
    throw new UnusableDataDirectoryError(
      `${join(directory, LOCK_FILE)} is not a file: Pitside keeps an empty file there to lock the directory; move it away`,
    );
  }
}

/** A lock that could not be taken for another reason than its holder, as the directory's fault. */
export function asDirectoryError(error: unknown, directory: string): unknown {
  if (error instanceof UnusableDataDirectoryError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (
    typeof code === 'string' &&
    /^(SQLITE_CANTOPEN|SQLITE_READONLY|EACCES|EPERM|EROFS)/.test(code)
  ) {
    return new UnusableDataDirectoryError(
      `the data directory ${directory} cannot be used: ${(error as Error).message}`,
    );
  }
  return error;
}
