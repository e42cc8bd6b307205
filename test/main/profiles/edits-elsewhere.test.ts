import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EditList, EditsElsewhere, EditView } from '../../../src/shared/ipc/edits';
import { valueOf } from '../../harness/layer-dispatch';
import { startTestServer, type TestServer } from '../../harness/server';
import { newEvent, serviceEvent, serviceEvents } from '../outbox/outbox-rig';
import { credentials, openTestWorkspace, settled, type OpenWorkspace } from './workspace-rig';

/*
 * Another service's edits not sent yet stay on this computer through every switch, show in the
 * edits panel under their service (read only), and go out once that service is shown again. The
 * services are the real reference service over loopback; the first one is stopped while its edits
 * are made, and started again at the same address, with its store in a file, to take them.
 */

let root: string;
let first: TestServer;
let firstPort: number;
let second: TestServer;
let firstRunning = false;
let opened: OpenWorkspace | null = null;

/** The first service, started again at its address on the same store: its keys are the same. */
async function startFirst(): Promise<void> {
  first = await startTestServer({
    db: join(root, 'first-service.db'),
    port: firstPort,
    keys: first.keys,
  });
  firstRunning = true;
}

async function stopFirst(): Promise<void> {
  firstRunning = false;
  await first.close();
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'pitside-elsewhere-'));
  first = await startTestServer({ db: join(root, 'first-service.db') });
  firstRunning = true;
  firstPort = Number(new URL(first.url).port);
  second = await startTestServer({ seed: 2 });
});

afterAll(async () => {
  await credentials.clearKey(first.url);
  await credentials.clearKey(second.url);
  if (firstRunning) await first.close();
  await second.close();
  rmSync(root, { recursive: true, force: true });
});

afterEach(async () => {
  await opened?.workspace.close();
  opened = null;
});

async function open(): Promise<OpenWorkspace> {
  opened = await openTestWorkspace(mkdtempSync(join(root, 'data-')));
  return opened;
}

/** The outbox's rows in the service's cache, by service, as SQLite holds them. */
function outboxRows(dataDirectory: string): { service: string; state: string }[] {
  const db = new Database(join(dataDirectory, 'pitside.db'), { readonly: true });
  try {
    return db
      .prepare<[], { service: string; state: string }>(
        'SELECT service, state FROM outbox ORDER BY id',
      )
      .all();
  } finally {
    db.close();
  }
}

async function connect(open: OpenWorkspace, server: TestServer): Promise<void> {
  await valueOf(
    open.dispatch('setup:connect', { baseUrl: server.url, key: server.keys.organizer }),
  );
  await settled(open.workspace);
}

const list = (open: OpenWorkspace) => valueOf<EditList>(open.dispatch('edits:list', undefined));
const elsewhere = (open: OpenWorkspace) =>
  valueOf<EditsElsewhere>(open.dispatch('edits:elsewhere', undefined));

function summary(edits: readonly EditView[]) {
  return edits.map((edit) => ({ kind: edit.kind, state: edit.state, eventName: edit.eventName }));
}

describe('edits for another service', () => {
  it('survive a switch to another service and back, show there read only, and are sent after', async () => {
    const opened_ = await open();
    await connect(opened_, first);
    const events = await valueOf<{ data: { id: string; name: string }[] }>(
      opened_.dispatch('events:list', { perPage: 5 }),
    );
    const target = events.data[0];
    if (target === undefined) throw new Error('the first service listed no events');

    // The first service goes away: its edits wait.
    await stopFirst();
    await valueOf(opened_.dispatch('events:create', { event: newEvent('Kept Through A Switch') }));
    await valueOf(
      opened_.dispatch('events:update', {
        eventId: target.id,
        patch: { name: 'Renamed Meanwhile' },
      }),
    );
    await settled(opened_.workspace);
    expect((await list(opened_)).data.map((edit) => edit.state)).toEqual(['pending', 'pending']);

    // Another service: none of the first one's edits is its own, and none is lost from view.
    await connect(opened_, second);
    expect((await list(opened_)).data).toEqual([]);
    const away = await elsewhere(opened_);
    expect(away.groups.map((group) => group.service)).toEqual([first.url]);
    expect(summary(away.groups[0]?.edits ?? [])).toEqual([
      { kind: 'create', state: 'pending', eventName: 'Kept Through A Switch' },
      // Named by what the edit itself carries: the cache's events are the other service's now.
      { kind: 'update', state: 'pending', eventName: target.name },
    ]);
    expect(outboxRows(opened_.dataDirectory)).toEqual([
      { service: first.url, state: 'pending' },
      { service: first.url, state: 'pending' },
    ]);
    expect(await serviceEvents(second, 'Kept Through A Switch')).toEqual([]);

    // Back on the first service, started again at its address: both go out, only there.
    await startFirst();
    await connect(opened_, first);
    expect((await list(opened_)).data).toEqual([]);
    expect((await elsewhere(opened_)).groups).toEqual([]);
    expect(outboxRows(opened_.dataDirectory)).toEqual([]);
    expect(await serviceEvents(first, 'Kept Through A Switch')).toHaveLength(1);
    expect((await serviceEvent(first, target.id))?.name).toBe('Renamed Meanwhile');
    expect(await serviceEvents(second, 'Kept Through A Switch')).toEqual([]);
  });

  it('show the service’s edits on the demo, and the demo’s on the service, each from the cache not open', async () => {
    const opened_ = await open();
    await connect(opened_, first);
    await stopFirst();
    await valueOf(opened_.dispatch('events:create', { event: newEvent('Waits On The Demo') }));
    await settled(opened_.workspace);

    await valueOf(opened_.dispatch('setup:useDemo', undefined));
    await settled(opened_.workspace);
    const onDemo = await elsewhere(opened_);
    expect(onDemo.groups.map((group) => group.service)).toEqual([first.url]);
    expect(summary(onDemo.groups[0]?.edits ?? [])).toEqual([
      { kind: 'create', state: 'pending', eventName: 'Waits On The Demo' },
    ]);

    // A demo edit in its undo window is on disk and not sent: the service's side shows it.
    const demoEvents = await valueOf<{ data: { id: string; name: string }[] }>(
      opened_.dispatch('events:list', { perPage: 5 }),
    );
    const demoEvent = demoEvents.data[0];
    if (demoEvent === undefined) throw new Error('the demo listed no events');
    await valueOf(
      opened_.dispatch('events:update', {
        eventId: demoEvent.id,
        patch: { name: 'Held On The Demo' },
        holdMs: 60_000,
      }),
    );
    await startFirst();
    await connect(opened_, first);
    const onService = await elsewhere(opened_);
    expect(onService.groups.map((group) => group.service)).toEqual(['demo']);
    expect(summary(onService.groups[0]?.edits ?? [])).toEqual([
      { kind: 'update', state: 'pending', eventName: demoEvent.name },
    ]);
    // The service's own edit went out on the way back.
    expect((await list(opened_)).data).toEqual([]);
    expect(await serviceEvents(first, 'Waits On The Demo')).toHaveLength(1);
  });
});
