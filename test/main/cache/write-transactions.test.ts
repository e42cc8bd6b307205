import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { openCache } from '../../../src/main/cache/open';
import { WriteQueue } from '../../../src/main/cache/write-queue';

/*
 * Another connection of this process (a thread of its own, so that it runs while the queue's
 * connection waits) holds the cache's write lock for a moment, then commits. The queue's write
 * reads before it writes, as saving an edit does: it must wait for the lock within the busy
 * timeout, not fail at once with "database is locked" as a deferred transaction does.
 */

const HOLDER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.exec('BEGIN IMMEDIATE');
db.prepare("INSERT INTO settings (name, value) VALUES ('held', 'by the other connection')").run();
parentPort.postMessage('holding');
// Longer than a write takes, far shorter than the busy timeout.
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
db.exec('COMMIT');
db.close();
parentPort.postMessage('committed');
`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a write transaction', () => {
  it('waits for a write lock another connection holds, when it reads before it writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pitside-immediate-'));
    dirs.push(dir);
    const file = join(dir, 'pitside.db');
    const cache = openCache(file);
    const queue = new WriteQueue(cache.writer);
    const count = cache.writer.prepare('SELECT count(*) FROM settings').pluck();
    const insert = cache.writer.prepare("INSERT INTO settings (name, value) VALUES ('mine', ?)");
    const holder = new Worker(HOLDER, {
      eval: true,
      workerData: { file, module: join(process.cwd(), 'node_modules', 'better-sqlite3') },
    });
    const messages: string[] = [];
    const committed = new Promise<void>((resolve, reject) => {
      holder.on('message', (message: string) => {
        messages.push(message);
        if (message === 'committed') resolve();
      });
      holder.on('error', reject);
    });
    try {
      await new Promise<void>((resolve) =>
        holder.on('message', (message) => message === 'holding' && resolve()),
      );
      const seen = await queue.run(() => {
        const before = count.get();
        insert.run(String(before));
        return before;
      });
      await committed;
      // It ran after the other commit, and saw it.
      expect(seen).toBe(1);
      expect(messages).toEqual(['holding', 'committed']);
      expect(cache.reader.prepare('SELECT name FROM settings ORDER BY name').pluck().all()).toEqual(
        ['held', 'mine'],
      );
    } finally {
      await holder.terminate();
      cache.close();
    }
  });
});
