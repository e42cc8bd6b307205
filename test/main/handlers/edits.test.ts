import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCredentials } from '../../../src/main/credentials/credentials';
import { openDataLayer, type DataLayer } from '../../../src/main/data-layer';
import type { Dispatch } from '../../../src/main/ipc/dispatcher';
import { createBridge } from '../../../src/shared/ipc/bridge';
import { type EditList, type EditView } from '../../../src/shared/ipc/edits';
import type { PushName } from '../../../src/shared/ipc/pushes';
import type { EventAnswer } from '../../../src/shared/ipc/reads';
import type { EventRecord } from '../../../src/shared/wire/event';
import { openOn } from '../../../src/renderer/src/views/event-form/form-opening';
import { dispatcherOf, valueOf } from '../../harness/layer-dispatch';
import { patchEvent, startTestServer, type TestServer } from '../../harness/server';

/*
 * The outbox as the renderer reaches it: every call through the dispatcher and the contract's
 * validation, over a real data layer (SQLite file in a temp dir) syncing with the real reference
 * service on port 0. The key comes from `keyOverride`, so no keychain entry is left behind.
 */

let server: TestServer;
const layers: DataLayer[] = [];
const directories: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(async () => {
  for (const layer of layers.splice(0)) await layer.close();
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

interface Opened {
  layer: DataLayer;
  dispatch: Dispatch;
  pushes: { name: PushName; payload: unknown }[];
}

function open(key?: string): Opened {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'pitside-edits-'));
  directories.push(dataDirectory);
  const layer = openDataLayer({
    dataDirectory,
    fetch,
    credentials: createCredentials(),
    keyOverride: key === undefined ? undefined : { baseUrl: server.url, key, from: 'environment' },
  });
  layers.push(layer);
  const pushes: Opened['pushes'] = [];
  layer.pushes.attach((name, payload) => pushes.push({ name, payload }));
  return { layer, dispatch: dispatcherOf(layer), pushes };
}

/** A layer set to the test service and synced with it once. */
async function connected(role: 'organizer' | 'viewer' = 'organizer'): Promise<Opened> {
  const opened = open(server.keys[role]);
  await valueOf(opened.dispatch('settings:setService', { baseUrl: server.url }));
  await opened.layer.engine.idle();
  expect(opened.layer.engine.status()).toMatchObject({ state: 'idle', problem: null });
  return opened;
}

let created = 0;

/** A new event's body as a form sends it; names are unique so tests never meet each other's. */
function newEvent(overrides: Record<string, unknown> = {}) {
  created += 1;
  return {
    name: `Edits Test Open ${created}`,
    season: '2026-2027',
    startDate: '2026-12-05T09:00:00+01:00',
    endDate: '2026-12-06T18:00:00+01:00',
    location: { venue: 'Hall 3', city: 'Leeds', country: 'GB' },
    ...overrides,
  };
}

/** An event made on the service by someone else, before the layer first syncs. */
async function serviceCreated(): Promise<EventRecord> {
  const response = await fetch(`${server.url}/v1/events`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.keys.organizer}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(newEvent()),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: EventRecord }).data;
}

async function serviceName(eventId: string): Promise<string | null> {
  const response = await fetch(`${server.url}/v1/events/${eventId}`, {
    headers: { authorization: `Bearer ${server.keys.admin}` },
  });
  if (response.status === 404) return null;
  return ((await response.json()) as { data: EventRecord }).data.name;
}

async function listed(dispatch: Dispatch): Promise<EditView[]> {
  return (await valueOf<EditList>(dispatch('edits:list', undefined))).data;
}

async function eventName(dispatch: Dispatch, eventId: string): Promise<string> {
  return (await valueOf<{ data: { name: string } }>(dispatch('events:get', { eventId }))).data.name;
}

function noticed(pushes: Opened['pushes']): string[] {
  return pushes
    .filter((push) => push.name === 'cache:changed')
    .flatMap((push) => (push.payload as { resources: string[] }).resources);
}

/** The dispatcher's answer, failed, with the fields its details name. */
async function refusal(answer: Promise<unknown>) {
  const result = (await answer) as {
    ok: boolean;
    error?: { code: string; message: string; details?: { field: string; issue: string }[] };
  };
  expect(result.ok).toBe(false);
  const error = result.error ?? { code: '', message: '' };
  return { ...error, fields: (error.details ?? []).map((detail) => detail.field) };
}

