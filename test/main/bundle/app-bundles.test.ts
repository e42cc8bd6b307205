import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inspectBundle } from '../../../src/main/bundle/bundle-summary';
import type {
  BundleExported,
  BundleImported,
  BundleOptions,
  BundlePreview,
} from '../../../src/shared/ipc/bundles';
import type { ProfileList } from '../../../src/shared/ipc/profiles';
import { runCli } from '../../cli/run-cli';
import { valueOf } from '../../harness/layer-dispatch';
import { postEvent, startTestServer, type TestServer } from '../../harness/server';
import { openTestWorkspace, settled, type OpenWorkspace } from '../profiles/workspace-rig';

/*
 * Bundles in the app, through the IPC commands as the renderer sends them, on the workspace the
 * app runs (its platform the headless one: the file "chosen" is the newest in DATA/imports, and a
 * save lands in DATA/exports). The bundles come from a real service through the command line.
 */

let root: string;
let league: TestServer;
let other: TestServer;
let otherBundle: string;
let opened: OpenWorkspace | null = null;

async function syncAndExport(server: TestServer, name: string): Promise<string> {
  const dataDir = join(root, name);
  const env = { PITSIDE_API_KEY: server.keys.viewer };
  const sync = await runCli(
    ['sync', '--service', server.url, '--data-dir', dataDir, '--scope', 'all'],
    env,
  );
  expect(sync.code, sync.stderr).toBe(0);
  const file = join(root, `${name}.pitside`);
  const run = await runCli(['bundle', 'export', '--data-dir', dataDir, '--out', file]);
  expect(run.code, run.stderr).toBe(0);
  return file;
}

/** The app's league profile, synced before the bundle was made. */
async function leagueApp(): Promise<OpenWorkspace> {
  opened = await openTestWorkspace(mkdtempSync(join(root, 'app-')));
  await valueOf(opened.dispatch('setup:connect', { baseUrl: league.url, key: league.keys.viewer }));
  await settled(opened.workspace);
  return opened;
}

let offered = 0;
/** Puts `file` where the headless platform's open dialog picks it: the newest in imports. */
function offer(app: OpenWorkspace, file: string, name = basename(file)): void {
  const folder = join(app.dataDirectory, 'imports');
  mkdirSync(folder, { recursive: true });
  copyFileSync(file, join(folder, name));
  // Each offer newer than the last, whatever the file system's clock resolution.
  offered += 1;
  const later = new Date(Date.now() + offered * 1000);
  utimesSync(join(folder, name), later, later);
}

const eventNames = async (app: OpenWorkspace) =>
  (await valueOf<{ data: { name: string }[] }>(app.dispatch('events:list', { perPage: 50 }))).data
    .map((event) => event.name)
    .sort();
const profileNames = async (app: OpenWorkspace) =>
  (await valueOf<ProfileList>(app.dispatch('profiles:list', undefined))).profiles.map(
    (profile) => `${profile.name}${profile.active ? ' (shown)' : ''}`,
  );

async function failure(pending: Promise<unknown>): Promise<{ code: string; message: string }> {
  const result = (await pending) as { ok: boolean; error?: { code: string; message: string } };
  expect(result.ok).toBe(false);
  return result.error!;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'pitside-app-bundles-'));
  league = await startTestServer({ data: 'none' });
  other = await startTestServer({ data: 'none' });
  for (const name of ['League Opener', 'League Final'])
    expect(await postEvent(league, name)).toBe(201);
  expect(await postEvent(other, 'Other League Opener')).toBe(201);
  otherBundle = await syncAndExport(other, 'other');
}, 120_000);

afterAll(async () => {
  await Promise.all([league.close(), other.close()]);
  rmSync(root, { recursive: true, force: true });
});

afterEach(async () => {
  await opened?.workspace.close();
  opened = null;
});

