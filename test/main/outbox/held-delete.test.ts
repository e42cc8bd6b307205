import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createCredentials } from '../../../src/main/credentials/credentials';
import { openDataLayer, type DataLayer } from '../../../src/main/data-layer';
import type { Dispatch } from '../../../src/main/ipc/dispatcher';
import type { EditList, EditView } from '../../../src/shared/ipc/edits';
import { dispatcherOf, valueOf } from '../../harness/layer-dispatch';
import { patchEvent, startTestServer, type TestServer } from '../../harness/server';
import { newEvent, serviceEvent, serviceEvents } from './outbox-rig';

/*
 * A deletion confirmed in the app is in the outbox at once and held there for its undo window:
 * a real data layer (SQLite in a temp dir) against the reference service, with a clock of the
 * test's own so the window passes without waiting. Closing and opening the layer again stands
 * for closing the window in the undo time.
 */

const HOLD_MS = 5_000;

let server: TestServer;
let directory: string;
let clock = Date.parse('2026-11-21T12:00:00Z');
const layers: DataLayer[] = [];

beforeAll(async () => {
  server = await startTestServer();
  directory = mkdtempSync(join(tmpdir(), 'pitside-held-'));
});
afterAll(async () => {
  for (const layer of layers.splice(0)) await layer.close();
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});
afterEach(async () => {
  vi.useRealTimers();
  for (const layer of layers.splice(0)) await layer.close();
});

function open(): { layer: DataLayer; dispatch: Dispatch } {
  const layer = openDataLayer({
    dataDirectory: directory,
    fetch,
    credentials: createCredentials(),
    keyOverride: { baseUrl: server.url, key: server.keys.admin, from: 'environment' },
    now: () => new Date(clock),
  });
  layers.push(layer);
  return { layer, dispatch: dispatcherOf(layer) };
}

async function sync(layer: DataLayer) {
  await layer.engine.run({ scope: 'default' });
  await layer.engine.idle();
}

/** The event's page, open as a deletion is confirmed there: its single record is read with it. */
async function opened(layer: DataLayer, dispatch: Dispatch, eventId: string) {
  await valueOf(dispatch('events:get', { eventId }));
  await layer.engine.idle();
}

const listed = async (dispatch: Dispatch) =>
  (await valueOf<EditList>(dispatch('edits:list', undefined))).data;

it('is on disk at once, survives a close in its window, and goes out only after it', async () => {
  let { layer, dispatch } = open();
  await valueOf(dispatch('settings:setService', { baseUrl: server.url }));
  await layer.engine.idle();
  const [target] = await serviceEvents(server, '');
  await opened(layer, dispatch, target!.id);
  const held = await valueOf<EditView>(
    dispatch('events:delete', { eventId: target!.id, holdMs: HOLD_MS }),
  );
  expect(held).toMatchObject({ kind: 'delete', eventId: target!.id, state: 'pending' });
  await sync(layer);
  expect(await serviceEvent(server, target!.id)).not.toBeNull();

  // The window is closed in the undo time: the deletion is still there when Pitside opens again.
  await layer.close();
  layers.length = 0;
  ({ layer, dispatch } = open());
  expect((await listed(dispatch)).map((edit) => edit.id)).toEqual([held.id]);

  clock += HOLD_MS;
  await sync(layer);
  expect(await serviceEvent(server, target!.id)).toBeNull();
  expect(await listed(dispatch)).toEqual([]);
});

it('is taken back by Undo: nothing is sent, and the event shows again', async () => {
  const { layer, dispatch } = open();
  await sync(layer);
  const [target] = await serviceEvents(server, '');
  const held = await valueOf<EditView>(
    dispatch('events:delete', { eventId: target!.id, holdMs: HOLD_MS }),
  );
  await valueOf(dispatch('edits:discard', { id: held.id }));
  clock += HOLD_MS;
  await sync(layer);
  expect(await serviceEvent(server, target!.id)).not.toBeNull();
  expect(await valueOf(dispatch('events:get', { eventId: target!.id }))).toMatchObject({
    data: { id: target!.id },
  });
});

