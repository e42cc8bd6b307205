import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentials } from '../../src/main/credentials/credentials';
import { openDataLayer, type DataLayer } from '../../src/main/data-layer';
import { touches } from '../../src/shared/ipc/resources';
import type { ServiceSettings } from '../../src/shared/ipc/settings';
import { dispatcherOf, valueOf } from '../harness/layer-dispatch';
import { startTestServer, type TestServer } from '../harness/server';
import { testClock } from '../harness/clock';

/*
 * The service settings are read like the cache: their answer says it is built from `settings`,
 * and every change of what it says comes with a `cache:changed` that touches it: a setting saved,
 * a key saved, and the sync's refusal of the key coming and going (what Settings shows as
 * "refused"). Real service, real SQLite file, the real keychain.
 */

const credentials = createCredentials();
let service: TestServer;
let layer: DataLayer;

beforeAll(async () => {
  service = await startTestServer();
  layer = openDataLayer({
    now: testClock,
    dataDirectory: mkdtempSync(join(tmpdir(), 'pitside-settings-notices-')),
    fetch,
    credentials,
  });
});

afterAll(async () => {
  await layer.close();
  await credentials.clearKey(service.url);
  await service.close();
});

/** Every run done, and the last coalesced notice sent (they go out at most every 100 ms). */
async function settled(): Promise<void> {
  await layer.engine.idle();
  await new Promise((resolve) => setTimeout(resolve, 150));
  await layer.engine.idle();
}

/** Runs `change`, then answers the notices it brought and the settings as read after it. */
async function after(change: () => Promise<unknown>) {
  const notices: string[][] = [];
  const detach = layer.pushes.attach((name, payload) => {
    if (name === 'cache:changed') notices.push((payload as { resources: string[] }).resources);
  });
  try {
    await change();
    await settled();
  } finally {
    detach();
  }
  const settings = await valueOf<ServiceSettings>(dispatcherOf(layer)('settings:get', undefined));
  expect(settings.builtFrom).toEqual(['settings']);
  return { touched: notices.some((each) => touches(each, settings.builtFrom)), settings };
}

describe('the service settings, kept current by change notices', () => {
  const dispatch = () => dispatcherOf(layer);

  it('tell a saved address, a saved key, and the sync’s refusal of a key as they happen', async () => {
    const address = await after(() => dispatch()('settings:setService', { baseUrl: service.url }));
    expect(address).toMatchObject({ touched: true, settings: { baseUrl: service.url } });

    const key = await after(() => dispatch()('settings:setKey', { key: service.keys.viewer }));
    expect(key).toMatchObject({ touched: true, settings: { key: 'set' } });

    // The key changed behind the app (revoked, then given back), as only a sync finds out.
    const syncWith = (secret: string) => async () => {
      await credentials.setKey(service.url, secret);
      await layer.engine.run({ scope: 'default', force: true });
    };
    const refused = await after(syncWith('a-key-the-service-revoked'));
    expect(refused).toMatchObject({ touched: true, settings: { key: 'refused' } });
    const accepted = await after(syncWith(service.keys.viewer));
    expect(accepted).toMatchObject({ touched: true, settings: { key: 'set' } });

    const scope = await after(() => dispatch()('settings:setScope', { scope: 'all' }));
    expect(scope).toMatchObject({ touched: true, settings: { scope: 'all' } });
  });

  it('tell nothing about the settings when only the key’s refusal is unchanged', async () => {
    const again = await after(() => layer.engine.run({ scope: 'default', force: true }));
    expect(again).toMatchObject({ touched: false, settings: { key: 'set' } });
  });
});
