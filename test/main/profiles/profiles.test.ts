import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EditList, EditsElsewhere } from '../../../src/shared/ipc/edits';
import type { ProfileList } from '../../../src/shared/ipc/profiles';
import { openDataLayer } from '../../../src/main/data-layer';
import { dispatcherOf, valueOf } from '../../harness/layer-dispatch';
import { startTestServer, type TestServer } from '../../harness/server';
import { newEvent, serviceEvents } from '../outbox/outbox-rig';
import { credentials, openTestWorkspace, settled, type OpenWorkspace } from './workspace-rig';
import { testClock } from '../../harness/clock';

/*
 * Named service profiles: two real reference services on loopback as two profiles, each with its
 * cache in its own folder and its key under its own keychain account (the real keychain). Both
 * services are stopped, then started again at their addresses on their stores, to show a switch
 * needs no network and an edit goes to its own profile's service alone.
 */

let root: string;
let league: TestServer;
let practice: TestServer;
const ports = { league: 0, practice: 0 };
let opened: OpenWorkspace | null = null;
/** Every request the workspace made, by address. */
const requests: string[] = [];
const countingFetch: typeof fetch = (input, init) => {
  requests.push(input instanceof Request ? input.url : String(input));
  return fetch(input, init);
};

async function start(name: 'league' | 'practice', keys?: TestServer['keys']): Promise<TestServer> {
  const server = await startTestServer({
    db: join(root, `${name}.db`),
    seed: name === 'league' ? 1 : 2,
    port: ports[name] === 0 ? undefined : ports[name],
    keys,
  });
  ports[name] = Number(new URL(server.url).port);
  return server;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'pitside-profiles-'));
  league = await start('league');
  practice = await start('practice');
});

