import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forgetSyncedData } from '../../../src/main/cache/forget';
import { openCache } from '../../../src/main/cache/open';
import { WriteQueue } from '../../../src/main/cache/write-queue';
import { Favorites } from '../../../src/main/settings/favorites';
import { SettingsStore } from '../../../src/main/settings/settings-store';
import { BatchWriter } from '../../../src/main/sync/batch-writer';
import { ServiceReplacement } from '../../../src/main/sync/service-replacement';
import { readCacheCopy } from '../../harness/cache-copy';
import { canonical, differences, recordsText, type Copy } from '../../harness/copy';
import { startFaultProxy, type Fault, type FaultProxy } from '../../harness/fault-proxy';
import { serviceReader, idOf } from '../../harness/service-copy';
import { startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import { CACHE_FILE, openRig, removeTempDirs, tempDir, type SyncRig } from './sync-rig';

/*
 * The engine's side of a change of service: the copy it finds stays, whole and untouched, until
 * the new service's first resource commits, in whichever kind of write that comes (a list's
 * session, a batch of small resources); then it is replaced in that very transaction. Until then
 * none of its validators or sync state is taken for the new service's. The engine's clock is
 * pinned to the services' (see `openRig`).
 */

let first: TestServer;
let second: TestServer;
/** The first service's data at another address: the same records, the same ETags. */
let mirror: TestServer;
let proxy: FaultProxy;
let base: string;
let baseCopy: Copy;
let baseBookkeeping: string;
/** Events of each service pinned in the base copy, so that their parts are in it at `default`. */
let pinned: string[];

const rigs: SyncRig[] = [];

function bookkeeping(db: Database.Database): string {
  return canonical([
    db.prepare('SELECT * FROM sync_state ORDER BY resource').all(),
    db.prepare('SELECT * FROM etags ORDER BY url').all(),
  ]);
}

async function pin(rig: SyncRig, eventIds: readonly string[]): Promise<void> {
  const favorites = new Favorites(rig.cache.reader, rig.cache.writer, rig.queue, () => new Date());
  for (const eventId of eventIds) await favorites.setPinned(eventId, true);
}

/** A rig over a copy of the base directory, its address changed to `baseUrl` as Settings does. */
async function switched(baseUrl: string, key: string | null): Promise<SyncRig> {
  const dir = tempDir('replacement');
  const source = new Database(join(base, CACHE_FILE));
  try {
    await source.backup(join(dir, CACHE_FILE));
  } finally {
    source.close();
  }
  const rig = openRig({ baseUrl, key, dir, transport: { maxAttempts: 2 } });
  rigs.push(rig);
  await new SettingsStore(rig.cache.reader, rig.cache.writer, rig.queue).changeService(baseUrl);
  return rig;
}

function keptCopyOf(rig: SyncRig): string | null {
  return new SettingsStore(rig.cache.reader, rig.cache.writer, rig.queue).keptCopyOf();
}

function expectKept(rig: SyncRig): void {
  expect(differences(rig.copy(), baseCopy)).toEqual([]);
  expect(bookkeeping(rig.cache.reader)).toBe(baseBookkeeping);
  expect(keptCopyOf(rig)).toBe(first.url);
}

/**
 * Reads the committed events on a connection of its own at every turn of the event loop while
 * `work` runs: each set of events a view could have seen, in order, each once.
 */
async function watchedEvents<Result>(
  file: string,
  work: () => Promise<Result>,
): Promise<{ result: Result; seen: string[] }> {
  const view = new Database(file, { readonly: true });
  const ids = view.prepare<[], string>('SELECT id FROM events ORDER BY id').pluck();
  const seen: string[] = [];
  let watching = true;
  const look = () => {
    const held = ids.all().join(' ');
    if (seen.at(-1) !== held) seen.push(held);
  };
  const loop = () => {
    if (!watching) return;
    look();
    setImmediate(loop);
  };
  loop();
  try {
    const result = await work();
    return { result, seen };
  } finally {
    watching = false;
    look();
    view.close();
  }
}

/** The events a copy holds, as `watchedEvents` names them. */
function eventsOf(copy: Copy): string {
  const ids = new Set(
    [...copy.keys()].filter((key) => key.startsWith('event:')).map((key) => key.split(':')[1]),
  );
  for (const event of JSON.parse(copy.get('events') ?? '[]') as { id: string }[]) {
    ids.add(event.id);
  }
  return [...ids].sort().join(' ');
}

/** Each state seen after the replacement holds events of the new copy only, and some. */
function expectOnlyNew(states: readonly string[], copy: Copy): void {
  const held = new Set(eventsOf(copy).split(' '));
  for (const state of states) {
    expect(state).not.toBe('');
    expect(state.split(' ').filter((id) => !held.has(id))).toEqual([]);
  }
  expect(states.at(-1)).toBe(eventsOf(copy));
}

beforeAll(async () => {
  [first, second, mirror] = await Promise.all([
    startTestServer({ data: 'demo' }),
    startTestServer({ data: 'demo', seed: 2 }),
    startTestServer({ data: 'demo' }),
  ]);
  proxy = await startFaultProxy(second.url);
  pinned = (await serviceReader(first.url, first.keys.viewer).list('/v1/events'))
    .slice(0, 3)
    .map(idOf);
  const rig = openRig({ baseUrl: first.url, key: first.keys.viewer, dir: tempDir('base') });
  base = rig.dir;
  try {
    await new SettingsStore(rig.cache.reader, rig.cache.writer, rig.queue).setBaseUrl(first.url);
    await pin(rig, pinned);
    const summary = await rig.run({ scope: 'default' });
    expect(summary).toMatchObject({ outcome: 'completed' });
    baseCopy = rig.copy();
    baseBookkeeping = bookkeeping(rig.cache.reader);
  } finally {
    await rig.close();
  }
  for (const eventId of pinned) {
    expect(JSON.parse(baseCopy.get(`event:${eventId}:matches`) ?? '[]')).not.toEqual([]);
  }
}, 60_000);

afterEach(async () => {
  proxy.clear();
  for (const rig of rigs.splice(0)) await rig.close();
});

afterAll(async () => {
  await Promise.all([proxy.close(), first.close(), second.close(), mirror.close()]);
  removeTempDirs();
});

describe('a new service that answers nothing readable', () => {
  const faults: [string, Fault][] = [
    ['403 Forbidden', { kind: 'status', status: 403 }],
    ['404 Not Found', { kind: 'status', status: 404 }],
    ['a captive portal', { kind: 'captive-portal' }],
    ['a body cut short', { kind: 'truncate' }],
    ['a body of another shape', { kind: 'rewrite', transform: () => ({ welcome: 'router' }) }],
    [
      'lists of which no record can be read',
      {
        kind: 'rewrite',
        transform: (json) => {
          const page = json as { data?: unknown };
          if (!Array.isArray(page.data)) return { nothing: true };
          return {
            ...page,
            data: page.data.map((record: { id?: unknown }) => ({ id: record.id })),
          };
        },
      },
    ],
  ];

  it.each(faults)('leaves the copy as it was: %s', async (_label, fault) => {
    const rig = await switched(proxy.url, second.keys.viewer);
    proxy.plan({ fault });
    const summary = await rig.run({ scope: 'default' });
    expect(summary.outcome).toBe('failed');
    expectKept(rig);
    expect(rig.problems()).toEqual([]);
  });
});

describe('the first resource of the new service', () => {
  it('replaces the copy in the lists’ own transaction: views see the old copy, then the new one', async () => {
    const rig = await switched(second.url, second.keys.viewer);
    const { result: summary, seen } = await watchedEvents(rig.file, () =>
      rig.run({ scope: 'default' }),
    );
    expect(summary.outcome).not.toBe('failed');
    expect(keptCopyOf(rig)).toBeNull();
    // The old copy whole, then the new list whole (the two services share many event codes,
    // so the copies are told apart as wholes): never a mix, and nothing in between.
    const events = await serviceReader(second.url, second.keys.viewer).list('/v1/events');
    expect(seen[0]).toBe(eventsOf(baseCopy));
    expect(seen[1]).toBe(events.map(idOf).sort().join(' '));
    expectOnlyNew(seen.slice(1), rig.copy());
  });

  it('replaces it in a batch of small writes too, when the lists do not get through', async () => {
    const [theirs] = await serviceReader(second.url, second.keys.viewer).list('/v1/events');
    const eventId = idOf(theirs ?? {});
    const rig = await switched(proxy.url, second.keys.viewer);
    await pin(rig, [eventId]);
    proxy.plan({
      fault: { kind: 'status', status: 500 },
      match: (request) => /^\/v1\/(events|teams)\?/.test(request.path),
    });
    const { result: summary, seen } = await watchedEvents(rig.file, () =>
      rig.run({ scope: 'default' }),
    );
    expect(summary.outcome).toBe('partial');
    expect(keptCopyOf(rig)).toBeNull();
    expect(seen[0]).toBe(eventsOf(baseCopy));
    expectOnlyNew(seen.slice(1), rig.copy());
    // Only pinned events are held (the lists never came), each as the new service has it.
    const copy = rig.copy();
    const held = eventsOf(copy).split(' ');
    expect(held).toContain(eventId);
    const reader = serviceReader(second.url, second.keys.viewer);
    for (const id of held) {
      expect([eventId, ...pinned]).toContain(id);
      expect(copy.get(`event:${id}:matches`)).toBe(
        recordsText(await reader.list(`/v1/events/${id}/matches`), idOf),
      );
    }
    expect(rig.problems()).toEqual([]);
  });

  it('takes the forgetting back with it when it cannot be stored, and bookkeeping never replaces', async () => {
    const rig = await switched(proxy.url, second.keys.viewer);
    // A queue of its own, on the rig's connections: nothing else writes meanwhile.
    const queue = new WriteQueue(rig.cache.writer);
    const batch = new BatchWriter(
      rig.cache.writer,
      queue,
      () => {},
      new ServiceReplacement(rig.cache.reader, rig.cache.writer, queue),
    );
    const refused = batch.write(() => {
      rig.cache.writer
        .prepare("INSERT INTO pinned_events (event_id, added_at) VALUES ('2026refused', ?)")
        .run(TEST_NOW);
      throw new Error('a record of another event');
    });
    await expect(refused).rejects.toThrow('a record of another event');
    await expect(batch.note(() => 'noted')).resolves.toBe('noted');
    expectKept(rig);
    expect(
      new Favorites(rig.cache.reader, rig.cache.writer, queue, () => new Date()).pinnedEvents(),
    ).not.toContain('2026refused');

    await expect(batch.write(() => 'stored')).resolves.toBe('stored');
    expect(keptCopyOf(rig)).toBeNull();
    expect(rig.cache.reader.prepare('SELECT count(*) FROM events').pluck().get()).toBe(0);
    expect(rig.cache.reader.prepare('SELECT count(*) FROM etags').pluck().get()).toBe(0);
  });
});

describe('the old copy’s bookkeeping', () => {
  it('is not the new service’s: no validator of it is sent, and the new copy is a fresh sync’s', async () => {
    const recorder = await startFaultProxy(mirror.url);
    try {
      const rig = await switched(recorder.url, mirror.keys.viewer);
      const summary = await rig.run({ scope: 'default' });
      expect(summary).toMatchObject({ outcome: 'completed' });

      // The first request for each path carried no validator: only a second look at a page
      // this service has just answered may.
      const asked = new Set<string>();
      const validated: string[] = [];
      for (const request of recorder.requests) {
        if (!asked.has(request.path) && request.headers['if-none-match'] !== undefined) {
          validated.push(request.path);
        }
        asked.add(request.path);
      }
      expect(validated).toEqual([]);
      // The same records at the same paths: the old copy's validators would have matched.
      const oldUrls = new Set(
        rig.cache.reader.prepare<[], string>('SELECT url FROM etags').pluck().all(),
      );
      expect([...asked].filter((path) => oldUrls.has(path)).length).toBeGreaterThan(0);

      const fresh = openRig({ baseUrl: mirror.url, key: mirror.keys.viewer });
      rigs.push(fresh);
      await pin(fresh, pinned);
      await fresh.run({ scope: 'default' });
      expect(differences(rig.copy(), fresh.copy())).toEqual([]);
      expect(keptCopyOf(rig)).toBeNull();
    } finally {
      await recorder.close();
    }
  });
});

describe('a cache opened again after the address changed', () => {
  it('still knows whose copy it holds', async () => {
    const rig = await switched(proxy.url, second.keys.viewer);
    await rig.close();
    rigs.splice(rigs.indexOf(rig), 1);
    const cache = openCache(rig.file);
    try {
      const queue = new WriteQueue(cache.writer);
      const settings = new SettingsStore(cache.reader, cache.writer, queue);
      expect(settings.keptCopyOf()).toBe(first.url);
      expect(settings.baseUrl()).toBe(proxy.url);
      // Going back to the service whose copy it holds: nothing is left to replace.
      await settings.changeService(first.url);
      expect(settings.keptCopyOf()).toBeNull();
      expect(differences(readCacheCopy(cache.reader), baseCopy)).toEqual([]);
    } finally {
      cache.close();
    }
  });

  it('holds nothing to replace once the copy is cleared', async () => {
    const rig = await switched(proxy.url, second.keys.viewer);
    await rig.engine.changeService(() => forgetSyncedData(rig.cache.writer, rig.queue));
    expect(keptCopyOf(rig)).toBeNull();
    expect(rig.cache.reader.prepare('SELECT count(*) FROM events').pluck().get()).toBe(0);
  });
});