async function sync(opened: Opened): Promise<void> {
  await expect(valueOf(opened.dispatch('edits:sendNow', undefined))).resolves.toEqual({
    started: true,
  });
  await opened.layer.engine.idle();
}

describe('the edit commands over IPC', () => {
  it('refuses what the service would refuse, naming each field in the input, and queues nothing', async () => {
    const existing = await serviceCreated();
    const { dispatch, pushes } = await connected();
    pushes.length = 0;

    const badCreate = await refusal(
      dispatch('events:create', { event: newEvent({ name: ' ', season: '2026', id: 'mine' }) }),
    );
    expect(badCreate.code).toBe('invalid_input');
    expect(badCreate.fields).toEqual(
      expect.arrayContaining(['event.name', 'event.season', 'event.id']),
    );

    const backwards = await refusal(
      dispatch('events:create', {
        event: newEvent({ endDate: '2026-12-01T09:00:00Z' }),
      }),
    );
    expect(backwards.code).toBe('invalid_input');
    expect(backwards.fields.every((field) => field.startsWith('event.'))).toBe(true);
    expect(backwards.fields.length).toBeGreaterThan(0);

    // Every field passes its rules; the service would still refuse the body unread (413).
    const location = { venue: 'v'.repeat(70_000), city: 'Leeds', country: 'GB' };
    const oversized = await refusal(dispatch('events:create', { event: newEvent({ location }) }));
    expect(oversized.code).toBe('invalid_input');
    expect(oversized.message).toMatch(/larger than the service takes \(64 KiB\)/);

    // The stream moves none → scheduled → live → ended; it cannot jump to the end.
    const jump = await refusal(
      dispatch('events:update', { eventId: existing.id, patch: { streamStatus: 'ended' } }),
    );
    expect(jump).toMatchObject({ code: 'invalid_input', fields: ['patch.streamStatus'] });
    const readOnly = await refusal(
      dispatch('events:update', { eventId: existing.id, patch: { teamCount: 3 } }),
    );
    expect(readOnly).toMatchObject({ code: 'invalid_input', fields: ['patch.teamCount'] });

    expect(await listed(dispatch)).toEqual([]);
    expect(await eventName(dispatch, existing.id)).toBe(existing.name);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(noticed(pushes)).not.toContain('outbox');
  });

  it('refuses an edit with no service set up, saying what to do', async () => {
    const { dispatch } = open();
    const create = await refusal(dispatch('events:create', { event: newEvent() }));
    expect(create.code).toBe('invalid_input');
    expect(create.message).toMatch(/Set up a service/);
    const remove = await refusal(dispatch('events:delete', { eventId: '2026somewhere' }));
    expect(remove).toMatchObject({ code: 'invalid_input', message: create.message });
    expect(await listed(dispatch)).toEqual([]);
  });

  it('lists queued creates, updates and deletes oldest first, each on screen at once', async () => {
    const renamed = await serviceCreated();
    const removed = await serviceCreated();
    const { dispatch, pushes } = await connected();
    pushes.length = 0;

    const body = newEvent();
    const create = await valueOf<EditView>(dispatch('events:create', { event: body }));
    expect(create).toMatchObject({ kind: 'create', state: 'pending', attempts: 0, base: null });
    expect(create.eventId).toMatch(/^local[a-z0-9]{12}$/);
    // As typed: the form gets its own text back, not the service's normalised form.
    expect(create.payload).toEqual(body);
    expect(await eventName(dispatch, create.eventId)).toBe(body.name);

    const update = await valueOf<EditView>(
      dispatch('events:update', { eventId: renamed.id, patch: { name: 'Renamed Here' } }),
    );
    expect(update).toMatchObject({
      kind: 'update',
      eventId: renamed.id,
      payload: { name: 'Renamed Here' },
      base: { name: renamed.name },
      error: null,
      conflict: null,
    });
    const remove = await valueOf<EditView>(dispatch('events:delete', { eventId: removed.id }));
    expect(remove).toMatchObject({ kind: 'delete', payload: null, base: { name: removed.name } });

    // Each is named by its event as the organizer knew it: a rename reads from the old name.
    expect([create.eventName, update.eventName, remove.eventName]).toEqual([
      body.name,
      renamed.name,
      removed.name,
    ]);
    const list = await valueOf<EditList>(dispatch('edits:list', undefined));
    expect(list.builtFrom).toEqual(['outbox']);
    expect(list.data).toEqual([create, update, remove]);
    expect(list.data.map((edit) => Object.keys(edit).sort())).toEqual(
      Array(3).fill(
        [
          'attempts',
          'base',
          'conflict',
          'error',
          'eventId',
          'eventName',
          'id',
          'kind',
          'payload',
          'queuedAt',
          'state',
        ].sort(),
      ),
    );
    expect(await eventName(dispatch, renamed.id)).toBe('Renamed Here');
    expect(await refusal(dispatch('events:get', { eventId: removed.id }))).toMatchObject({
      code: 'not_found',
    });

    // An event that never left is taken back, its edits with it: nothing to send.
    await expect(valueOf(dispatch('events:delete', { eventId: create.eventId }))).resolves.toBe(
      null,
    );
    expect(await listed(dispatch)).toEqual([update, remove]);
    expect(await refusal(dispatch('events:get', { eventId: create.eventId }))).toMatchObject({
      code: 'not_found',
    });
    await vi.waitFor(() => expect(noticed(pushes)).toContain('outbox'));
    // Online, what was queued goes out a moment later by itself, with no sync asked for.
    await vi.waitFor(async () => expect(await serviceName(renamed.id)).toBe('Renamed Here'), {
      timeout: 15_000,
      interval: 200,
    });
  });

  it('tells the renderer when a sync gave a created event its code, and the old code leads there', async () => {
    const opened = await connected();
    const { dispatch, pushes } = opened;
    const body = newEvent();
    const { eventId: local } = await valueOf<EditView>(dispatch('events:create', { event: body }));
    pushes.length = 0;

    await sync(opened);

    const renames = pushes.filter((push) => push.name === 'events:renamed');
    expect(renames).toHaveLength(1);
    const { from, to } = renames[0]?.payload as { from: string; to: string };
    expect(from).toBe(local);
    expect(to).not.toBe(local);
    expect(await serviceName(to)).toBe(body.name);
    await vi.waitFor(() => expect(noticed(pushes)).toContain('outbox'));
    expect(await listed(dispatch)).toEqual([]);

    await expect(valueOf(dispatch('events:resolveCode', { eventId: local }))).resolves.toEqual({
      eventId: to,
    });
    await expect(valueOf(dispatch('events:resolveCode', { eventId: to }))).resolves.toEqual({
      eventId: to,
    });
    const stranger = 'localzzzzzzzzzzzz';
    await expect(valueOf(dispatch('events:resolveCode', { eventId: stranger }))).resolves.toEqual({
      eventId: stranger,
    });
    expect(await eventName(dispatch, to)).toBe(body.name);

    // A form still holding the temporary code saves to the event under its new one.
    const late = await valueOf<EditView>(
      dispatch('events:update', { eventId: local, patch: { name: 'Named Late' } }),
    );
    expect(late).toMatchObject({ kind: 'update', eventId: to });
    expect(await eventName(dispatch, to)).toBe('Named Late');
  });

  it('shows a conflict field by field, and resolves it either way', async () => {
    const kept = await serviceCreated();
    const yielded = await serviceCreated();
    const opened = await connected();
    const { dispatch } = opened;
    for (const event of [kept, yielded]) {
      await valueOf(dispatch('events:update', { eventId: event.id, patch: { name: 'Mine' } }));
      expect(await patchEvent(server, event.id, { name: 'Theirs' })).toBe(200);
    }
    await sync(opened);

    const [keptEdit, yieldedEdit] = await listed(dispatch);
    expect(keptEdit).toMatchObject({
      eventId: kept.id,
      state: 'conflict',
      conflict: { fields: { name: { base: kept.name, theirs: 'Theirs', mine: 'Mine' } } },
    });
    expect(yieldedEdit).toMatchObject({ eventId: yielded.id, state: 'conflict' });

    const mine = await valueOf<EditView>(
      dispatch('edits:resolve', { id: keptEdit?.id, take: { name: 'mine' } }),
    );
    expect(mine).toMatchObject({ id: keptEdit?.id, state: 'pending', conflict: null });
    await expect(
      valueOf(dispatch('edits:resolve', { id: yieldedEdit?.id, take: 'theirs' })),
    ).resolves.toBe(null);
    expect(await eventName(dispatch, yielded.id)).toBe('Theirs');

    await sync(opened);
    expect(await listed(dispatch)).toEqual([]);
    expect(await serviceName(kept.id)).toBe('Mine');
    expect(await serviceName(yielded.id)).toBe('Theirs');
  });

  it('bases a change on what its form opened on: a name changed meanwhile is a conflict, not overwritten', async () => {
    const target = await serviceCreated();
    const opened = await connected();
    const { dispatch } = opened;
    // The form opens: its first read asks for the single record, the second has it and its validator.
    await dispatch('events:get', { eventId: target.id });
    await opened.layer.engine.idle();
    const answer = await valueOf<EventAnswer>(dispatch('events:get', { eventId: target.id }));
    expect(answer.etag).toMatch(/^"/);
    const form = openOn(answer.data, answer.etag);

    // A sync brings a colleague's name while the form is open; the organizer types theirs and saves.
    expect(await patchEvent(server, target.id, { name: 'Theirs' })).toBe(200);
    await sync(opened);
    expect(await eventName(dispatch, target.id)).toBe('Theirs');
    await valueOf(
      dispatch('events:update', { eventId: target.id, patch: { name: 'Mine' }, base: form.base }),
    );
    await opened.layer.engine.idle();
    await sync(opened);
    const [edit] = await listed(dispatch);
    expect(edit).toMatchObject({
      state: 'conflict',
      conflict: { fields: { name: { base: target.name, theirs: 'Theirs', mine: 'Mine' } } },
    });
    expect(await serviceName(target.id)).toBe('Theirs');
  });

  it('refuses a base that is not one, naming what is wrong, and queues nothing', async () => {
    const target = await serviceCreated();
    const { dispatch } = await connected();
    const fields = { name: target.name };
    const cases: [unknown, string][] = [
      [{ fields: { ...fields, sponsor: 'x' }, etag: null }, 'base.fields.sponsor'],
      [{ fields, etag: '"1"\r\nX-Evil: 1' }, 'base.etag'],
      [{ fields, etag: null, extra: true }, 'base'],
      [{ fields: { 'location.city': 'Leeds' }, etag: null }, 'base.fields.name'],
    ];
    for (const [base, field] of cases) {
      const refused = await refusal(
        dispatch('events:update', { eventId: target.id, patch: { name: 'Mine' }, base }),
      );
      expect(refused.code, JSON.stringify(base)).toBe('invalid_input');
      expect(refused.fields.join(' '), JSON.stringify(base)).toContain(field);
    }
    expect(await listed(dispatch)).toEqual([]);
  });

  it('refuses to resolve, resend or discard an edit that is not in that state or not there', async () => {
    const existing = await serviceCreated();
    const { dispatch } = await connected();
    const pending = await valueOf<EditView>(
      dispatch('events:update', { eventId: existing.id, patch: { name: 'Pending Here' } }),
    );
    const unknown = pending.id + 1000;

    const notInConflict = await refusal(
      dispatch('edits:resolve', { id: pending.id, take: 'mine' }),
    );
    expect(notInConflict.code).toBe('conflict');
    expect(notInConflict.message).toMatch(/not in conflict/);
    const notFailed = await refusal(dispatch('edits:resend', { id: pending.id }));
    expect(notFailed.code).toBe('conflict');
    expect(notFailed.message).toMatch(/has not failed/);
    for (const answer of [
      dispatch('edits:resolve', { id: unknown, take: 'theirs' }),
      dispatch('edits:resend', { id: unknown }),
      dispatch('edits:discard', { id: unknown }),
    ]) {
      expect(await refusal(answer)).toMatchObject({ code: 'not_found' });
    }
    expect(await listed(dispatch)).toEqual([pending]);

    await expect(valueOf(dispatch('edits:discard', { id: pending.id }))).resolves.toEqual({
      discarded: pending.id,
    });
    expect(await listed(dispatch)).toEqual([]);
    expect(await eventName(dispatch, existing.id)).toBe(existing.name);
  });

  it('keeps a refused edit with the service’s reason, and sends it again once corrected', async () => {
    // A viewer's key: the service refuses every write, for good.
    const opened = await connected('viewer');
    const { dispatch } = opened;
    const body = newEvent();
    await valueOf(dispatch('events:create', { event: body }));
    await sync(opened);
    const [failed] = await listed(dispatch);
    expect(failed).toMatchObject({
      kind: 'create',
      state: 'failed',
      error: { code: 'forbidden', status: 403 },
    });

    const bad = await refusal(
      dispatch('edits:resend', { id: failed?.id, payload: { ...body, name: '' } }),
    );
    expect(bad).toMatchObject({ code: 'invalid_input', fields: ['payload.name'] });
    expect(await listed(dispatch)).toEqual([failed]);

    const again = await valueOf<EditView>(
      dispatch('edits:resend', { id: failed?.id, payload: { ...body, name: 'Fixed Name' } }),
    );
    expect(again).toMatchObject({
      kind: 'create',
      state: 'pending',
      payload: { name: 'Fixed Name' },
    });
    // A create goes again in place: same edit, same temporary code, so later edits still follow.
    expect(again).toMatchObject({ id: failed?.id, eventId: failed?.eventId, attempts: 0 });
    expect(await listed(dispatch)).toEqual([again]);
  });
});

describe('inputs the dispatcher refuses', () => {
  let opened: Opened;
  beforeAll(async () => {
    opened = await connected();
    // Kept for the whole table: the per-test cleanup must not close it.
    layers.splice(layers.indexOf(opened.layer), 1);
  });
  afterAll(() => opened.layer.close());

  it.each<[string, unknown, string]>([
    ['events:create', {}, 'event'],
    ['events:create', { event: 'a name' }, 'event'],
    ['events:create', { event: [newEvent()] }, 'event'],
    ['events:create', { event: null }, 'event'],
    ['events:create', { event: newEvent(), draft: true }, 'draft'],
    ['events:update', { eventId: 'Not A Code', patch: {} }, 'eventId'],
    ['events:update', { eventId: '2026somewhere', patch: 'name=x' }, 'patch'],
    ['events:update', { eventId: '2026somewhere' }, 'patch'],
    ['events:delete', { eventId: 2026 }, 'eventId'],
    ['events:delete', { eventId: '2026somewhere', force: true }, 'force'],
    ['events:resolveCode', { eventId: 'LOCAL' }, 'eventId'],
    ['edits:discard', { id: '1' }, 'id'],
    ['edits:discard', { id: 1.5 }, 'id'],
    ['edits:discard', { id: 0 }, 'id'],
    ['edits:discard', { id: 1, also: 2 }, 'also'],
    ['edits:resolve', { id: 1, take: 'both' }, 'take'],
    ['edits:resolve', { id: 1, take: { name: 'ours' } }, 'take'],
    ['edits:resolve', { id: 1, take: { teamCount: 'mine' } }, 'take.teamCount'],
    ['edits:resolve', { id: 1 }, 'take'],
    ['edits:resend', { id: 1, payload: 42 }, 'payload'],
    ['edits:list', { all: true }, ''],
    ['edits:sendNow', { now: true }, ''],
  ])('refuses %s %j as invalid_input naming %j', async (name, input, field) => {
    const refused = await refusal(opened.dispatch(name, input));
    expect(refused.code).toBe('invalid_input');
    expect(refused.fields).toContain(field);
    expect(await listed(opened.dispatch)).toEqual([]);
  });
});

describe('the bridge', () => {
  it('offers the edit commands and the rename push like every other', async () => {
    const invoked: [string, unknown][] = [];
    const listened: string[] = [];
    const api = createBridge(
      (name, input) => {
        invoked.push([name, input]);
        return Promise.resolve({ ok: true, value: null });
      },
      (name) => {
        listened.push(name);
        return () => undefined;
      },
    );
    await api.events.create({ event: { name: 'x' } });
    await api.edits.resolve({ id: 3, take: 'mine' });
    await api.edits.sendNow();
    api.subscribe('events:renamed', () => undefined);
    expect(invoked).toEqual([
      ['events:create', { event: { name: 'x' } }],
      ['edits:resolve', { id: 3, take: 'mine' }],
      ['edits:sendNow', undefined],
    ]);
    expect(listened).toEqual(['events:renamed']);
  });
});
