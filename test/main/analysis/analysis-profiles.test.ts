import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAnalysis } from '../../../src/shared/ipc/analysis';
import type { ProfileList } from '../../../src/shared/ipc/profiles';
import { valueOf } from '../../harness/layer-dispatch';
import { startTestServer, type TestServer } from '../../harness/server';
import { openTestWorkspace, settled, type OpenWorkspace } from '../profiles/workspace-rig';

/*
 * Each profile has its own cache, and the analysis follows the one shown: a switch closes the old
 * layer's worker and the new layer's worker reads the other cache. Two real reference services on
 * loopback, one synced and one never synced, in the workspace the app and the preview assemble.
 */

let league: TestServer;
let practice: TestServer;
let app: OpenWorkspace;

beforeAll(async () => {
  league = await startTestServer({ seed: 1 });
  practice = await startTestServer({ seed: 2 });
  app = await openTestWorkspace();
});

afterAll(async () => {
  await app.workspace.close();
  await league.close();
  await practice.close();
  rmSync(app.dataDirectory, { recursive: true, force: true });
});

async function analysed(eventId: string): Promise<unknown> {
  const answer = await app.dispatch('analysis:event', { eventId });
  // The first question of a layer starts its worker: nothing computed yet.
  expect(answer).toEqual({ ok: true, value: { data: null, builtFrom: ['analysis'] } });
  await app.workspace.current.analysis.settled();
  return app.dispatch('analysis:event', { eventId });
}

describe('the analysis across profiles', () => {
  it('answers from the cache of the profile shown', async () => {
    await valueOf(app.dispatch('setup:connect', { baseUrl: league.url, key: league.keys.viewer }));
    await settled(app.workspace);
    const events = await valueOf<{ data: { id: string }[] }>(
      app.dispatch('events:list', { perPage: 1 }),
    );
    const eventId = events.data[0]?.id ?? '';
    const leagueLayer = app.workspace.current;
    const fromLeague = (await analysed(eventId)) as { ok: true; value: { data: EventAnalysis } };
    expect(fromLeague.value.data.eventId).toBe(eventId);

    const { profiles } = await valueOf<ProfileList>(
      app.dispatch('profiles:add', {
        name: 'Practice',
        baseUrl: practice.url,
        key: practice.keys.viewer,
      }),
    );
    const practiceId = profiles.find((profile) => profile.name === 'Practice')?.id ?? '';
    const leagueId = profiles.find((profile) => profile.name !== 'Practice')?.id ?? '';
    await valueOf(app.dispatch('profiles:switch', { id: practiceId }));
    expect(leagueLayer.analysis.running).toBe(false);
    // Practice's cache was never synced: it holds no event at all.
    expect(await analysed(eventId)).toMatchObject({ ok: false, error: { code: 'not_found' } });

    await valueOf(app.dispatch('profiles:switch', { id: leagueId }));
    expect(await analysed(eventId)).toMatchObject({ ok: true, value: { data: { eventId } } });
  });
});
