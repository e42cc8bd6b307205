import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../src/main/api/request';
import type { EventRecord } from '../../../src/shared/wire/event';
import { patchEvent, startTestServer, type TestServer } from '../../harness/server';
import { openRig, removeTempDirs, type SyncRig } from '../sync/sync-rig';
import { codeGivenTo, newEvent, serviceEvent, serviceEvents } from './outbox-rig';

/** How the network treats the next requests, set by each test as it goes. */
type Network =
  'fine' | 'lose-write-answer' | 'down' | 'key-revoked' | 'commit-then-500' | 'unavailable';

const rigs: SyncRig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  removeTempDirs();
});

function errorAnswer(status: number, code: string): Response {
  return new Response(JSON.stringify({ error: { code, message: code } }), {
    status,
    headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' },
  });
}

/** A rig on the real service whose network the test switches; waits between tries are skipped. */
function rigOn(server: TestServer) {
  const state = { network: 'fine' as Network, posts: 0 };
  const fetchThrough: FetchLike = async (url, init) => {
    const write = (init.method ?? 'GET') !== 'GET';
    if (state.network === 'down') throw new TypeError('fetch failed (network is down)');
    if (state.network === 'key-revoked') return errorAnswer(401, 'unauthorized');
    if (!write) return fetch(url, init);
    // A proxy in front of the service answers for it: the write never reaches it.
    if (state.network === 'unavailable') return errorAnswer(503, 'internal');
    state.posts += init.method === 'POST' ? 1 : 0;
    const response = await fetch(url, init);
    if (state.network === 'lose-write-answer') {
      // The service committed; the answer is lost, and the network with it.
      await response.arrayBuffer();
      state.network = 'down';
      throw new TypeError('fetch failed (connection reset)');
    }
    if (state.network === 'commit-then-500') {
      await response.arrayBuffer();
      return errorAnswer(500, 'internal');
    }
    return response;
  };
  const rig = openRig({
    baseUrl: server.url,
    key: server.keys.organizer,
    fetch: fetchThrough,
    outboxSleep: () => Promise.resolve(),
  });
  rigs.push(rig);
  return { rig, state };
}

async function publicEvent(server: TestServer): Promise<EventRecord> {
  for (const { id } of await serviceEvents(server, '')) {
    const event = await serviceEvent(server, id);
    if (event?.visibility === 'public') return event;
  }
  throw new Error('the demo data has no public event');
}

/** Marks a create as a run gives it up after its eighth try without a clear answer. */
function giveUp(rig: SyncRig, id: number): void {
  const error = {
    code: 'timeout',
    message: 'Gave up after 8 tries without a clear answer: no answer in 15 s.',
    gaveUp: 'unknown',
  };
  rig.cache.writer
    .prepare("UPDATE outbox SET state = 'failed', attempts = 8, error = ? WHERE id = ?")
    .run(JSON.stringify(error), id);
}

