import Database from 'better-sqlite3';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY_FILE } from '../../../src/main/profiles/demo-service';
import type { SyncStatus } from '../../../src/shared/ipc/sync';
import type { SetupState } from '../../../src/shared/ipc/setup';
import { valueOf } from '../../harness/layer-dispatch';
import { startTestServer, type TestServer } from '../../harness/server';
import { credentials, openTestWorkspace, settled, type OpenWorkspace } from './workspace-rig';

/*
 * The demo as a first-time user meets it: the reference service started inside main on loopback,
 * its key in a file of its own (no keychain needed), its own cache beside the service's, synced and read through the
 * dispatcher like the renderer reads it; and back on the demo after a restart.
 */

let opened: OpenWorkspace[] = [];
let service: TestServer;

beforeAll(async () => {
  service = await startTestServer();
});

afterAll(async () => {
  await service.close();
});

afterEach(async () => {
  for (const { workspace } of opened) await workspace.close();
  opened = [];
});

async function open(dataDirectory?: string): Promise<OpenWorkspace> {
  const workspace = await openTestWorkspace(dataDirectory);
  opened.push(workspace);
  return workspace;
}

type Page = { data: { id?: string; number?: number }[]; meta: { total: number } };

function countIn(file: string, table: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0;
  } finally {
    db.close();
  }
}

