import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCache, type CacheFiles } from '../../../src/main/cache/open';
import { WriteQueue } from '../../../src/main/cache/write-queue';

let cache: CacheFiles | null = null;

function freshCache(): CacheFiles {
  cache = openCache(join(mkdtempSync(join(tmpdir(), 'pitside-queue-')), 'pitside.db'));
  return cache;
}

afterEach(() => {
  cache?.close();
  cache = null;
});

const insert = 'INSERT INTO settings (name, value) VALUES (?, ?)';
const count = 'SELECT count(*) FROM settings';

describe('the write queue', () => {
  it('keeps a session invisible to readers until it commits, however many steps it takes', async () => {
    const { reader, writer } = freshCache();
    const queue = new WriteQueue(writer);
    const seenDuring: number[] = [];
    await queue.session(async (session) => {
      for (let step = 0; step < 5; step += 1) {
        await session.step(() => writer.prepare(insert).run(`row ${step}`, 'x'));
        seenDuring.push(reader.prepare(count).pluck().get() as number);
      }
    });
    expect(seenDuring).toEqual([0, 0, 0, 0, 0]);
    expect(reader.prepare(count).pluck().get()).toBe(5);
  });

  it('rolls a failed session back whole and keeps working afterwards', async () => {
    const { reader, writer } = freshCache();
    const queue = new WriteQueue(writer);
    await queue.run(() => writer.prepare(insert).run('kept', 'old'));
    const failing = queue.session(async (session) => {
      await session.step(() => writer.prepare(insert).run('new 1', 'x'));
      await session.step(() => writer.prepare(insert).run('new 2', 'x'));
      throw new Error('the pull broke on page 3');
    });
    await expect(failing).rejects.toThrow('page 3');
    expect(reader.prepare('SELECT name FROM settings').pluck().all()).toEqual(['kept']);
    await queue.run(() => writer.prepare(insert).run('after', 'x'));
    expect(reader.prepare(count).pluck().get()).toBe(2);
  });

  it('runs a write queued during a session after it, never inside its transaction', async () => {
    const { reader, writer } = freshCache();
    const queue = new WriteQueue(writer);
    const order: string[] = [];
    let releaseSession: () => void = () => {};
    const released = new Promise<void>((resolve) => (releaseSession = resolve));
    let stepDone: () => void = () => {};
    const stepped = new Promise<void>((resolve) => (stepDone = resolve));
    const sessionDone = queue.session(async (session) => {
      await session.step(() => writer.prepare(insert).run('from session', 'x'));
      order.push('session step');
      stepDone();
      await released;
      throw new Error('session rolled back');
    });
    await stepped;
    const favorite = queue.run(() => {
      order.push('favorite');
      return writer.prepare(insert).run('favorite', 'x');
    });
    releaseSession();
    await expect(sessionDone).rejects.toThrow('rolled back');
    await favorite;
    // The person's write survived the sync's rollback because it was never part of it.
    expect(order).toEqual(['session step', 'favorite']);
    expect(reader.prepare('SELECT name FROM settings').pluck().all()).toEqual(['favorite']);
  });

  it('reports the duration of every synchronous block', async () => {
    const { writer } = freshCache();
    const blocks: number[] = [];
    const queue = new WriteQueue(writer, { onBlock: (ms) => blocks.push(ms) });
    await queue.run(() => writer.prepare(insert).run('a', 'x'));
    await queue.session(async (session) => {
      await session.step(() => writer.prepare(insert).run('b', 'x'));
    });
    // run: 1 block; session: BEGIN, the step, COMMIT.
    expect(blocks).toHaveLength(4);
    expect(blocks.every((ms) => ms >= 0)).toBe(true);
  });

  it('tells what a commit changed once it has committed, and nothing of what rolled back', async () => {
    const { writer } = freshCache();
    const told: string[][] = [];
    const queue = new WriteQueue(writer, { onCommit: (changed) => told.push(changed) });
    await queue.run(() => {
      writer.prepare(insert).run('a', 'x');
      queue.changes.record('favorites', 'favorites', 'pins');
    });
    await expect(
      queue.session(async (session) => {
        await session.step(() => queue.changes.record('events'));
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    await queue.session(async (session) => {
      await session.step(() => queue.changes.record('teams'));
    });
    // A commit that recorded nothing is not news.
    await queue.run(() => writer.prepare(insert).run('b', 'x'));
    expect(told).toEqual([['favorites', 'pins'], ['teams']]);
  });

  it('runs an urgent write right after the session in progress, ahead of every write queued before it', async () => {
    const { writer } = freshCache();
    const queue = new WriteQueue(writer);
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const session = queue.session(async (steps) => {
      await steps.step(() => order.push('session starts'));
      await held;
      await steps.step(() => order.push('session ends'));
    });
    const queued = [1, 2, 3].map((n) => queue.run(() => order.push(`sync write ${n}`)));
    const urgent = queue.runFirst(() => order.push('edit'));
    release();
    await Promise.all([session, urgent, ...queued]);
    expect(order).toEqual([
      'session starts',
      'session ends',
      'edit',
      'sync write 1',
      'sync write 2',
      'sync write 3',
    ]);
  });

  it('rejects a failed urgent write and rolls it back, and idle() waits for both lanes', async () => {
    const { reader, writer } = freshCache();
    const queue = new WriteQueue(writer);
    const failing = queue.runFirst(() => {
      writer.prepare(insert).run('half', 'x');
      throw new Error('refused');
    });
    const later = queue.run(() => writer.prepare(insert).run('whole', 'x'));
    await expect(failing).rejects.toThrow('refused');
    await queue.idle();
    await later;
    expect(reader.prepare('SELECT name FROM settings').pluck().all()).toEqual(['whole']);
  });
});
