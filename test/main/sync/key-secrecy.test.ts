import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandName } from '../../../src/shared/ipc/contract';
import { COMMAND_NAMES } from '../../../src/shared/ipc/contract';
import { createCredentials } from '../../../src/main/credentials/credentials';
import type { Keychain } from '../../../src/main/credentials/keychain';
import { openDataLayer, type DataLayer } from '../../../src/main/data-layer';
import { createDispatcher, type Dispatch } from '../../../src/main/ipc/dispatcher';
import { createHeadlessPlatform } from '../../../src/main/platform/headless-platform';
import { DEMO_KEY_FILE } from '../../../src/main/profiles/demo-service';
import { openWorkspace, type Workspace } from '../../../src/main/profiles/workspace';
import { createHandlers } from '../../../src/main/services';
import { diagnosticsText } from '../../../src/main/diagnostics';
import { openPreviewLog } from '../../../src/main/log/app-log';
import { withAppLog } from '../../../src/main/log/logged-workspace';
import { NotificationSwitchesFile } from '../../../src/main/notify/notification-switches';
import { startNotifications, type Notifications } from '../../../src/main/notify/notifications';
import { startHeadlessUpdates } from '../../../src/main/updates/headless-updates';
import { PREVIEW_HAS_FOCUS, previewNotifier } from '../../../src/preview/preview-notifier';
import { createShareHandlers } from '../../../src/main/share/share-handlers';
import { ShareService } from '../../../src/main/share/share-service';
import { createUpdateHandlers } from '../../../src/main/updates/update-handlers';
import { startFaultProxy, type FaultProxy } from '../../harness/fault-proxy';
import { serviceReader } from '../../harness/service-copy';
import { startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import { syncChildLauncher, type SyncChildLauncher } from '../../harness/sync-child-process';
import { removeTempDirs, tempDir } from './sync-rig';

/*
 * The API key lives in the keychain and nowhere else (design rule 7). These tests give the app's
 * own data layer a key through the settings commands, sync with it, then with a key the service
 * refuses, and look for either key everywhere the app leaves a trace: every byte of every file in
 * the data directory (the database, its WAL and shared-memory files), everything written to the
 * console or to stdout and stderr, every error reported, every IPC answer, every push, every run
 * summary, and everything a sync run in a child process prints.
 */

let service: TestServer;
let proxy: FaultProxy;
let launcher: SyncChildLauncher;

beforeAll(async () => {
  service = await startTestServer({ data: 'demo' });
  proxy = await startFaultProxy(service.url);
  launcher = syncChildLauncher();
});

afterAll(async () => {
  await proxy.close();
  await service.close();
  removeTempDirs();
});

/** A key the service would accept in form, unlike any it knows. */
const wrongKey = `viewer-${'5ec7e7'.repeat(4)}`;

/** The key as bytes in the encodings a careless write could use. */
function needles(key: string): Buffer[] {
  return [
    Buffer.from(key, 'utf8'),
    Buffer.from(key, 'utf16le'),
    Buffer.from(Buffer.from(key).toString('base64').slice(0, -4)),
  ];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Files of `dir` that hold one of `keys`, whole or in another encoding. */
function filesHolding(dir: string, keys: string[]): string[] {
  const files = filesUnder(dir);
  expect(files.length).toBeGreaterThan(0);
  return files.filter((file) => {
    const bytes = readFileSync(file);
    return keys.some((key) => needles(key).some((needle) => bytes.includes(needle)));
  });
}

function mention(texts: string[], keys: string[]): string[] {
  return texts.filter((text) => keys.some((key) => text.includes(key)));
}

/** Everything written to the console and the standard streams while `capture` is on. */
function captureOutput(): { lines: string[]; stop: () => void } {
  const lines: string[] = [];
  const record = (...parts: unknown[]) => lines.push(parts.map((part) => inspect(part)).join(' '));
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(record),
    vi.spyOn(console, 'error').mockImplementation(record),
    vi.spyOn(console, 'warn').mockImplementation(record),
    vi.spyOn(console, 'info').mockImplementation(record),
    vi.spyOn(console, 'debug').mockImplementation(record),
  ];
  const stdout = process.stdout.write.bind(process.stdout);
  const stderr = process.stderr.write.bind(process.stderr);
  const streams = [
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return stdout(chunk);
    }),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return stderr(chunk);
    }),
  ];
  return {
    lines,
    stop: () => {
      for (const spy of [...spies, ...streams]) spy.mockRestore();
    },
  };
}

