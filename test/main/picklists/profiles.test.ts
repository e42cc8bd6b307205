import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickListsAnswer, TeamNote } from '../../../src/shared/ipc/picklists';
import { valueOf } from '../../harness/layer-dispatch';
import { startTestServer, type TestServer } from '../../harness/server';
import { credentials, openTestWorkspace, settled } from '../profiles/workspace-rig';

/*
 * Each service profile has its own cache, and so its own pick lists and notes: made under one
 * profile, they are not seen under another, and are there again on switching back. The workspace
 * as the app assembles it, the real keychain.
 */

let service: TestServer;

beforeAll(async () => {
  service = await startTestServer();
});

afterAll(async () => {
  await credentials.clearKey(service.url);
  await service.close();
});

describe('pick lists and notes per profile', () => {
  it('stay with the profile they were made in', async () => {
    const { workspace, dispatch } = await openTestWorkspace();
    const ask = <Output>(name: string, input?: unknown) => valueOf<Output>(dispatch(name, input));
    try {
      await ask('setup:connect', { baseUrl: service.url, key: service.keys.viewer });
      await settled(workspace);
      const eventId = '2026pickedhere';
      await ask('picklists:create', { eventId, name: 'Mine' });
      await ask('notes:set', { teamNumber: 254, note: 'first profile' });

      const { profiles } = await ask<{ profiles: { id: string }[] }>('profiles:add', {
        name: 'Practice',
        baseUrl: service.url,
        key: service.keys.organizer,
      });
      const [first, second] = profiles;
      await ask('profiles:switch', { id: second!.id });
      const elsewhere = await ask<PickListsAnswer>('picklists:list', { eventId });
      expect(elsewhere.data).toEqual([]);
      expect((await ask<TeamNote>('notes:get', { teamNumber: 254 })).note).toBe('');

      await ask('profiles:switch', { id: first!.id });
      const back = await ask<PickListsAnswer>('picklists:list', { eventId });
      expect(back.data.map((list) => list.name)).toEqual(['Mine']);
      expect((await ask<TeamNote>('notes:get', { teamNumber: 254 })).note).toBe('first profile');
      await ask('profiles:remove', { id: second!.id });
    } finally {
      await workspace.close();
    }
  });
});
