import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCredentials } from '../../../src/main/credentials/credentials';
import { openDataLayer, type DataLayer } from '../../../src/main/data-layer';
import type { Dispatch } from '../../../src/main/ipc/dispatcher';
import type { ServiceSettings } from '../../../src/shared/ipc/settings';
import { readCacheCopy } from '../../harness/cache-copy';
import { differences, recordsText } from '../../harness/copy';
import { dispatcherOf, valueOf } from '../../harness/layer-dispatch';
import { idOf, serviceReader, withoutStatus } from '../../harness/service-copy';
import { startTestServer, TEST_NOW, type TestServer } from '../../harness/server';

/*
 * The app's way to change the service, `settings:setService`, through the data layer as the
 * renderer reaches it: Settings shows the new address at once, the views keep the previous
 * service's copy until the new one answers, and Settings says so meanwhile. Real services, a real
 * SQLite file, the real keychain; the layer's clock is the services'.
 */

let first: TestServer;
let second: TestServer;
let closed: string;
let root: string;
let layer: DataLayer | null = null;
const credentials = createCredentials();

beforeAll(async () => {
  [first, second] = await Promise.all([
    startTestServer({ data: 'demo' }),
    startTestServer({ data: 'demo', seed: 2 }),
  ]);
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  closed = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise((done) => server.close(done));
  root = mkdtempSync(join(tmpdir(), 'pitside-settings-service-'));
  await credentials.setKey(second.url, second.keys.viewer);
});

afterAll(async () => {
  await credentials.clearKey(second.url);
  await Promise.all([first.close(), second.close()]);
  rmSync(root, { recursive: true, force: true });
});

afterEach(async () => {
  await layer?.close();
  layer = null;
});

/** A layer that has synced the first service, and what a view would read of it. */
async function syncedWithFirst(): Promise<{ dispatch: Dispatch; opened: DataLayer }> {
  const opened = openDataLayer({
    dataDirectory: mkdtempSync(join(root, 'layer-')),
    fetch,
    credentials,
    now: () => new Date(TEST_NOW),
    keyOverride: { baseUrl: first.url, key: first.keys.viewer, from: 'environment' },
  });
  layer = opened;
  const dispatch = dispatcherOf(opened);
  await valueOf(dispatch('settings:setService', { baseUrl: first.url }));
  await opened.engine.idle();
  expect(opened.engine.status().problem).toBeNull();
  return { dispatch, opened };
}

const total = async (dispatch: Dispatch, list: 'events:list' | 'teams:list') =>
  (await valueOf<{ meta: { total: number } }>(dispatch(list, undefined))).meta.total;

describe('settings:setService', () => {
  it('keeps the copy on screen while the new address answers nothing, and says whose it is', async () => {
    const { dispatch, opened } = await syncedWithFirst();
    const before = readCacheCopy(opened.cache.reader);
    const events = await total(dispatch, 'events:list');
    expect(events).toBeGreaterThan(0);

    const answer = await valueOf<ServiceSettings>(
      dispatch('settings:setService', { baseUrl: `${closed}/` }),
    );
    expect(answer).toMatchObject({ baseUrl: closed, keptCopyOf: first.url });
    await opened.engine.idle();
    expect(opened.engine.status()).toMatchObject({ state: 'offline' });
    await expect(valueOf(dispatch('settings:get', undefined))).resolves.toMatchObject({
      baseUrl: closed,
      keptCopyOf: first.url,
    });
    expect(differences(readCacheCopy(opened.cache.reader), before)).toEqual([]);
    expect(await total(dispatch, 'events:list')).toBe(events);

    // Back to the service whose copy is shown: it is that service's after all.
    const back = await valueOf<ServiceSettings>(
      dispatch('settings:setService', { baseUrl: first.url }),
    );
    expect(back).toMatchObject({ baseUrl: first.url, keptCopyOf: null });
    await opened.engine.idle();
    expect(opened.engine.status().problem).toBeNull();
    expect(differences(readCacheCopy(opened.cache.reader), before)).toEqual([]);
  });

  it('replaces the copy once the new service answers, and the views are told', async () => {
    const { dispatch, opened } = await syncedWithFirst();
    const notices: string[][] = [];
    opened.pushes.attach((name, payload) => {
      if (name === 'cache:changed') notices.push((payload as { resources: string[] }).resources);
    });

    await valueOf(dispatch('settings:setService', { baseUrl: second.url }));
    await opened.engine.idle();
    await expect(valueOf(dispatch('settings:get', undefined))).resolves.toMatchObject({
      baseUrl: second.url,
      keptCopyOf: null,
    });
    const listed = await serviceReader(second.url, second.keys.viewer).list('/v1/events');
    const copy = readCacheCopy(opened.cache.reader);
    expect(copy.get('events')).toBe(recordsText(listed.map(withoutStatus), idOf));
    const ids = new Set(listed.map(idOf));
    const strays = [...copy.keys()].filter(
      (key) => key.startsWith('event:') && !ids.has(key.split(':')[1] ?? ''),
    );
    expect(strays).toEqual([]);
    expect(await total(dispatch, 'events:list')).toBe(listed.length);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(notices.some((notice) => notice.includes('all'))).toBe(true);
  });
});
