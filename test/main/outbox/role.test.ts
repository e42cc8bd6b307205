import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_CHANGE_LOG } from '../../../src/main/cache/change-log';
import { learnedRole, RoleMemory, type RoleEvidence } from '../../../src/main/outbox/role';
import { startTestServer, type TestServer } from '../../harness/server';
import { openRig, removeTempDirs, type SyncRig } from '../sync/sync-rig';
import { serviceEvents } from './outbox-rig';

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
      expect(rig.engine.role()).toEqual({ role: null, learnedAt: null });
      rig.engine.learnRoleInBackground();
      await rig.engine.idle();
      expect(rig.engine.role().role).toBe(role);
      // It was told as a change of the outbox's resource, so a view asking re-reads.
      expect(rig.changes).toContain('outbox');
    },
  );

  it('is learned from a real answer too: a delete refused', async () => {
    const rig = openRig({ baseUrl: server.url, key: server.keys.organizer });
    rigs.push(rig);
    await rig.run({ scope: 'default' });
    const [target] = await serviceEvents(server, '');
    await rig.engine.outbox.queueDelete(target!.id);
    await rig.run({ scope: 'default' });
    expect(rig.engine.role().role).toBe('organizer');
  });

  it('is kept per service: another service starts unknown', async () => {
    const rig = openRig({ baseUrl: server.url, key: server.keys.admin });
    rigs.push(rig);
    rig.engine.learnRoleInBackground();
    await rig.engine.idle();
    const memory = new RoleMemory(rig.cache.writer, NO_CHANGE_LOG);
    expect(memory.get(server.url).role).toBe('admin');
    expect(memory.get('http://127.0.0.1:1')).toEqual({ role: null, learnedAt: null });
  });
});
