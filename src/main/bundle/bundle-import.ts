import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { openCache } from '../cache/open';
import { WriteQueue } from '../cache/write-queue';
import { APP_STATE_FILE, loadAppState, saveAppState } from '../profiles/app-state';
import { lockDataDirectory } from '../storage/directory-lock';
import { SettingsReader } from '../settings/settings-store';
import { bundleTarget, OtherServiceError, sameService } from './bundle-target';
import { mergeBundle, type MergeTally } from './bundle-merge';
import { inspectBundle, type BundleSummary } from './bundle-summary';
import { openBundle } from './container-read';
import { asDirectoryError, checkImportDirectory } from './import-directory';

export interface ImportOutcome extends MergeTally {
  summary: BundleSummary;
  cacheFile: string;
  /** The profile made for the bundle's service, by name; `null` when it had one or DIR is not the app's. */
  newProfile: string | null;
}

function removeCacheFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal'])
    rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Merges the bundle `file` of `service` into the cache at `cacheFile`, made if there is none, in one
 * transaction; the caller holds the data directory. Should the merge fail after all (the file
 * changed since it was checked), it rolls back, and a cache made here is removed again.
 */
export async function mergeIntoCacheFile(
  file: string,
  cacheFile: string,
  service: string,
  options: { nativeBinding?: string; now: Date },
): Promise<MergeTally> {
  const cacheDirectory = dirname(cacheFile);
  const madeDirectory = !existsSync(cacheDirectory);
  const madeCache = !existsSync(cacheFile);
  const removeMade = () => {
    if (madeCache) removeCacheFiles(cacheFile);
    if (madeDirectory) rmSync(cacheDirectory, { recursive: true, force: true });
  };
  let files: ReturnType<typeof openCache>;
  try {
    mkdirSync(cacheDirectory, { recursive: true });
    files = openCache(cacheFile, options);
  } catch (error) {
    removeMade();
    throw error;
  }
  let tally: MergeTally;
  try {
    const queue = new WriteQueue(files.writer, { beforeWrite: files.walBacklog });
    const bundle = await openBundle(file, options.now);
    try {
      // Asked again now that the directory is held: another process may have synced it meanwhile.
      const held = new SettingsReader(files.reader).copyOf();
      if (held !== null && !sameService(held, service)) {
        throw new OtherServiceError(cacheFile, held, service);
      }
      tally = await mergeBundle(bundle, { ...files, queue }, held === null, options.now);
    } finally {
      await bundle.close();
    }
  } catch (error) {
    files.close();
    removeMade();
    throw error;
  }
  files.close();
  return tally;
}

/**
 * Imports a bundle into the data directory: the whole bundle is read and checked first, so a bad
 * one (`BundleError`) is refused before any cache is opened, created or locked, and so is a data
 * directory that cannot take it (`UnusableDataDirectoryError`). Then its service's cache (see
 * `bundleTarget`) takes it, with the directory held as a sync holds it. `now` is this computer's
 * clock, which no time in the bundle may be later than (but for a small skew).
 */
export async function importBundle(
  file: string,
  dataDir: string,
  options: { now?: Date } = {},
): Promise<ImportOutcome> {
  const now = options.now ?? new Date();
  const summary = await inspectBundle(file, now);
  const dataDirectory = resolve(dataDir);
  checkImportDirectory(dataDirectory);
  const target = bundleTarget(dataDirectory, summary.service);
  checkImportDirectory(dirname(target.cacheFile));
  let appLock: ReturnType<typeof lockDataDirectory> | null = null;
  try {
    appLock = target.appDirectory === null ? null : lockDataDirectory(target.appDirectory);
  } catch (error) {
    throw asDirectoryError(error, dataDirectory);
  }
  try {
    const tally = await mergeIntoCacheFile(file, target.cacheFile, summary.service, {
      now,
    }).catch((error: unknown) => {
      throw asDirectoryError(error, dirname(target.cacheFile));
    });
    if (target.newProfile !== null && target.appDirectory !== null) {
      const stateFile = join(target.appDirectory, APP_STATE_FILE);
      const state = loadAppState(stateFile);
      await saveAppState(stateFile, {
        ...state,
        profiles: [...(state.profiles ?? target.profiles), target.newProfile],
      });
    }
    return {
      ...tally,
      summary,
      cacheFile: target.cacheFile,
      newProfile: target.newProfile?.name ?? null,
    };
  } finally {
    appLock?.release();
  }
}
