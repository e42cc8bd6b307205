import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CACHE_MIGRATIONS } from '../../src/main/cache/migrations';
import { createCredentials } from '../../src/main/credentials/credentials';
import { DIAGNOSTICS_LOG_LINES } from '../../src/main/diagnostics';
import { startPreview } from '../../src/preview/preview';
import type { IpcResult } from '../../src/shared/ipc/errors';
import { startTestServer, type TestServer } from '../harness/server';
import { testClock } from '../harness/clock';

/*
 * The diagnostics of a real session, asked for through the preview's bridge as the page asks:
 * a service synced with a key from the real keychain, one edit held back so it is not sent yet.
 * The process's home is a temporary directory holding the data directory.
 */

let service: TestServer;
let home: string;
let previousHome: string | undefined;
const credentials = createCredentials();

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

it('tells versions, data, cache, service, sync, unsent edits and the log, never the key', async () => {
  const key = service.keys.organizer;
  await credentials.setKey(service.url, key);
  const dataDirectory = join(home, 'pitside-data');
  const preview = await startPreview({
    now: testClock,
    dataDirectory,
    credentials,
    version: '9.9.9-diag',
    show: { profile: 'service', url: service.url },
  });
  const ipc = async (name: string, input?: unknown): Promise<IpcResult<unknown>> => {
    const response = await fetch(`${preview.url}__ipc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, input }),
    });
    return (await response.json()) as IpcResult<unknown>;
  };
  let text: string;
  try {
    await preview.workspace.current.engine.idle();
    const events = await ipc('events:list', { page: 1 });
    if (!events.ok) throw new Error(events.error.message);
    const [event] = (events.value as { data: { id: string }[] }).data;
    if (event === undefined) throw new Error('the service listed no events');
    // Held for a minute (an undo window): on disk now, not sent before the test ends.
    const held = { eventId: event.id, patch: { name: 'Held Open' }, holdMs: 60_000 };
    expect(await ipc('events:update', held)).toMatchObject({ ok: true });
    for (let line = 0; line < 250; line += 1) preview.log.info(`filler ${line}`);
    const answer = await ipc('app:diagnostics');
    if (!answer.ok) throw new Error(answer.error.message);
    text = (answer.value as { text: string }).text;
  } finally {
    await preview.close();
  }

  const schema = CACHE_MIGRATIONS.at(-1)?.version;
  expect(text).toContain('App: Pitside 9.9.9-diag');
  expect(text).toContain('Electron: none (browser preview)');
  expect(text).toContain(`Node: ${process.versions.node}`);
  expect(text).toMatch(/^SQLite: \d+\.\d+\.\d+$/m);
  expect(text).toMatch(new RegExp(`^OS: .+ \\(${process.platform} ${process.arch}\\)$`, 'm'));
  expect(text).toContain('Data directory: ~/pitside-data');
  expect(text).toContain('Log folder: ~/pitside-data/logs');
  expect(text).toContain(`Service: ${service.url}`);
  expect(text).toMatch(new RegExp(`^Cache: schema ${schema}, \\d+\\.\\d MiB on disk$`, 'm'));
  expect(text).toMatch(/^Last sync: idle; last attempt 20\d\d-.+; last success 20\d\d-/m);
  expect(text).toContain('Edits not sent: 1 (1 waiting, 0 refused or in conflict');
  expect(text).toContain(`The log's last lines (${DIAGNOSTICS_LOG_LINES} at most):`);
  const tail = text.split(`(${DIAGNOSTICS_LOG_LINES} at most):\n`)[1]?.split('\n') ?? [];
  expect(tail).toHaveLength(DIAGNOSTICS_LOG_LINES);
  expect(tail.at(-1)).toMatch(/\[info\]\s+filler 249$/);
  expect(tail[0]).toMatch(/\[info\]\s+filler 50$/);
  expect(text).not.toContain(key);
  expect(text).not.toContain(home);
});