describe('the first run and the demo', () => {
  it('starts on the first-run screen, then shows the demo synced from its own service', async () => {
    const { workspace, dispatch, pushes, dataDirectory } = await open();
    await expect(valueOf(dispatch('setup:get', undefined))).resolves.toMatchObject({
      mode: 'first-run',
      serviceUrl: null,
    });

    const answer = await valueOf<SetupState>(dispatch('setup:useDemo', undefined));
    expect(answer).toEqual({ mode: 'demo', serviceUrl: null, builtFrom: ['settings'] });
    const demoUrl = workspace.demoService?.url ?? '';
    expect(demoUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await settled(workspace);

    const events = await valueOf<Page>(dispatch('events:list', { perPage: 100 }));
    expect(events.meta.total).toBe(60);
    const teams = await valueOf<Page>(dispatch('teams:list', undefined));
    expect(teams.meta.total).toBe(600);
    const status = await valueOf<SyncStatus>(dispatch('sync:status', undefined));
    expect(status).toMatchObject({ state: 'idle', problem: null });
    expect(status.lastSuccessAt).not.toBeNull();

    // The demo's key is kept beside its cache, for its owner alone, and it is the one the demo
    // service takes.
    const keyFile = join(dataDirectory, 'demo', DEMO_KEY_FILE);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(key).toMatch(/^demo-[A-Za-z0-9_-]{32}$/);
    const asked = await fetch(`${demoUrl}/v1/events?perPage=1`, {
      headers: { authorization: `Bearer ${key ?? ''}` },
    });
    expect(asked.status).toBe(200);
    expect(JSON.stringify(await valueOf(dispatch('settings:get', undefined)))).not.toContain(
      key ?? '',
    );

    // Views are told to re-read everything, and the sync bar gets the new layer's state.
    const switched = pushes.findIndex(
      (push) =>
        push.name === 'cache:changed' &&
        (push.payload as { resources: string[] }).resources.includes('all'),
    );
    expect(switched).toBeGreaterThanOrEqual(0);
    expect(pushes[switched + 1]?.name).toBe('sync:status');
    expect(pushes.slice(switched).some((push) => push.name === 'sync:status')).toBe(true);

    // Two caches, two files; the service's saw nothing of the demo.
    expect(existsSync(join(dataDirectory, 'demo', 'pitside.db'))).toBe(true);
    expect(existsSync(join(dataDirectory, 'demo', 'service.db'))).toBe(true);
    expect(countIn(join(dataDirectory, 'pitside.db'), 'events')).toBe(0);
    const state = JSON.parse(readFileSync(join(dataDirectory, 'app-state.json'), 'utf8')) as {
      profile: string;
    };
    expect(state.profile).toBe('demo');
  });

  it('comes back on the demo after a restart, its service started again', async () => {
    const first = await open();
    await valueOf(first.dispatch('setup:useDemo', undefined));
    await settled(first.workspace);
    const firstUrl = first.workspace.demoService?.url;
    await first.workspace.close();
    opened = [];
    await expect(fetch(`${firstUrl ?? ''}/v1/teams?perPage=1`)).rejects.toThrow();

    const again = await open(first.dataDirectory);
    await expect(valueOf(again.dispatch('setup:get', undefined))).resolves.toMatchObject({
      mode: 'demo',
      serviceUrl: null,
    });
    // The cache answers at once, before any sync of this launch.
    const events = await valueOf<Page>(again.dispatch('events:list', { perPage: 100 }));
    expect(events.meta.total).toBe(60);
    expect(again.workspace.demoService?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const run = await again.workspace.current.engine.run({ scope: 'default' });
    expect(run.outcome).toBe('completed');
    expect(run.problem).toBeNull();
  });

  it('keeps the demo and the service apart: a favorite of one is not in the other', async () => {
    const { workspace, dispatch, pushes, dataDirectory } = await open();
    await valueOf(dispatch('setup:useDemo', undefined));
    await settled(workspace);
    const demoUrl = workspace.demoService?.url ?? '';
    const [first] = (await valueOf<Page>(dispatch('teams:list', undefined))).data;
    const teamNumber = first?.number ?? 0;
    await expect(
      valueOf(dispatch('favorites:set', { teamNumber, favorite: true })),
    ).resolves.toEqual([teamNumber]);
    await expect(
      valueOf(dispatch('pins:set', { eventId: '2026pinned', pinned: true })),
    ).resolves.toEqual(['2026pinned']);

    const pushesBefore = pushes.length;
    const connected = await valueOf<SetupState>(
      dispatch('setup:connect', { baseUrl: `${service.url}/`, key: service.keys.viewer }),
    );
    expect(connected).toEqual({
      mode: 'service',
      serviceUrl: service.url,
      builtFrom: ['settings'],
    });
    // Connecting stops the demo service.
    expect(workspace.demoService).toBeNull();
    await expect(fetch(`${demoUrl}/v1/teams?perPage=1`)).rejects.toThrow();
    await settled(workspace);

    await expect(valueOf(dispatch('favorites:list', undefined))).resolves.toMatchObject({
      data: [],
    });
    await expect(valueOf(dispatch('pins:list', undefined))).resolves.toMatchObject({ data: [] });
    // The subscriber attached before the switch still hears the new layer.
    const heard = pushes.slice(pushesBefore);
    expect(heard.some((push) => push.name === 'cache:changed')).toBe(true);
    expect(heard.some((push) => push.name === 'sync:status')).toBe(true);
    const serviceEvents = await valueOf<Page>(dispatch('events:list', { perPage: 100 }));
    expect(serviceEvents.meta.total).toBe(
      countIn(join(dataDirectory, 'pitside.db'), 'events WHERE listed = 1'),
    );
    expect(countIn(join(dataDirectory, 'demo', 'pitside.db'), 'favorite_teams')).toBe(1);

    // Back on the demo: its favorite and pin are still there, and the service's URL is named.
    await expect(valueOf(dispatch('setup:useDemo', undefined))).resolves.toEqual({
      mode: 'demo',
      serviceUrl: service.url,
      builtFrom: ['settings'],
    });
    await expect(valueOf(dispatch('favorites:list', undefined))).resolves.toMatchObject({
      data: [teamNumber],
    });
    await expect(valueOf(dispatch('pins:list', undefined))).resolves.toMatchObject({
      data: ['2026pinned'],
    });
    await settled(workspace);
    await credentials.clearKey(service.url);
  });

  it('refuses to point the demo’s cache at another service through the settings', async () => {
    const { workspace, dispatch, dataDirectory } = await open();
    await valueOf(dispatch('setup:useDemo', undefined));
    await settled(workspace);
    const answer = await dispatch('settings:setService', { baseUrl: service.url });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/demo/) as string },
    });
    await expect(valueOf(dispatch('setup:get', undefined))).resolves.toMatchObject({
      mode: 'demo',
    });
    expect(countIn(join(dataDirectory, 'demo', 'pitside.db'), 'settings')).toBe(
      countIn(
        join(dataDirectory, 'demo', 'pitside.db'),
        "settings WHERE name <> 'service.baseUrl'",
      ),
    );
  });
});
