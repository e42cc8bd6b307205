import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCache, type CacheFiles } from '../../../src/main/cache/open';
import { WriteQueue } from '../../../src/main/cache/write-queue';

/*
 * A sync writes commit after commit, and the checkpoint thread beside it never ends complete, so
 * SQLite never restarts the WAL: a sync of `large` left a 719 MB WAL beside a 67 MB database.
 * Writes that wait for a checkpoint once the WAL passes a limit keep it near that limit.
 */

const BACKLOG = 1024 * 1024;
const WRITES = 400;
const ROW_BYTES = 64 * 1024;

let directory: string;
let cache: CacheFiles | null = null;

afterEach(() => {
  cache?.close();
  cache = null;
  rmSync(directory, { recursive: true, force: true });
});

/** The largest the WAL file got over the writes, in bytes. */
async function largestWal(waitForCheckpoints: boolean): Promise<number> {
  directory = mkdtempSync(join(tmpdir(), 'pitside-wal-'));
  const file = join(directory, 'cache.db');
  const files = openCache(file, { walBacklogBytes: BACKLOG });
  cache = files;
  files.writer.exec('CREATE TABLE filler (bytes BLOB NOT NULL)');
  const insert = files.writer.prepare('INSERT INTO filler (bytes) VALUES (randomblob(?))');
  const queue = new WriteQueue(
    files.writer,
    waitForCheckpoints ? { beforeWrite: files.walBacklog } : {},
  );
  let largest = 0;
  for (let write = 0; write < WRITES; write++) {
    await queue.run(() => insert.run(ROW_BYTES));
    largest = Math.max(largest, statSync(`${file}-wal`).size);
  }
  expect(files.reader.prepare('SELECT count(*) FROM filler').pluck().get()).toBe(WRITES);
  return largest;
}

describe('the WAL during a long run of writes', () => {
  it('stays near its limit when writes wait for a checkpoint past it', async () => {
    const largest = await largestWal(true);
    expect(largest).toBeLessThan(3 * BACKLOG);
  });

  it('grows with every write when they do not (what the limit is for)', async () => {
    const largest = await largestWal(false);
    expect(largest).toBeGreaterThan(10 * BACKLOG);
  });
});
