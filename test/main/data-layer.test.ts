import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCredentials } from '../../src/main/credentials/credentials';
import { openDataLayer, type DataLayer } from '../../src/main/data-layer';
import type { Dispatch } from '../../src/main/ipc/dispatcher';
import { dispatcherOf, valueOf } from '../harness/layer-dispatch';
import type { PushName } from '../../src/shared/ipc/pushes';
import type { SyncStatus } from '../../src/shared/ipc/sync';
import { startTestServer, type TestServer } from '../harness/server';
import { testClock } from '../harness/clock';

/*
 * The data layer as the renderer reaches it: every call goes through the dispatcher with the
 * contract's validation, against the real reference service, a real SQLite file and the real
 * keychain (the private gnome-keyring `npm test` provides on Linux).
 */

let server: TestServer;
let layer: DataLayer | null = null;
const credentials = createCredentials();

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  await layer?.close();
  layer = null;
});

function open(): { dispatch: Dispatch; pushes: { name: PushName; payload: unknown }[] } {
  layer = openDataLayer({
    now: testClock,
    dataDirectory: mkdtempSync(join(tmpdir(), 'pitside-layer-')),
    fetch,
    credentials,
  });
  const pushes: { name: PushName; payload: unknown }[] = [];
  layer.pushes.attach((name, payload) => pushes.push({ name, payload }));
  return { dispatch: dispatcherOf(layer), pushes };
}

const value = valueOf;

/** A service address of its own per test, so keychain entries never collide between runs. */
function uniqueServiceUrl(): string {
  return `${server.url}/t${randomBytes(4).toString('hex')}`;
}

describe('the data layer over IPC', () => {
  it('keeps the key in the keychain and tells the renderer only that one is set', async () => {
    const { dispatch } = open();
    const baseUrl = uniqueServiceUrl();
    const key = `key-${randomBytes(16).toString('hex')}`;
    try {
      await expect(value(dispatch('settings:get', undefined))).resolves.toMatchObject({
        baseUrl: null,
        key: 'none',
      });
      const refused = await dispatch('settings:setKey', { key });
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      await value(dispatch('settings:setService', { baseUrl: `${baseUrl}/` }));
      const answers = [
        await dispatch('settings:setKey', { key }),
        await dispatch('settings:get', undefined),
      ];
      expect(answers[1]).toMatchObject({ ok: true, value: { baseUrl, key: 'set' } });
      for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(key);
      await expect(credentials.getKey(baseUrl)).resolves.toBe(key);
      await expect(value(dispatch('settings:clearKey', undefined))).resolves.toMatchObject({
        key: 'none',
      });
      await expect(credentials.getKey(baseUrl)).resolves.toBeNull();
    } finally {
      await credentials.clearKey(baseUrl);
    }
  });

  it('refuses bad settings input with details', async () => {
    const { dispatch } = open();
    for (const baseUrl of ['ftp://example.org', 'not a url', 'https://user:pw@example.org']) {
      const answer = await dispatch('settings:setService', { baseUrl });
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    const multiline = await dispatch('settings:setKey', { key: 'abc\ndef' });
    expect(multiline).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const scope = await dispatch('settings:setScope', { scope: 'everything' });
    expect(scope).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('syncs on demand, pushes status and changes, and serves the result offline', async () => {
    const { dispatch, pushes } = open();
    const baseUrl = uniqueServiceUrl().replace(/\/t[0-9a-f]+$/, '');
    await value(dispatch('settings:setService', { baseUrl }));
    await credentials.setKey(baseUrl, server.keys.viewer);
    try {
      await layer?.engine.idle();
      await expect(value(dispatch('sync:start', { scope: 'default' }))).resolves.toEqual({
        started: true,
      });
      await expect(value(dispatch('sync:start', undefined))).resolves.toEqual({ started: false });
      await layer?.engine.idle();
      await new Promise((resolve) => setTimeout(resolve, 150));

      const status = await value<SyncStatus>(dispatch('sync:status', undefined));
      expect(status).toMatchObject({ state: 'idle', problem: null, scope: 'default' });
      expect(status.lastSuccessAt).not.toBeNull();
      const states = pushes
        .filter((push) => push.name === 'sync:status')
        .map((push) => (push.payload as SyncStatus).state);
      expect(states).toContain('syncing');
      expect(states.at(-1)).toBe('idle');
      const changed = pushes
        .filter((push) => push.name === 'cache:changed')
        .flatMap((push) => (push.payload as { resources: string[] }).resources);
      expect(changed).toEqual(expect.arrayContaining(['events', 'teams']));

      const online = (await (
        await fetch(`${server.url}/v1/events?perPage=100`, {
          headers: { authorization: `Bearer ${server.keys.viewer}` },
        })
      ).json()) as { meta: { total: number } };
      await server.close();
      const offline = await value<{ meta: { total: number }; freshness: { complete: boolean } }>(
        dispatch('events:list', { perPage: 100 }),
      );
      expect(offline.meta.total).toBe(online.meta.total);
      expect(offline.freshness.complete).toBe(true);
    } finally {
      await credentials.clearKey(baseUrl);
      server = await startTestServer();
    }
  });

  it('keeps favorites and pins, and refuses malformed ones', async () => {
    const { dispatch } = open();
    await expect(
      value(dispatch('favorites:set', { teamNumber: 254, favorite: true })),
    ).resolves.toEqual([254]);
    await expect(
      value(dispatch('favorites:set', { teamNumber: 1114, favorite: true })),
    ).resolves.toEqual([254, 1114]);
    await expect(
      value(dispatch('favorites:set', { teamNumber: 254, favorite: false })),
    ).resolves.toEqual([1114]);
    await expect(
      value(dispatch('pins:set', { eventId: '2026abcde', pinned: true })),
    ).resolves.toEqual(['2026abcde']);
    for (const input of [
      { teamNumber: 0, favorite: true },
      { teamNumber: 100_000, favorite: true },
      { teamNumber: 254 },
      { teamNumber: 254, favorite: true, extra: 1 },
    ]) {
      const answer = await dispatch('favorites:set', input);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    const badPin = await dispatch('pins:set', { eventId: 'NOT AN ID', pinned: true });
    expect(badPin).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await layer?.engine.idle();
  });

  it('keeps the old service’s data while a new address answers nothing, and keeps favorites', async () => {
    const { dispatch } = open();
    await credentials.setKey(server.url, server.keys.viewer);
    try {
      await value(dispatch('settings:setService', { baseUrl: server.url }));
      await layer?.engine.idle();
    } finally {
      await credentials.clearKey(server.url);
    }
    const before = await value<{ meta: { total: number } }>(dispatch('teams:list', undefined));
    expect(before.meta.total).toBeGreaterThan(0);
    await value(dispatch('favorites:set', { teamNumber: 1114, favorite: true }));
    await layer?.engine.idle();

    const other = uniqueServiceUrl();
    await expect(value(dispatch('settings:setService', { baseUrl: other }))).resolves.toMatchObject(
      { baseUrl: other },
    );
    await layer?.engine.idle();
    // Every request to that address answers 404: nothing came to replace the copy with.
    const after = await value<{ meta: { total: number } }>(dispatch('teams:list', undefined));
    expect(after.meta.total).toBe(before.meta.total);
    await expect(value(dispatch('favorites:list', undefined))).resolves.toEqual({
      data: [1114],
      builtFrom: ['favorites'],
    });
  });
});