describe.each([
  { extensions: true, label: 'with extensions' },
  { extensions: false, label: 'with --extensions off' },
])('a create that gave up, $label', ({ extensions }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ extensions });
  });
  afterAll(() => server.close());

  it('sent again, against a service that committed it, is on the service once', async () => {
    const { rig, state } = rigOn(server);
    expect((await rig.run({ scope: 'default' })).outcome).toBe('completed');
    const name = `Gave Up Open ${extensions ? 'A' : 'B'}`;
    const created = await rig.engine.outbox.create(newEvent(name));
    // The create reaches the service, its answer is lost, and every try after it goes unanswered.
    state.network = 'lose-write-answer';
    await rig.run({ scope: 'default' });
    expect(await serviceEvents(server, name)).toHaveLength(1);
    giveUp(rig, created.id);

    state.network = 'fine';
    const resent = await rig.engine.outbox.resend(created.id, newEvent(name));
    expect(resent).toMatchObject({ eventId: created.eventId, state: 'pending' });
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 1, pending: 0, failed: 0 });
    expect(await serviceEvents(server, name)).toHaveLength(1);
    expect(await rig.engine.outbox.list()).toEqual([]);
  });

  it('a 401 costs no try: a revoked key for eight syncs, then one unclear answer, does not give up', async () => {
    const { rig, state } = rigOn(server);
    expect((await rig.run({ scope: 'default' })).outcome).toBe('completed');
    const name = `Revoked Key Cup ${extensions ? 'A' : 'B'}`;
    await rig.engine.outbox.create(newEvent(name));
    state.network = 'key-revoked';
    for (let sync = 1; sync <= 8; sync += 1) {
      const run = await rig.run({ scope: 'default' });
      expect(run.problem?.code).toBe('unauthorized');
    }
    expect((await rig.engine.outbox.list())[0]).toMatchObject({ state: 'pending', attempts: 0 });

    // The key is fixed; the first answer is lost after the service committed the event.
    state.network = 'commit-then-500';
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox.failed).toBe(0);
    state.network = 'fine';
    const after = await rig.run({ scope: 'default' });
    expect(after.outbox).toMatchObject({ pending: 0, failed: 0 });
    expect(await serviceEvents(server, name)).toHaveLength(1);
    expect(await rig.engine.outbox.list()).toEqual([]);
  });
});

describe('the look for a create that may have arrived, with --extensions off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ extensions: false });
  });
  afterAll(() => server.close());

  it('never takes another organizer’s identical event, made before the create went out', async () => {
    const { rig, state } = rigOn(server);
    expect((await rig.run({ scope: 'default' })).outcome).toBe('completed');
    // Another organizer's event, on the service long before: the create has exactly its fields.
    const theirs = await publicEvent(server);
    const { id, name, season, startDate, endDate, location, visibility } = theirs;
    const edit = await rig.engine.outbox.create({
      name,
      season,
      startDate,
      endDate,
      location,
      visibility,
    });
    // The create goes out and gets no clear answer; the service never got it.
    state.network = 'unavailable';
    const unsure = await rig.run({ scope: 'default' });
    expect(unsure.outbox.pending).toBe(1);
    expect((await rig.engine.outbox.list())[0]?.state).toBe('sending');
    expect((await serviceEvents(server, name)).map((event) => event.id)).toEqual([id]);

    state.network = 'fine';
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 1, pending: 0, failed: 0 });
    const named = codeGivenTo(rig, edit.eventId);
    expect(named).not.toBe(id);
    expect((await serviceEvents(server, name)).map((event) => event.id).sort()).toEqual(
      [id, named].sort(),
    );
  });

  it('never takes an event whose stream is already scheduled: every create starts with none', async () => {
    const { rig, state } = rigOn(server);
    expect((await rig.run({ scope: 'default' })).outcome).toBe('completed');
    const name = 'Scheduled Stream Open';
    const edit = await rig.engine.outbox.create(newEvent(name));
    // The create goes out and gets no clear answer; the service never got it.
    state.network = 'unavailable';
    expect((await rig.run({ scope: 'default' })).outbox.pending).toBe(1);
    // Meanwhile another organizer makes the same event, and schedules its stream.
    const response = await fetch(`${server.url}/v1/events`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.keys.organizer}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(newEvent(name)),
    });
    expect(response.status).toBe(201);
    const theirs = ((await response.json()) as { data: EventRecord }).data;
    expect(await patchEvent(server, theirs.id, { streamStatus: 'scheduled' })).toBe(200);

    state.network = 'fine';
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 1, pending: 0, failed: 0 });
    const named = codeGivenTo(rig, edit.eventId);
    expect(named).not.toBe(theirs.id);
    expect(await serviceEvent(server, theirs.id)).toMatchObject({ streamStatus: 'scheduled' });
    expect((await serviceEvents(server, name)).map((event) => event.id).sort()).toEqual(
      [theirs.id, named].sort(),
    );
  });
});