afterAll(async () => {
  await league.close().catch(() => undefined);
  await practice.close().catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

afterEach(async () => {
  await opened?.workspace.close();
  opened = null;
});

async function open(): Promise<OpenWorkspace> {
  opened = await openTestWorkspace(mkdtempSync(join(root, 'data-')), countingFetch);
  return opened;
}

const profiles = async (open_: OpenWorkspace) =>
  (await valueOf<ProfileList>(open_.dispatch('profiles:list', undefined))).profiles;
const idOf = async (open_: OpenWorkspace, name: string) => {
  const profile = (await profiles(open_)).find((candidate) => candidate.name === name);
  if (profile === undefined) throw new Error(`no profile named ${name}`);
  return profile.id;
};
const eventNames = async (open_: OpenWorkspace) =>
  (
    await valueOf<{ data: { name: string }[] }>(open_.dispatch('events:list', { perPage: 3 }))
  ).data.map((event) => event.name);
async function syncNow(open_: OpenWorkspace): Promise<void> {
  await valueOf(open_.dispatch('sync:start', undefined));
  await settled(open_.workspace);
}

describe('service profiles', () => {
  it('keep two services apart: caches, keys, switches without the network, and edits', async () => {
    const app = await open();
    await valueOf(
      app.dispatch('setup:connect', { baseUrl: league.url, key: league.keys.organizer }),
    );
    await settled(app.workspace);
    const leagueId = (await profiles(app))[0]?.id ?? '';
    await valueOf(app.dispatch('profiles:rename', { id: leagueId, name: 'League' }));
    await valueOf(
      app.dispatch('profiles:add', {
        name: 'Practice',
        baseUrl: practice.url,
        key: practice.keys.organizer,
      }),
    );
    // The same address as League, another key: kept apart from League's in the keychain.
    await valueOf(
      app.dispatch('profiles:add', {
        name: 'League viewer',
        baseUrl: league.url,
        key: league.keys.viewer,
      }),
    );
    const practiceId = await idOf(app, 'Practice');
    const viewerId = await idOf(app, 'League viewer');
    await expect(credentials.forProfile(null).getKey(league.url)).resolves.toBe(
      league.keys.organizer,
    );
    await expect(credentials.forProfile(viewerId).getKey(league.url)).resolves.toBe(
      league.keys.viewer,
    );
    await expect(credentials.forProfile(practiceId).getKey(practice.url)).resolves.toBe(
      practice.keys.organizer,
    );

    await valueOf(app.dispatch('profiles:switch', { id: practiceId }));
    await syncNow(app);
    const practiceEvents = await eventNames(app);
    await valueOf(app.dispatch('profiles:switch', { id: leagueId }));
    const leagueEvents = await eventNames(app);
    expect(practiceEvents).not.toEqual(leagueEvents);
    expect(existsSync(join(app.dataDirectory, 'profiles', practiceId, 'pitside.db'))).toBe(true);

    // Both services gone: each switch shows its own cache at once, and asks no service.
    await league.close();
    await practice.close();
    const before = requests.length;
    await expect(
      valueOf(app.dispatch('profiles:switch', { id: practiceId })),
    ).resolves.toMatchObject({
      mode: 'service',
      serviceUrl: practice.url,
    });
    expect(await eventNames(app)).toEqual(practiceEvents);
    await valueOf(app.dispatch('profiles:switch', { id: leagueId }));
    expect(await eventNames(app)).toEqual(leagueEvents);
    // Anything a switch started would have run by now.
    await settled(app.workspace);
    expect(requests.length).toBe(before);

    // An edit made on League, offline, is League's: Practice lists it as kept elsewhere.
    await valueOf(app.dispatch('events:create', { event: newEvent('Only For The League') }));
    await valueOf(app.dispatch('profiles:switch', { id: practiceId }));
    expect((await valueOf<EditList>(app.dispatch('edits:list', undefined))).data).toEqual([]);
    const away = await valueOf<EditsElsewhere>(app.dispatch('edits:elsewhere', undefined));
    expect(
      away.groups.map((group) => ({
        profile: group.profile,
        service: group.service,
        edits: group.edits.length,
      })),
    ).toEqual([{ profile: 'League', service: league.url, edits: 1 }]);
    expect(
      (await profiles(app)).map(({ name, active, unsent }) => ({ name, active, unsent })),
    ).toEqual([
      { name: 'League', active: false, unsent: 1 },
      { name: 'Practice', active: true, unsent: 0 },
      { name: 'League viewer', active: false, unsent: 0 },
    ]);

    // Both back: a sync of Practice sends nothing; League's sends its edit, to League alone.
    league = await start('league', league.keys);
    practice = await start('practice', practice.keys);
    await syncNow(app);
    expect(await serviceEvents(practice, 'Only For The League')).toEqual([]);
    await valueOf(app.dispatch('profiles:switch', { id: leagueId }));
    await syncNow(app);
    expect(await serviceEvents(league, 'Only For The League')).toHaveLength(1);
    expect(await serviceEvents(practice, 'Only For The League')).toEqual([]);

    // Removed: its cache folder and its key go; League's key on the same address stays.
    await valueOf(app.dispatch('profiles:remove', { id: viewerId }));
    await expect(credentials.forProfile(viewerId).getKey(league.url)).resolves.toBeNull();
    await expect(credentials.forProfile(null).getKey(league.url)).resolves.toBe(
      league.keys.organizer,
    );
    await valueOf(app.dispatch('profiles:remove', { id: practiceId }));
    expect(existsSync(join(app.dataDirectory, 'profiles', practiceId))).toBe(false);
    expect((await profiles(app)).map((profile) => profile.name)).toEqual(['League']);
    await credentials.clearKey(league.url);
  });
});

describe('an upgrade from Pitside before profiles', () => {
  it('makes the service it used the first profile, with its cache, key and edits', async () => {
    const dataDirectory = mkdtempSync(join(root, 'old-'));
    // What the version before profiles left: its cache at <data>/pitside.db, the key under the
    // address's account, an edit on disk not sent (held in its undo window), the old state file.
    await credentials.setKey(league.url, league.keys.organizer);
    const old = openDataLayer({ dataDirectory, fetch, credentials, now: testClock });
    const oldDispatch = dispatcherOf(old);
    await valueOf(oldDispatch('settings:setService', { baseUrl: league.url }));
    await old.engine.idle();
    const [event] = (
      await valueOf<{ data: { id: string }[] }>(oldDispatch('events:list', { perPage: 1 }))
    ).data;
    if (event === undefined) throw new Error('the service listed no events');
    await valueOf(
      oldDispatch('events:update', { eventId: event.id, patch: { name: 'Held' }, holdMs: 60_000 }),
    );
    await old.close();
    writeFileSync(
      join(dataDirectory, 'app-state.json'),
      JSON.stringify({ profile: 'service', demoChosen: false, theme: 'dark', serviceUrl: null }),
    );

    opened = await openTestWorkspace(dataDirectory);
    const app = opened;
    expect(await profiles(app)).toEqual([
      { id: 'service', name: league.url, url: league.url, active: true, unsent: 1 },
    ]);
    await expect(valueOf(app.dispatch('setup:get', undefined))).resolves.toMatchObject({
      mode: 'service',
      serviceUrl: league.url,
    });
    await expect(valueOf(app.dispatch('settings:get', undefined))).resolves.toMatchObject({
      key: 'set',
      keySource: 'keychain',
    });
    expect(await eventNames(app)).not.toEqual([]);
    expect((await valueOf<EditList>(app.dispatch('edits:list', undefined))).data).toHaveLength(1);
    const saved = JSON.parse(
      readFileSync(join(dataDirectory, 'app-state.json'), 'utf8'),
    ) as unknown;
    expect(saved).toEqual({
      profile: 'service',
      demoChosen: false,
      theme: 'dark',
      profiles: [{ id: 'service', name: league.url, url: league.url }],
      active: 'service',
    });
    await credentials.clearKey(league.url);
  });

  it('keeps the readable profiles of a hand-edited list', async () => {
    const dataDirectory = mkdtempSync(join(root, 'edited-'));
    const kept = { id: 'p-1', name: 'Kept', url: practice.url };
    writeFileSync(
      join(dataDirectory, 'app-state.json'),
      JSON.stringify({
        profile: 'service',
        profiles: [
          kept,
          { id: 'NOT AN ID', name: 'Bad', url: league.url },
          { ...kept, id: 'p-2' },
          7,
        ],
        active: 'p-gone',
      }),
    );
    opened = await openTestWorkspace(dataDirectory);
    expect(await profiles(opened)).toEqual([{ ...kept, active: false, unsent: 0 }]);
  });
});

describe('profile input', () => {
  it('is refused with the field at fault, and nothing is kept', async () => {
    const app = await open();
    await valueOf(
      app.dispatch('setup:connect', { baseUrl: league.url, key: league.keys.organizer }),
    );
    const [first] = await profiles(app);
    if (first === undefined) throw new Error('connect made no profile');
    const refused = async (name: Parameters<OpenWorkspace['dispatch']>[0], input: unknown) =>
      (await app.dispatch(name, input)) as {
        ok: boolean;
        error?: { code: string; details?: { field: string }[] };
      };

    expect(
      await refused('profiles:add', {
        name: first.name.toUpperCase(),
        baseUrl: practice.url,
        key: practice.keys.viewer,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: [{ field: 'name' }] },
    });
    expect(
      await refused('profiles:add', { name: 'Ftp', baseUrl: 'ftp://example.org', key: 'k' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(
      await refused('profiles:add', { name: '  ', baseUrl: practice.url, key: 'k' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(
      await refused('profiles:add', {
        name: 'Wrong key',
        baseUrl: practice.url,
        key: 'not-the-key',
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    await valueOf(
      app.dispatch('profiles:add', {
        name: 'Practice',
        baseUrl: practice.url,
        key: practice.keys.viewer,
      }),
    );
    const practiceId = await idOf(app, 'Practice');
    expect(await refused('profiles:rename', { id: practiceId, name: first.name })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: [{ field: 'name' }] },
    });
    expect(await refused('profiles:remove', { id: first.id })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: [{ field: 'id' }] },
    });
    expect(await refused('profiles:switch', { id: 'p-unknown' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect((await profiles(app)).map((profile) => profile.name)).toEqual([first.name, 'Practice']);
    await valueOf(app.dispatch('profiles:remove', { id: practiceId }));
    await credentials.clearKey(league.url);
  });
});
