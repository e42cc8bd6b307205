import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../../../src/main/api/client';
import { openCache, type CacheFiles } from '../../../src/main/cache/open';
import { WriteQueue } from '../../../src/main/cache/write-queue';
import type { ReadCommandName } from '../../../src/main/handlers/reads';
import { IpcFailure } from '../../../src/main/ipc/failure';
import { SyncEngine } from '../../../src/main/sync/engine';
import type { SyncScope, SyncSummary } from '../../../src/shared/ipc/sync';
import { TEST_NOW } from '../../harness/server';
import { readsOf, type ReadInput, type ReadOutput, type Reads } from './reads-harness';

/** A cache filled by the real sync engine from a service, and the read handlers over it. */
export interface SyncedCache {
  cache: CacheFiles;
  engine: SyncEngine;
  reads: Reads;
  summary: SyncSummary;
  /**
   * Asks like a view: when the answer is incomplete (or the record is not held yet), waits for
   * the background fetches the read asked for, then asks again. `not_found` when it stays so.
   */
  settled<Name extends ReadCommandName>(
    name: Name,
    input: ReadInput<Name>,
  ): Promise<ReadOutput<Name> | 'not_found'>;
  close(): Promise<void>;
}

const SETTLE_ATTEMPTS = 4;

function isComplete(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null || !('freshness' in answer)) return true;
  const { freshness } = answer as { freshness: { complete: boolean } };
  return freshness.complete;
}

export async function syncedCache(
  baseUrl: string,
  apiKey: string,
  scope: SyncScope,
): Promise<SyncedCache> {
  const directory = mkdtempSync(join(tmpdir(), 'pitside-synced-'));
  const cache = openCache(join(directory, 'cache.db'));
  const engine = new SyncEngine({
    reader: cache.reader,
    writer: cache.writer,
    queue: new WriteQueue(cache.writer),
    // The service's clock is pinned; the engine and the reads use the same instant.
    now: () => new Date(TEST_NOW),
    connect: () =>
      Promise.resolve(
        createApiClient({
          baseUrl,
          fetch: (url, init) => fetch(url, init),
          apiKey: () => Promise.resolve(apiKey),
        }),
      ),
  });
  const summary = await engine.run({ scope });
  const reads = readsOf(
    { cache },
    { clock: TEST_NOW, onRequest: (key) => engine.fetchInBackground(key) },
  );

  async function settled<Name extends ReadCommandName>(name: Name, input: ReadInput<Name>) {
    for (let attempt = 1; ; attempt += 1) {
      const last = attempt === SETTLE_ATTEMPTS;
      try {
        const answer = await reads.ask(name, input);
        if (isComplete(answer) || last) return answer;
      } catch (error) {
        if (!(error instanceof IpcFailure) || error.code !== 'not_found') throw error;
        if (last) return 'not_found' as const;
      }
      await engine.idle();
    }
  }

  return {
    cache,
    engine,
    reads,
    summary,
    settled,
    close: async () => {
      await engine.close();
      cache.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
