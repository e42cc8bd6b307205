import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCacheForReading } from '../../../src/cli/data-dir';
import { createApiClient } from '../../../src/main/api/client';
import { openCache, type CacheFiles } from '../../../src/main/cache/open';
import { WriteQueue } from '../../../src/main/cache/write-queue';
import { startShare, type RunningShare } from '../../../src/main/share/share-server';
import { SyncEngine } from '../../../src/main/sync/engine';
import type { SyncScope, SyncSummary } from '../../../src/shared/ipc/sync';
import { TEST_NOW } from '../../harness/server';

/**
 * A laptop that syncs from a service and shares its copy: the real sync engine over a real cache
 * file, and a share of that file on its own read-only connection, as `pitside share` opens it.
 * The engine's clock is the test's to move (`sync(scope, at)`); the share's is the service's
 * pinned one, so that statuses compare with the service's answers.
 */
export interface SharedCopy {
  cache: CacheFiles;
  share: RunningShare;
  /** Moves the engine's clock to `at`, then runs a sync of `scope`. */
  sync(scope: SyncScope, at: Date): Promise<SyncSummary>;
  /** A GET to the share with its key. */
  get(path: string): Promise<Response>;
  close(): Promise<void>;
}

export async function sharedCopy(baseUrl: string, key: string): Promise<SharedCopy> {
  const dir = mkdtempSync(join(tmpdir(), 'pitside-shared-copy-'));
  const cache = openCache(join(dir, 'pitside.db'));
  let clock = new Date(TEST_NOW);
  const engine = new SyncEngine({
    reader: cache.reader,
    writer: cache.writer,
    queue: new WriteQueue(cache.writer),
    now: () => clock,
    connect: () =>
      Promise.resolve(
        createApiClient({
          baseUrl,
          fetch: (url, init) => fetch(url, init),
          apiKey: () => Promise.resolve(key),
        }),
      ),
  });
  const reading = openCacheForReading(dir);
  const share = await startShare({
    db: reading.db,
    host: '127.0.0.1',
    port: 0,
    now: () => new Date(TEST_NOW),
    rateLimit: null,
  });
  return {
    cache,
    share,
    sync: (scope, at) => {
      clock = at;
      return engine.run({ scope });
    },
    get: (path) =>
      fetch(`${share.url.replace(/\/$/, '')}${path}`, {
        headers: { authorization: `Bearer ${share.key}` },
      }),
    close: async () => {
      await share.close();
      reading.close();
      await engine.close();
      cache.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
