import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_CHANGE_LOG } from '../../../src/main/cache/change-log';
import { createCredentials } from '../../../src/main/credentials/credentials';
import { openDataLayer, type DataLayer } from '../../../src/main/data-layer';
import type { Dispatch } from '../../../src/main/ipc/dispatcher';
import { keyTagOf, serviceConnector } from '../../../src/main/sync/connect';
import { dispatcherOf, valueOf } from '../../harness/layer-dispatch';
import { learnedRole, RoleMemory, type RoleEvidence } from '../../../src/main/outbox/role';
import { startTestServer, type TestServer } from '../../harness/server';
import { openRig, removeTempDirs, type SyncRig } from '../sync/sync-rig';
import { serviceEvents } from './outbox-rig';
import { testClock } from '../../harness/clock';

const TEST_AT = '2026-03-14T09:00:00Z';

describe('what an answer teaches about the role', () => {
  const cases: [null | 'viewer' | 'organizer' | 'admin', RoleEvidence, string][] = [
    [null, 'edit-forbidden', 'viewer'],
    [null, 'edit-allowed', 'organizer'],
    [null, 'delete-allowed', 'admin'],
    [null, 'delete-forbidden', 'organizer'],
    ['admin', 'edit-allowed', 'admin'],
    ['admin', 'delete-forbidden', 'organizer'],
    ['viewer', 'delete-forbidden', 'viewer'],
    ['organizer', 'edit-forbidden', 'viewer'],
  ];
  it.each(cases)('known %s, then %s: %s', (before, evidence, after) => {
    expect(learnedRole(before, evidence)).toBe(after);
  });
});

describe('the role at the reference service', () => {
  let server: TestServer;
  const rigs: SyncRig[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  afterEach(async () => {
    for (const rig of rigs.splice(0)) await rig.close();
    removeTempDirs();
  });

  it.each(['viewer', 'organizer', 'admin'] as const)(
    'is asked without changing anything, for a %s key',
    async (role) => {
      const rig = openRig({ baseUrl: server.url, key: server.keys[role] });
      rigs.push(rig);
      expect(await rig.engine.role()).toEqual({ role: null, learnedAt: null });
      rig.engine.learnRoleInBackground();
      await rig.engine.idle();
      expect((await rig.engine.role()).role).toBe(role);
      // It was told as a change of the outbox's resource, so a view asking re-reads.
      expect(rig.changes).toContain('outbox');
    },
  );

  it('is learned from a real answer too: a delete refused', async () => {
    const rig = openRig({ baseUrl: server.url, key: server.keys.organizer });
    rigs.push(rig);
    await rig.run({ scope: 'default' });
    // Known from the list alone: a visibility never seen holds nothing back, so the delete
    // reaches the service, which refuses it.
    const [target] = await serviceEvents(server, '');
    expect(
      rig.cache.reader
        .prepare('SELECT visibility FROM events WHERE id = ?')
        .pluck()
        .get(target!.id),
    ).toBeNull();
    await rig.engine.outbox.queueDelete(target!.id);
    await rig.run({ scope: 'default' });
    expect((await rig.engine.role()).role).toBe('organizer');
  });

  it('is kept per service: another service starts unknown', async () => {
    const rig = openRig({ baseUrl: server.url, key: server.keys.admin });
    rigs.push(rig);
    rig.engine.learnRoleInBackground();
    await rig.engine.idle();
    const memory = new RoleMemory(rig.cache.writer, NO_CHANGE_LOG);
    expect(memory.get({ scope: server.url, keyTag: null }).role).toBe('admin');
    expect(memory.get({ scope: 'http://127.0.0.1:1', keyTag: null })).toEqual({
      role: null,
      learnedAt: null,
    });
  });
});

describe('the role of a key that changes', () => {
  let server: TestServer;
  let directory: string;
  let layer: DataLayer;
  const credentials = createCredentials();
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'pitside-role-'));
    layer = openDataLayer({ dataDirectory: directory, fetch, credentials, now: testClock });
  });
  afterEach(async () => {
    await layer.close();
    await credentials.clearKey(server.url);
    rmSync(directory, { recursive: true, force: true });
  });

  const roleNow = async (dispatch: Dispatch) => {
    const answer = await valueOf<{ role: string | null }>(dispatch('edits:role', undefined));
    await layer.engine.idle();
    return answer.role;
  };

  it('is forgotten when a new key is saved, and learned from the new key’s own answers', async () => {
    const dispatch = dispatcherOf(layer);
    await valueOf(dispatch('settings:setService', { baseUrl: server.url }));
    await valueOf(dispatch('settings:setKey', { key: server.keys.viewer }));
    await layer.engine.idle();
    await roleNow(dispatch);
    expect(await roleNow(dispatch)).toBe('viewer');

    const told = new Promise<void>((resolve) => {
      layer.pushes.attach((name, payload) => {
        if (name === 'cache:changed' && JSON.stringify(payload).includes('outbox')) resolve();
      });
    });
    await valueOf(dispatch('settings:setKey', { key: server.keys.organizer }));
    // At once, before any answer to the new key: not the viewer's role, and views are told.
    expect((await layer.engine.role()).role).toBeNull();
    await told;
    await layer.engine.idle();
    await roleNow(dispatch);
    expect(await roleNow(dispatch)).toBe('organizer');

    await valueOf(dispatch('settings:clearKey', undefined));
    expect((await layer.engine.role()).role).toBeNull();
  });

  it('keeps what an answer taught for the key the request was sent with, not the key in use', async () => {
    await credentials.setKey(server.url, server.keys.viewer);
    await valueOf(dispatcherOf(layer)('settings:setService', { baseUrl: server.url }));
    await layer.engine.idle();
    const viewerClient = await serviceConnector({
      baseUrl: () => server.url,
      credentials,
      fetch,
    })();
    await credentials.setKey(server.url, server.keys.admin);
    // The viewer's answer arrives after the key changed: it is the viewer key's, not the admin's.
    const memory = new RoleMemory(layer.cache.writer, NO_CHANGE_LOG);
    memory.learn({ scope: server.url, keyTag: keyTagOf(viewerClient) }, 'edit-forbidden', TEST_AT);
    expect((await layer.engine.role()).role).toBeNull();
  });

  it('tells keys apart by a tag that does not give the key away', async () => {
    const clientOf = (key: string) =>
      serviceConnector({
        baseUrl: () => server.url,
        credentials,
        fetch,
        keyOverride: { baseUrl: server.url, key, from: 'environment' },
      })();
    const viewer = keyTagOf(await clientOf(server.keys.viewer));
    const organizer = keyTagOf(await clientOf(server.keys.organizer));
    expect(viewer).toMatch(/^[0-9a-f]{16}$/);
    expect(organizer).not.toBe(viewer);
    expect(keyTagOf(await clientOf(server.keys.viewer))).toBe(viewer);
    expect(viewer).not.toContain(server.keys.viewer);
  });
});
