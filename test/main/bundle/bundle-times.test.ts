import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../../src/main/bundle/bundle-import';
import { inspectBundle, summaryLine } from '../../../src/main/bundle/bundle-summary';
import { SettingsStore } from '../../../src/main/settings/settings-store';
import type { EventRecord } from '../../../src/shared/wire/event';
import { postEvent, startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import { openRig } from '../sync/sync-rig';
import { craftBundle, eventParts, eventRecord, matchRecord } from './crafted-bundle';

/*
 * A bundle's times are its source's clock. One from a laptop whose clock ran ahead would win over
 * every later sync and every honest bundle, since the copy synced later wins: past this laptop's
 * clock and a few minutes' skew it is refused, and a time that is no time at all is too.
 */

const NOW = new Date(TEST_NOW);
const minutesFromNow = (minutes: number) =>
  new Date(NOW.getTime() + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'pitside-bundle-times-'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function read<Row>(dataDir: string, sql: string, ...params: unknown[]): Row[] {
  const db = new Database(join(dataDir, 'pitside.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<unknown[], Row>(sql).all(...params);
  } finally {
    db.close();
  }
}

const syncedAtOf = (dataDir: string, resource: string) =>
  read<{ at: string }>(
    dataDir,
    'SELECT last_success AS at FROM sync_state WHERE resource = ?',
    resource,
  )[0]?.at;

describe('a bundle dated later than this computer’s clock', () => {
  const future: [string, Parameters<typeof craftBundle>[1]][] = [
    [
      'a part synced in 9999',
      {
        parts: eventParts().map((part) => ({ ...part, syncedAt: '9999-12-31T23:59:59Z' })),
      },
    ],
    ['a bundle made in 9999', { parts: eventParts(), createdAt: '9999-12-31T23:59:59Z' }],
    [
      'a part synced ten minutes ahead',
      { parts: eventParts().map((part) => ({ ...part, syncedAt: minutesFromNow(10) })) },
    ],
  ];

  it.each(future)('is refused: %s; nothing is made', async (name, bundle) => {
    const file = join(root, `${name.replace(/ /g, '-')}.pitside`);
    craftBundle(file, bundle);
    await expect(inspectBundle(file, NOW)).rejects.toThrow(
      /later than this computer’s clock \(2026-11-21T12:00:00Z\) allows/,
    );
    const target = join(root, `into-${name.replace(/ /g, '-')}`);
    await expect(importBundle(file, target, { now: NOW })).rejects.toThrow(/later than/);
    expect(existsSync(target)).toBe(false);
  });

  it('is refused when a time is no time at all', async () => {
    const file = join(root, 'no-time.pitside');
    craftBundle(file, {
      parts: eventParts().map((part) => ({ ...part, syncedAt: '2026-99-99T99:99:99Z' })),
    });
    await expect(inspectBundle(file, NOW)).rejects.toThrow(
      /manifest is not valid at parts\.0\.syncedAt: must be a real UTC time/,
    );
  });

  it('within the skew is taken, as synced now: never fresher than this clock', async () => {
    const file = join(root, 'skew.pitside');
    craftBundle(file, {
      parts: eventParts().map((part) => ({ ...part, syncedAt: minutesFromNow(3) })),
    });
    const summary = await inspectBundle(file, NOW);
    expect(summaryLine(summary, NOW)).toMatch(/synced just now from/);
    const target = join(root, 'skew');
    await importBundle(file, target, { now: NOW });
    expect(syncedAtOf(target, `event:${eventRecord().id}`)).toBe(TEST_NOW);
  });
});

describe('what a bundle brought', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ data: 'none' });
    expect(await postEvent(server, 'Leeds Winter Open')).toBe(201);
  });

  afterAll(async () => {
    await server.close();
  });

  it('is replaced by the next ordinary sync, once it is due', async () => {
    const ask = async <Body>(path: string): Promise<Body> =>
      (await (
        await fetch(`${server.url}${path}`, {
          headers: { authorization: `Bearer ${server.keys.viewer}` },
        })
      ).json()) as Body;
    const { data } = await ask<{ data: { id: string }[] }>('/v1/events');
    const { data: served } = await ask<{ data: EventRecord }>(
      `/v1/events/${data[0]?.id ?? 'none'}`,
    );
    // Synced on another laptop seven hours ago (past the engine's six hours), with a name and a
    // match the service no longer has.
    const stale = eventRecord({
      ...served,
      updatedAt: '2026-10-02T10:00:00Z',
      name: 'The bundle’s name',
    });
    const match = matchRecord(1, { id: `${served.id}-q1`, eventId: served.id });
    const file = join(root, 'stale.pitside');
    craftBundle(file, {
      service: server.url,
      parts: eventParts(stale, [match]).map((part) => ({
        ...part,
        syncedAt: minutesFromNow(-7 * 60),
      })),
    });
    const dataDir = join(root, 'replaced');
    await importBundle(file, dataDir, { now: NOW });
    expect(read(dataDir, 'SELECT id FROM matches')).toHaveLength(1);

    const rig = openRig({
      baseUrl: server.url,
      key: server.keys.viewer,
      dir: dataDir,
      fileName: 'pitside.db',
    });
    try {
      await new SettingsStore(rig.cache.reader, rig.cache.writer, rig.queue).setBaseUrl(server.url);
      const summary = await rig.run({ scope: 'all' });
      expect(summary.outcome).toBe('completed');
    } finally {
      await rig.close();
    }
    expect(read(dataDir, 'SELECT name, updated_at AS updatedAt FROM events')).toEqual([
      { name: served.name, updatedAt: served.updatedAt },
    ]);
    expect(read(dataDir, 'SELECT id FROM matches')).toEqual([]);
    expect(syncedAtOf(dataDir, `event:${served.id}`)).toBe(TEST_NOW);
    expect(syncedAtOf(dataDir, `event:${served.id}:matches`)).toBe(TEST_NOW);
  });
});