/** Every command the tests below called through a dispatcher. */
const called = new Set<CommandName>();

/** Calls a command through the dispatcher, as the renderer would, and keeps its answer. */
function asker(dispatch: () => Dispatch, traces: string[]) {
  return async (name: CommandName, input?: unknown): Promise<unknown> => {
    called.add(name);
    const answer = await dispatch()(name, input);
    traces.push(`${name} ${JSON.stringify(answer)}`);
    if (!answer.ok) throw new Error(`${name} failed: ${JSON.stringify(answer.error)}`);
    return answer.value;
  };
}

describe('the app’s data layer', () => {
  let layer: DataLayer;
  let dispatch: Dispatch;
  let dataDirectory: string;
  const kept = new Map<string, string>();
  const traces: string[] = [];
  let output: ReturnType<typeof captureOutput>;

  beforeAll(() => {
    output = captureOutput();
    dataDirectory = tempDir('secrecy');
    // The real credentials code over an in-memory keychain: what reaches the keychain is visible.
    const keychain: Keychain = {
      getPassword: (store, account) => Promise.resolve(kept.get(`${store} ${account}`) ?? null),
      setPassword: (store, account, password) => {
        kept.set(`${store} ${account}`, password);
        return Promise.resolve();
      },
      deletePassword: (store, account) => Promise.resolve(kept.delete(`${store} ${account}`)),
    };
    const report = (where: string, error: unknown) =>
      traces.push(`${where}: ${inspect(error, { depth: 8 })}`);
    layer = openDataLayer({
      dataDirectory,
      fetch: (url, init) => fetch(url, init),
      credentials: createCredentials(() => Promise.resolve(keychain)),
      now: () => new Date(TEST_NOW),
      reportError: report,
    });
    layer.pushes.attach((name, payload) => traces.push(`${name} ${JSON.stringify(payload)}`));
    dispatch = createDispatcher(
      createHandlers(
        {
          version: '0.0.0-test',
          dataDirectory,
          versions: process.versions,
          platform: process.platform,
          arch: process.arch,
          sqliteVersion: 'test',
        },
        layer.handlers,
      ),
      report,
    );
  });

  afterEach(() => layer.engine.idle());

  afterAll(async () => {
    output.stop();
    await layer.close();
  });

  const ask = asker(() => dispatch, traces);

  it('keeps a working key in the keychain only', async () => {
    const key = service.keys.viewer;
    await ask('settings:get');
    await ask('settings:setService', { baseUrl: proxy.url });
    await ask('settings:setScope', { scope: 'all' });
    await ask('settings:setKey', { key });
    await layer.engine.idle();

    const viewer = serviceReader(service.url, key);
    const visible = await viewer.list('/v1/events');
    const shown = new Set(visible.map((event) => String(event.id)));
    // An unlisted event, pinned: read by id, so its record goes through another path.
    let unlisted: string | undefined;
    for (const event of await serviceReader(service.url, service.keys.organizer).list(
      '/v1/events',
    )) {
      const id = String(event.id);
      if (shown.has(id) || (await viewer.single(`/v1/events/${id}`)) === null) continue;
      unlisted = id;
      break;
    }
    if (unlisted === undefined) throw new Error('the demo data has no unlisted event');
    await ask('pins:set', { eventId: unlisted, pinned: true });
    await layer.engine.idle();
    const summary = await layer.engine.run({ scope: 'all' });
    traces.push(JSON.stringify(summary));
    expect(summary).toMatchObject({ outcome: 'completed', problem: null });

    // The key was really in play: sent to the service, and kept in the keychain.
    expect(
      proxy.requests.some((request) => request.headers.authorization === `Bearer ${key}`),
    ).toBe(true);
    expect([...kept.values()]).toEqual([key]);

    const eventId = String(visible[0]?.id);
    const teamNumber = Number(
      (await serviceReader(service.url, key).list(`/v1/events/${eventId}/teams`))[0]?.number,
    );
    const inputs: Partial<Record<CommandName, unknown>> = {
      'events:get': { eventId },
      'events:teams': { eventId },
      'events:matches': { eventId },
      'events:clips': { eventId },
      'teams:get': { teamNumber },
      'teams:events': { teamNumber },
      'teams:matches': { teamNumber },
      'teams:clips': { teamNumber },
      'teams:stats': { teamNumber },
      'search:query': { text: 'reg' },
    };
    for (const name of ['app:info', 'events:list', 'teams:list', 'sync:status'] as const) {
      await ask(name);
    }
    for (const [name, input] of Object.entries(inputs)) await ask(name as CommandName, input);
    await ask('favorites:set', { teamNumber, favorite: true });
    await layer.engine.idle();
    await ask('favorites:list');
    await ask('pins:list');
    await ask('sync:start', { scope: 'all' });
    await ask('sync:cancel');
    await layer.engine.idle();

    // The person's own pick lists and notes: local, and as free of keys as the rest.
    const { id: listId } = (await ask('picklists:create', { eventId, name: 'Secrecy' })) as {
      id: number;
    };
    await ask('picklists:rename', { listId, name: 'Secrecy 2' });
    await ask('picklists:add', { listId, teamNumber });
    await ask('picklists:move', { listId, teamNumber, to: 0 });
    await ask('picklists:setEntry', { listId, teamNumber, picked: true, note: 'fast' });
    await ask('picklists:list', { eventId });
    await ask('picklists:remove', { listId, teamNumber });
    await ask('picklists:delete', { listId });
    await ask('notes:set', { teamNumber, note: 'quick climber' });
    await ask('notes:get', { teamNumber });

    // Organizers' edits: a viewer's key queues them and the service refuses them, in words that
    // hold no key either.
    await ask('edits:role');
    const created = (await ask('events:create', {
      event: {
        name: 'Secrecy Cup',
        season: '2026-2027',
        startDate: '2026-12-05T09:00:00Z',
        endDate: '2026-12-06T09:00:00Z',
        location: { city: 'Leeds', country: 'GB' },
      },
    })) as { eventId: string };
    await ask('events:update', { eventId: created.eventId, patch: { name: 'Secrecy Cup 2' } });
    await ask('events:resolveCode', { eventId: created.eventId });
    const deletion = (await ask('events:delete', { eventId })) as { id: number };
    await ask('edits:discard', { id: deletion.id });
    await ask('edits:sendNow');
    await layer.engine.idle();
    const { data: edits } = (await ask('edits:list')) as { data: { id: number; state: string }[] };
    await ask('edits:elsewhere');
    const refused = edits.find((edit) => edit.state === 'failed');
    expect(refused, JSON.stringify(edits)).toBeDefined();
    await expect(ask('edits:resolve', { id: refused!.id, take: 'mine' })).rejects.toThrow(
      /not in conflict/,
    );
    await ask('edits:resend', { id: refused!.id });

    expect(mention(traces, [key])).toEqual([]);
    expect(mention(output.lines, [key])).toEqual([]);
    expect(filesHolding(dataDirectory, [key])).toEqual([]);
  });

  it('computes the analysis from what was synced, without the key anywhere', async () => {
    const key = service.keys.viewer;
    const { data: events } = (await ask('events:list')) as {
      data: { id: string; season: string }[];
    };
    const event = events[0];
    if (event === undefined) throw new Error('nothing was synced');
    const { data: teams } = (await ask('events:teams', { eventId: event.id })) as {
      data: { number: number }[];
    };
    await ask('analysis:event', { eventId: event.id });
    await layer.analysis.settled();
    await ask('analysis:event', { eventId: event.id });
    await ask('analysis:team', { teamNumber: teams[0]?.number ?? 1 });
    await ask('analysis:season', { season: event.season });
    await ask('analysis:whatIf', { eventId: event.id, fixed: [], runs: 100 });

    expect(mention(traces, [key])).toEqual([]);
    expect(mention(output.lines, [key])).toEqual([]);
    expect(filesHolding(dataDirectory, [key])).toEqual([]);
  });

  it('says a refused key is refused without repeating it anywhere', async () => {
    await ask('settings:setKey', { key: wrongKey });
    await layer.engine.idle();
    const summary = await layer.engine.run({ scope: 'all' });
    traces.push(JSON.stringify(summary));
    expect(summary).toMatchObject({ outcome: 'failed', problem: { code: 'unauthorized' } });
    expect(summary.problem?.message).not.toContain(wrongKey);
    expect(await ask('settings:get')).toMatchObject({ key: 'refused' });
    expect(await ask('sync:status')).toMatchObject({
      state: 'error',
      problem: { code: 'unauthorized' },
    });
    expect(
      proxy.requests.some((request) => request.headers.authorization === `Bearer ${wrongKey}`),
    ).toBe(true);
    await ask('settings:clearKey');
    expect(kept.size).toBe(0);

    const keys = [service.keys.viewer, wrongKey];
    expect(mention(traces, keys)).toEqual([]);
    expect(mention(output.lines, keys)).toEqual([]);
    expect(filesHolding(dataDirectory, keys)).toEqual([]);
  });
});