it('holds an event created here with it: never sent in the window, gone after it, back on Undo', async () => {
  const { layer, dispatch } = open();
  await sync(layer);
  const create = async (name: string) =>
    valueOf<EditView>(dispatch('events:create', { event: newEvent(name) }));

  const gone = await create('Held Then Gone');
  await valueOf(dispatch('events:delete', { eventId: gone.eventId, holdMs: HOLD_MS }));
  const kept = await create('Held Then Kept');
  const undo = await valueOf<EditView>(
    dispatch('events:delete', { eventId: kept.eventId, holdMs: HOLD_MS }),
  );
  await sync(layer);
  expect(await serviceEvents(server, 'Held Then')).toEqual([]);

  await valueOf(dispatch('edits:discard', { id: undo.id }));
  clock += HOLD_MS;
  await sync(layer);
  expect((await serviceEvents(server, 'Held Then')).map((event) => event.name)).toEqual([
    'Held Then Kept',
  ]);
  expect(await listed(dispatch)).toEqual([]);
});

it('holds an ended stream for its undo window too: Undo keeps it live, else it goes out after', async () => {
  const { layer, dispatch } = open();
  await sync(layer);
  const [target] = await serviceEvents(server, '');
  // Brought live on the service by someone else, one allowed move at a time.
  for (const status of ['scheduled', 'live']) {
    const now = (await serviceEvent(server, target!.id))?.streamStatus;
    if (now !== 'live') await patchEvent(server, target!.id, { streamStatus: status });
  }
  const end = () =>
    valueOf<EditView>(
      dispatch('events:update', {
        eventId: target!.id,
        patch: { streamStatus: 'ended' },
        holdMs: HOLD_MS,
      }),
    );
  await sync(layer);
  expect((await serviceEvent(server, target!.id))?.streamStatus).toBe('live');

  const undone = await end();
  await sync(layer);
  expect((await serviceEvent(server, target!.id))?.streamStatus).toBe('live');
  await valueOf(dispatch('edits:discard', { id: undone.id }));
  clock += HOLD_MS;
  await sync(layer);
  expect((await serviceEvent(server, target!.id))?.streamStatus).toBe('live');

  await end();
  clock += HOLD_MS;
  await sync(layer);
  expect((await serviceEvent(server, target!.id))?.streamStatus).toBe('ended');
});

/*
 * When the runs of the edits alone go, on timers of the test's own: the layer's clock and the
 * timers move together, and every request is real.
 */
async function onTestTimers(layer: DataLayer) {
  await sync(layer);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: clock });
}

async function pass(layer: DataLayer, ms: number) {
  clock += ms;
  await vi.advanceTimersByTimeAsync(ms);
  await layer.engine.idle();
}

const rename = (dispatch: Dispatch, eventId: string, name: string) =>
  valueOf<EditView>(dispatch('events:update', { eventId, patch: { name } }));

it('goes out when its window ends though an edit was saved in it', async () => {
  const { layer, dispatch } = open();
  const [target, other] = await serviceEvents(server, '');
  await opened(layer, dispatch, target!.id);
  await onTestTimers(layer);
  await valueOf(dispatch('events:delete', { eventId: target!.id, holdMs: HOLD_MS }));
  await rename(dispatch, other!.id, 'Saved In The Window');

  await pass(layer, 2_000);
  expect((await serviceEvent(server, other!.id))?.name).toBe('Saved In The Window');
  expect(await serviceEvent(server, target!.id)).not.toBeNull();
  await pass(layer, HOLD_MS);
  expect(await serviceEvent(server, target!.id)).toBeNull();
  expect(await listed(dispatch)).toEqual([]);
});

it('does not hold back an edit saved just before it', async () => {
  const { layer, dispatch } = open();
  const [target, other] = await serviceEvents(server, '');
  await opened(layer, dispatch, target!.id);
  await onTestTimers(layer);
  await rename(dispatch, other!.id, 'Saved Before The Delete');
  await valueOf(dispatch('events:delete', { eventId: target!.id, holdMs: HOLD_MS }));

  await pass(layer, 2_000);
  expect((await serviceEvent(server, other!.id))?.name).toBe('Saved Before The Delete');
  await pass(layer, HOLD_MS);
  expect(await serviceEvent(server, target!.id)).toBeNull();
});