describe('importing a bundle in the app', () => {
  it('shows what a bundle of the shown service brings, then merges it into the copy shown', async () => {
    const app = await leagueApp();
    expect(await eventNames(app)).toEqual(['League Final', 'League Opener']);
    // Another laptop synced later, with an event this one has not seen. Sync times are kept to the
    // second, and a copy synced in the same second is not newer: past this one's second first.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await postEvent(league, 'League Late Entry')).toBe(201);
    const leagueBundle = await syncAndExport(league, 'league');
    offer(app, leagueBundle);

    const preview = await valueOf<BundlePreview>(app.dispatch('bundle:choose', undefined));
    expect(preview).toMatchObject({
      fileName: 'league.pitside',
      service: league.url,
      destination: { kind: 'shown' },
    });
    expect(preview.summary).toMatch(/^3 events, .* from 127\.0\.0\.1:\d+$/);
    // Nothing is merged by looking.
    expect(await eventNames(app)).toEqual(['League Final', 'League Opener']);

    const pushed = app.pushes.length;
    const imported = await valueOf<BundleImported>(
      app.dispatch('bundle:import', { token: preview.token }),
    );
    expect(imported).toMatchObject({ destination: { kind: 'shown' }, shown: false });
    expect(imported.merged).toBeGreaterThan(0);
    await settled(app.workspace);
    expect(await eventNames(app)).toEqual(['League Final', 'League Late Entry', 'League Opener']);
    // The views hear of it as of a sync.
    expect(app.pushes.slice(pushed).some((push) => push.name === 'cache:changed')).toBe(true);

    // A token is good for one import.
    const again = await failure(app.dispatch('bundle:import', { token: preview.token }));
    expect(again).toMatchObject({ code: 'invalid_input' });
    expect(again.message).toMatch(/Choose it again/);
  });

  it('puts a bundle of another service into a new profile, never into the copy shown', async () => {
    const app = await leagueApp();
    const before = await eventNames(app);
    offer(app, otherBundle);
    const preview = await valueOf<BundlePreview>(app.dispatch('bundle:choose', undefined));
    const name = other.url;
    expect(preview.destination).toEqual({ kind: 'new', name });
    const imported = await valueOf<BundleImported>(
      app.dispatch('bundle:import', { token: preview.token }),
    );
    expect(imported.destination).toEqual({ kind: 'new', name });
    expect(await eventNames(app)).toEqual(before);
    expect(await profileNames(app)).toEqual([`${league.url} (shown)`, name]);

    // The same bundle again goes to that profile, whose copy is as new: nothing replaced.
    offer(app, otherBundle, 'other-again.pitside');
    const second = await valueOf<BundlePreview>(app.dispatch('bundle:choose', undefined));
    expect(second.destination).toEqual({ kind: 'profile', name });
    const kept = await valueOf<BundleImported>(
      app.dispatch('bundle:import', { token: second.token }),
    );
    expect(kept).toMatchObject({ merged: 0, destination: { kind: 'profile', name } });
    expect(kept.keptNewer).toBeGreaterThan(0);

    // Its copy is there offline: switching asks no service.
    await other.close();
    expect(imported.shown).toBe(false);
    const { profiles } = await valueOf<ProfileList>(app.dispatch('profiles:list', undefined));
    const added = profiles.find((profile) => profile.name === name);
    await valueOf(app.dispatch('profiles:switch', { id: added!.id }));
    expect(await eventNames(app)).toEqual(['Other League Opener']);
  });

  it('refuses a bad bundle with a clear error, and changes nothing', async () => {
    const app = await leagueApp();
    const before = { events: await eventNames(app), profiles: await profileNames(app) };
    const whole = readFileSync(otherBundle);
    writeFileSync(join(root, 'cut.pitside'), whole.subarray(0, Math.floor(whole.length / 2)));
    offer(app, join(root, 'cut.pitside'));
    const refused = await failure(app.dispatch('bundle:choose', undefined));
    expect(refused).toMatchObject({ code: 'invalid_input' });
    expect(refused.message).toMatch(/^This bundle cannot be imported: .*truncated/);
    expect(await eventNames(app)).toEqual(before.events);
    expect(await profileNames(app)).toEqual(before.profiles);
    // A file that changes between its preview and Merge is refused at Merge.
    offer(app, otherBundle, 'changing.pitside');
    const chosen = await valueOf<BundlePreview>(app.dispatch('bundle:choose', undefined));
    writeFileSync(join(app.dataDirectory, 'imports', 'changing.pitside'), whole.subarray(0, 100));
    const changed = await failure(app.dispatch('bundle:import', { token: chosen.token }));
    expect(changed).toMatchObject({ code: 'invalid_input' });
    expect(changed.message).toMatch(/^This bundle cannot be imported: .*truncated/);
    expect(await profileNames(app)).toEqual(before.profiles);
    // So is one replaced by another bundle, whole and valid (the first test's): not the one shown.
    offer(app, otherBundle, 'replaced.pitside');
    const replacedChoice = await valueOf<BundlePreview>(app.dispatch('bundle:choose', undefined));
    copyFileSync(
      join(root, 'league.pitside'),
      join(app.dataDirectory, 'imports', 'replaced.pitside'),
    );
    const replaced = await failure(app.dispatch('bundle:import', { token: replacedChoice.token }));
    expect(replaced.message).toBe(
      'This bundle cannot be imported: the file changed since it was chosen; choose it again.',
    );
    expect(await eventNames(app)).toEqual(before.events);
    // A token that names no choice, and one that is no token, are refused too.
    const unknown = await failure(
      app.dispatch('bundle:import', { token: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.code).toBe('invalid_input');
    expect((await failure(app.dispatch('bundle:import', { token: '../x' }))).code).toBe(
      'invalid_input',
    );
  });

  it('shows a laptop’s first copy at once, with no service to reach', async () => {
    await other.close().catch(() => undefined);
    opened = await openTestWorkspace(mkdtempSync(join(root, 'first-')));
    const app = opened;
    expect(await valueOf(app.dispatch('setup:get', undefined))).toMatchObject({
      mode: 'first-run',
    });
    offer(app, otherBundle);
    const preview = await valueOf<BundlePreview>(app.dispatch('bundle:choose', undefined));
    expect(preview.destination).toEqual({ kind: 'new', name: other.url });
    const imported = await valueOf<BundleImported>(
      app.dispatch('bundle:import', { token: preview.token }),
    );
    expect(imported).toMatchObject({ shown: true, destination: { kind: 'new' } });
    expect(await valueOf(app.dispatch('setup:get', undefined))).toMatchObject({
      mode: 'service',
      serviceUrl: other.url,
    });
    expect(await eventNames(app)).toEqual(['Other League Opener']);
    expect(await profileNames(app)).toEqual([`${other.url} (shown)`]);
  });

  it('answers a closed dialog with null, and changes nothing', async () => {
    const app = await leagueApp();
    expect(await valueOf(app.dispatch('bundle:choose', undefined))).toBeNull();
  });
});

describe('exporting for another laptop', () => {
  it('writes the copy shown, by season, to the file picked', async () => {
    const app = await leagueApp();
    // The default scope synced the events' list entries only (none is within a week): their
    // visibility is not known, so none may go.
    const listed = (await eventNames(app)).length;
    expect(await valueOf<BundleOptions>(app.dispatch('bundle:get', undefined))).toMatchObject({
      seasons: [],
      pinned: 0,
      withoutRecord: listed,
    });
    const early = await failure(app.dispatch('bundle:export', { season: null }));
    expect(early).toMatchObject({ code: 'invalid_input' });
    expect(early.message).toBe(
      `No event in this copy can go into a bundle. ${listed} events were synced as a list entry only; sync scope All brings the whole record.`,
    );

    await valueOf(app.dispatch('settings:setScope', { scope: 'all' }));
    await valueOf(app.dispatch('sync:start', undefined));
    await settled(app.workspace);
    expect(await valueOf<BundleOptions>(app.dispatch('bundle:get', undefined))).toMatchObject({
      seasons: [{ season: '2026-2027', events: listed }],
      pinned: 0,
      withoutRecord: 0,
    });
    const exported = await valueOf<BundleExported>(
      app.dispatch('bundle:export', { season: '2026-2027' }),
    );
    expect(exported).toMatchObject({ saved: true, events: listed });
    expect(exported.path).toMatch(/exports[\\/]pitside-2026-2027-\d{4}-\d{2}-\d{2}\.pitside$/);
    const summary = await inspectBundle(exported.path!);
    expect(summary).toMatchObject({ service: league.url, events: listed });
    expect(exported.bytes).toBe(readFileSync(exported.path!).length);

    // The events chosen by hand: the pinned ones, and only those.
    const noPins = await failure(app.dispatch('bundle:export', { pinned: true }));
    expect(noPins.message).toBe('No pinned event in this copy can go into a bundle.');
    const { data } = await valueOf<{ data: { id: string }[] }>(
      app.dispatch('events:list', { perPage: 1 }),
    );
    await valueOf(app.dispatch('pins:set', { eventId: data[0]!.id, pinned: true }));
    const withPin = await valueOf<BundleOptions>(app.dispatch('bundle:get', undefined));
    expect(withPin.pinned).toBe(1);
    // Read again (Settings open) whenever a pin, an edit or an event's own record changes.
    expect(withPin.builtFrom).toEqual(
      expect.arrayContaining(['events', 'pins', 'outbox', `event:${data[0]!.id}`]),
    );
    const pinned = await valueOf<BundleExported>(app.dispatch('bundle:export', { pinned: true }));
    expect(pinned).toMatchObject({ saved: true, events: 1 });
    expect(pinned.path).toMatch(/pitside-pinned-[\d-]+\.pitside$/);
    expect(await inspectBundle(pinned.path!)).toMatchObject({ events: 1 });

    const none = await failure(app.dispatch('bundle:export', { season: '2019-2020' }));
    expect(none).toMatchObject({ code: 'invalid_input' });
    expect(none.message).toBe('No event of 2019-2020 in this copy can go into a bundle.');
    for (const bad of [{ season: '2026' }, { pinned: false }, { season: null, pinned: true }]) {
      expect((await failure(app.dispatch('bundle:export', bad))).code).toBe('invalid_input');
    }
  });
});
