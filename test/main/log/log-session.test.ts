import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCredentials } from '../../../src/main/credentials/credentials';
import { DEMO_KEY_FILE } from '../../../src/main/profiles/demo-service';
import { LOG_FILE, PREVIEW_LOG_DIRECTORY } from '../../../src/main/log/app-log';
import { startPreview, type RunningPreview } from '../../../src/preview/preview';
import type { IpcResult } from '../../../src/shared/ipc/errors';
import { startTestServer, type TestServer } from '../../harness/server';
import { testClock } from '../../harness/clock';

/*
 * A whole session through the preview's real stack (its HTTP bridge, the workspace, the real
 * reference service, the real keychain), then every file of the log folder read back: the
 * expected lines are there, and neither a key nor the home directory is. The process's home is a
 * temporary directory holding the data directory, so the data directory's path is under it.
 */

let service: TestServer;
let home: string;
let previousHome: string | undefined;
const credentials = createCredentials();
const wrongKey = `organizer-${'0badc0de'.repeat(3)}`;

beforeAll(async () => {
  service = await startTestServer({ data: 'demo' });
  home = mkdtempSync(join(tmpdir(), 'pitside-home-'));
  previousHome = process.env.HOME;
  process.env.HOME = home;
});

afterAll(async () => {
  process.env.HOME = previousHome;
  await credentials.clearKey(service.url);
  await service.close();
  rmSync(home, { recursive: true, force: true });
});

function bridgeOf(preview: RunningPreview) {
  return async (name: string, input?: unknown): Promise<IpcResult<unknown>> => {
    const response = await fetch(`${preview.url}__ipc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, input }),
    });
    return (await response.json()) as IpcResult<unknown>;
  };
}

it('logs a session, with no key and no home directory in any log file', async () => {
  const dataDirectory = join(home, '.config', 'Pitside');
  const preview = await startPreview({
    dataDirectory,
    credentials,
    version: '9.9.9-log',
    now: testClock,
  });
  const ipc = bridgeOf(preview);
  const idle = () => preview.workspace.current.engine.idle();
  try {
    // The first run's demo, then the person's own service: a key it refuses, then the organizer's.
    expect(await ipc('setup:useDemo')).toMatchObject({ ok: true });
    await idle();
    expect(await ipc('setup:connect', { baseUrl: service.url, key: wrongKey })).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    const key = service.keys.organizer;
    expect(await ipc('setup:connect', { baseUrl: service.url, key })).toMatchObject({ ok: true });
    await idle();

    // An edit, sent by the next run.
    const events = await ipc('events:list', { page: 1 });
    if (!events.ok) throw new Error(events.error.message);
    const [event] = (events.value as { data: { id: string }[] }).data;
    if (event === undefined) throw new Error('the service listed no events');
    const edit = await ipc('events:update', { eventId: event.id, patch: { name: 'Logged Open' } });
    expect(edit).toMatchObject({ ok: true });
    await idle();
    const sent = await preview.workspace.current.engine.run();
    expect(sent.outbox).toMatchObject({ sent: 1, pending: 0 });

    // The key changed to one the service refuses: the next sync fails with a 401.
    expect(await ipc('settings:setKey', { key: wrongKey })).toMatchObject({ ok: true });
    await idle();
    expect(await ipc('sync:start', { force: true })).toMatchObject({ ok: true });
    await idle();
    expect(preview.workspace.current.engine.status().problem?.code).toBe('unauthorized');

    // What a careless line of code could write one day: the hook must catch it all the same.
    preview.log.info(`connecting with ${key} from ${dataDirectory}`);
    preview.log.error('request', { headers: { authorization: `Bearer ${key}` }, path: home });
    preview.log.error('refused', new Error(`the service refused ${wrongKey}`));
  } finally {
    await preview.close();
  }

  const directory = join(dataDirectory, PREVIEW_LOG_DIRECTORY);
  const files = readdirSync(directory);
  expect(files).toContain(LOG_FILE);
  const text = files.map((name) => readFileSync(join(directory, name), 'utf8')).join('\n');
  const demoKey = readFileSync(join(dataDirectory, 'demo', DEMO_KEY_FILE), 'utf8').trim();
  for (const secret of [service.keys.organizer, wrongKey, demoKey, home]) {
    expect(text.includes(secret), `a log file holds ${secret}`).toBe(false);
  }
  expect(text).toMatch(
    /\[info\]\s+Pitside 9\.9\.9-log started: Node [\d.]+, SQLite [\d.]+; \w+ \w+; data ~\/\.config\/Pitside/,
  );
  expect(text).toContain(`profile switched to ${service.url}`);
  expect(text).toContain('profile switched to the demo');
  expect(text).toContain('sync started: scope default (forced)');
  expect(text).toMatch(/sync completed: scope default; \d+ requests; .* edits 1 sent, 0 pending/);
  expect(text).toMatch(/\[warn\]\s+sync failed \(unauthorized: /);
  expect(text).toContain('connecting with [key] from ~/.config/Pitside');
  expect(text).toContain('Bearer [key]');
  expect(text).toContain('the service refused [key]');
});