describe('the app’s workspace', () => {
  let workspace: Workspace;
  let updates: ReturnType<typeof startHeadlessUpdates>;
  let notifications: Notifications;
  let share: ShareService;
  let dispatch: Dispatch;
  let dataDirectory: string;
  const kept = new Map<string, string>();
  const traces: string[] = [];
  let output: ReturnType<typeof captureOutput>;
  const ask = asker(() => dispatch, traces);

  beforeAll(async () => {
    output = captureOutput();
    dataDirectory = tempDir('secrecy-workspace');
    const keychain: Keychain = {
      getPassword: (store, account) => Promise.resolve(kept.get(`${store} ${account}`) ?? null),
      setPassword: (store, account, password) => {
        kept.set(`${store} ${account}`, password);
        return Promise.resolve();
      },
      deletePassword: (store, account) => Promise.resolve(kept.delete(`${store} ${account}`)),
    };
    const report = (where: string, error: unknown) =>
      traces.push(`${where}: ${inspect(error, { depth: 8 })}`);
    // Assembled as the preview assembles it: the log, its diagnostics and the update service too.
    const log = openPreviewLog(dataDirectory);
    workspace = await openWorkspace(
      withAppLog(log, {
        dataDirectory,
        fetch: (url, init) => fetch(url, init),
        credentials: createCredentials(() => Promise.resolve(keychain)),
        platform: createHeadlessPlatform({ dataDirectory }),
        now: () => new Date(TEST_NOW),
        reportError: report,
      }),
    );
    workspace.pushes.attach((name, payload) => traces.push(`${name} ${JSON.stringify(payload)}`));
    const identity = {
      version: '0.0.0-test',
      dataDirectory,
      versions: process.versions,
      platform: process.platform,
      arch: process.arch,
      sqliteVersion: 'test',
    };
    updates = startHeadlessUpdates({ workspace, dataDirectory, version: identity.version });
    share = new ShareService({
      cacheFile: () => workspace.current.file,
      pushes: workspace.pushes,
      discovery: false,
    });
    notifications = startNotifications({
      hub: workspace.pushes,
      layer: () => workspace.current,
      switches: new NotificationSwitchesFile(dataDirectory, report),
      notifier: previewNotifier(workspace.pushes),
      isFocused: PREVIEW_HAS_FOCUS,
      reportError: report,
    });
    dispatch = createDispatcher(
      createHandlers(identity, workspace.dataHandlers, workspace.appHandlers, {
        diagnostics: () => diagnosticsText({ identity, workspace, log }),
        updates: createUpdateHandlers(updates.service),
        notifications: notifications.handlers,
        share: createShareHandlers(share),
      }),
      report,
    );
  });

  afterAll(async () => {
    output.stop();
    updates.stop();
    notifications.close();
    await share.close();
    await workspace.close();
  });

  it('keeps the key taken at connect in the keychain only, the demo’s in its own file', async () => {
    const key = service.keys.viewer;
    await ask('setup:get');
    await ask('setup:connect', { baseUrl: proxy.url, key });
    await workspace.current.engine.idle();
    // A second profile on the same address with another key: in the keychain alone, then gone.
    const second = service.keys.organizer;
    const listed = (await ask('profiles:add', {
      name: 'Second',
      baseUrl: proxy.url,
      key: second,
    })) as {
      profiles: { id: string; name: string }[];
    };
    const [first, added] = listed.profiles;
    if (first === undefined || added === undefined) throw new Error('the profile was not added');
    expect([...kept.values()].sort()).toEqual([key, second].sort());
    await ask('profiles:rename', { id: added.id, name: 'Second, renamed' });
    await ask('profiles:switch', { id: added.id });
    await ask('sync:start');
    await workspace.current.engine.idle();
    await ask('profiles:switch', { id: first.id });
    await ask('profiles:remove', { id: added.id });
    await ask('profiles:list');
    await ask('theme:get');
    await ask('theme:set', { theme: 'dark' });
    await ask('links:open', { url: 'https://events.invalid/' });
    await ask('export:csv', { list: 'events' });
    await ask('cache:clear');
    await workspace.current.engine.idle();
    await ask('setup:useDemo');
    await workspace.current.engine.idle();
    await ask('events:list');
    await ask('app:diagnostics');
    await ask('digest:get');
    await ask('digest:seen');
    await ask('notifications:get');
    await ask('notifications:set', { matchSoon: false });
    // A share serves the open cache on its own key: never the service's.
    await ask('share:get');
    await ask('share:start', { host: '127.0.0.1' });
    await ask('share:stop');
    // Bundles: what can be written, the choice of a file, and an import of a choice never made.
    await ask('bundle:get');
    // The demo's copy is every Pitside's: refused, and the refusal is checked like the rest.
    await expect(ask('bundle:export', { season: null })).rejects.toThrow(/the demo/);
    await ask('bundle:choose');
    await expect(ask('bundle:import', { token: randomUUID() })).rejects.toThrow(
      'bundle:import failed',
    );
    await ask('updates:get');
    await ask('updates:setFeed', { url: 'https://updates.invalid/pitside/' });
    // Off in a copy run from source: refused, and the refusal is checked for keys like the rest.
    await expect(ask('updates:check')).rejects.toThrow('updates:check failed');
    await ask('updates:install', { confirmedUnsent: 0 }).catch((error: unknown) => {
      traces.push(String(error));
    });

    const demoKeyFile = join(dataDirectory, 'demo', DEMO_KEY_FILE);
    const demoKey = readFileSync(demoKeyFile, 'utf8').trim();
    expect(demoKey).toMatch(/^demo-/);
    expect([...kept.values()]).toEqual([key]);
    for (const sent of [key, second]) {
      expect(
        proxy.requests.some((request) => request.headers.authorization === `Bearer ${sent}`),
      ).toBe(true);
    }
    const keys = [key, second, demoKey];
    expect(mention(traces, keys)).toEqual([]);
    expect(mention(output.lines, keys)).toEqual([]);
    // The demo service's own store is in the data directory too: it holds no key either. The
    // demo's key file is the one place its key is, and the real key is in no file.
    expect(filesHolding(dataDirectory, keys)).toEqual([demoKeyFile]);
  });
});

describe('the IPC surface', () => {
  it('was asked every command it has', () => {
    expect([...called].sort()).toEqual([...COMMAND_NAMES].sort());
  });
});

describe('a sync in a process of its own, key from PITSIDE_API_KEY', () => {
  it.each([
    ['a working key', () => service.keys.viewer, 'completed'],
    ['a refused key', () => wrongKey, 'failed'],
  ])('%s appears in none of its output nor its files', async (_name, keyOf, outcome) => {
    const key = keyOf();
    const dir = tempDir('secrecy-child');
    const running = launcher.start({
      dir,
      service: service.url,
      key,
      scope: 'default',
      now: TEST_NOW,
    });
    const run = await running.finished;
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
      outcome?: string;
    };
    expect(summary.outcome).toBe(outcome);
    // The log is not empty: status pushes were written, so their absence of the key means something.
    expect(run.stderr).toMatch(/"status"/);
    expect(run.stdout).not.toContain(key);
    expect(run.stderr).not.toContain(key);
    expect(filesHolding(dir, [key])).toEqual([]);
  });
});
