import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UnstableListError } from '../../../src/main/sync/list-pull';
import { recordsText } from '../../harness/copy';
import { startFaultProxy, type FaultProxy, type RecordedRequest } from '../../harness/fault-proxy';
import { idOf, serviceReader, withoutStatus } from '../../harness/service-copy';
import { startTestServer, type TestServer } from '../../harness/server';
import { openRig, removeTempDirs, type SyncRig } from './sync-rig';

/*
 * The service changing while the events list is read page by page (the engine always asks for
 * 100 per page): inserts and deletes between two page requests shift records across page
 * boundaries, so a naive walk stores a record twice or misses one. The service starts empty and is
 * filled with enough events for three pages; the changes are made through its HTTP interface by a
 * hook of the proxy, just before it passes a chosen page request on.
 */

const SEED_EVENTS = 250;

describe.each([
  ['with ETags', true],
  ['without ETags', false],
])('a service whose events change during the pull, %s', (_label, extensions) => {
  let service: TestServer;
  let proxy: FaultProxy;
  let created = 0;
  const rigs: SyncRig[] = [];

  const admin = () => ({ authorization: `Bearer ${service.keys.admin}` });

  /** A new event; `year` decides where it sorts (events are ordered by start date, then id). */
  async function createEvent(year: number): Promise<string> {
    created += 1;
    const response = await fetch(`${service.url}/v1/events`, {
      method: 'POST',
      headers: { ...admin(), 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Event ${created}`,
        season: `${year - 1}-${year}`,
        startDate: `${year}-01-${String((created % 28) + 1).padStart(2, '0')}T09:00:00Z`,
        endDate: `${year}-02-01T18:00:00Z`,
        location: { city: 'Springfield', country: 'US' },
      }),
    });
    if (response.status !== 201) throw new Error(`create answered ${response.status}`);
    return ((await response.json()) as { data: { id: string } }).data.id;
  }

  async function deleteEvent(id: string): Promise<void> {
    const response = await fetch(`${service.url}/v1/events/${id}`, {
      method: 'DELETE',
      headers: admin(),
    });
    if (response.status !== 204) throw new Error(`delete of ${id} answered ${response.status}`);
  }

  const listed = () => serviceReader(service.url, service.keys.viewer).list('/v1/events');
  const eventsText = async () => recordsText((await listed()).map(withoutStatus), idOf);

  function rig(): SyncRig {
    const opened = openRig({ baseUrl: proxy.url, key: service.keys.viewer });
    rigs.push(opened);
    return opened;
  }

  const heldIds = (sync: SyncRig) =>
    (JSON.parse(sync.copy().get('events') ?? '[]') as { id: string }[]).map((event) => event.id);

  const eventsPage = (page: number) => (request: RecordedRequest) =>
    request.path.startsWith('/v1/events?') &&
    new URL(request.path, 'http://proxy').searchParams.get('page') === String(page);

  beforeAll(async () => {
    service = await startTestServer({ data: 'none', extensions });
    proxy = await startFaultProxy(service.url);
    for (let index = 0; index < SEED_EVENTS; index += 1) await createEvent(2021);
  });

  afterEach(async () => {
    proxy.clear();
    for (const opened of rigs.splice(0)) await opened.close();
  });

  afterAll(async () => {
    await proxy.close();
    await service.close();
    removeTempDirs();
  });

  async function syncWhile(action: () => Promise<void>, times?: number) {
    const sync = rig();
    let ran = 0;
    proxy.plan({
      fault: {
        kind: 'hook',
        action: async () => {
          ran += 1;
          await action();
        },
      },
      match: eventsPage(2),
      times,
    });
    const summary = await sync.run({ scope: 'default' });
    return { sync, summary, ran };
  }

  async function expectEqualsService(sync: SyncRig) {
    expect(sync.problems()).toEqual([]);
    const expected = await eventsText();
    expect(sync.copy().get('events')).toBe(expected);
  }

  it('an event inserted before page 2 (every later record shifts one place)', async () => {
    const { sync, summary, ran } = await syncWhile(
      () => createEvent(2001).then(() => undefined),
      1,
    );
    expect(ran).toBe(1);
    expect(summary).toMatchObject({ outcome: 'completed', problem: null });
    await expectEqualsService(sync);
  });

  it('an event deleted before page 2 (every later record moves back one place)', async () => {
    const [first] = await listed();
    const { sync, summary, ran } = await syncWhile(() => deleteEvent(idOf(first ?? {})), 1);
    expect(ran).toBe(1);
    expect(summary).toMatchObject({ outcome: 'completed', problem: null });
    await expectEqualsService(sync);
  });

  it('an insert and a delete both before page 2: same total, later pages unchanged', async () => {
    // Only page 1, already read, is out of date: no count, duplicate or short page betrays it.
    // Only the second look at every page can.
    const before = await listed();
    const doomed = idOf(before[9] ?? {});
    let inserted = '';
    const { sync, summary, ran } = await syncWhile(async () => {
      inserted = await createEvent(2001);
      await deleteEvent(doomed);
    }, 1);
    expect(ran).toBe(1);
    const after = await listed();
    expect(after).toHaveLength(before.length);
    expect(after.slice(100).map(idOf)).toEqual(before.slice(100).map(idOf));
    expect(summary).toMatchObject({ outcome: 'completed', problem: null });
    await expectEqualsService(sync);
    const held = JSON.parse(sync.copy().get('events') ?? '[]') as { id: string }[];
    expect(held.map((event) => event.id)).toContain(inserted);
    expect(held.map((event) => event.id)).not.toContain(doomed);
  });

  it('the same with a copy held from an earlier sync: one moment’s list, then the next', async () => {
    const sync = rig();
    expect((await sync.run({ scope: 'default' })).outcome).toBe('completed');
    const old = sync.copy().get('events');
    const doomed = idOf((await listed())[9] ?? {});
    proxy.plan({
      fault: {
        kind: 'hook',
        action: async () => {
          await createEvent(2001);
          await deleteEvent(doomed);
        },
      },
      match: eventsPage(2),
      times: 1,
    });
    expect(await sync.run({ scope: 'default' })).toMatchObject({ outcome: 'completed' });
    // Page 1 was read before the change and every later page is the same before and after it:
    // the list as it was when page 1 was read is a true copy of one moment, and so is the new one.
    const current = await eventsText();
    expect([old, current]).toContain(sync.copy().get('events'));
    expect(sync.problems()).toEqual([]);
    expect(await sync.run({ scope: 'default' })).toMatchObject({ outcome: 'completed' });
    await expectEqualsService(sync);
  });

  it('a list that never stops changing fails the pull; the copy is always one moment of it', async () => {
    const sync = rig();
    expect((await sync.run({ scope: 'default' })).outcome).toBe('completed');
    const before = new Set(heldIds(sync));
    const inserted: string[] = [];
    proxy.plan({
      fault: {
        kind: 'hook',
        action: async () => {
          inserted.push(await createEvent(2001));
        },
      },
      match: eventsPage(2),
    });
    const summary = await sync.run({ scope: 'default' });
    const message = new UnstableListError('events', 4).message;
    expect(summary.outcome).toBe('partial');
    expect(summary.problem?.code).toBe('unstable');
    expect(summary.problem?.message).toContain(message);
    expect(sync.statuses.at(-1)?.problem?.message).toContain(message);
    // A read that held together was committed before its check found the list moved on: the copy
    // is the list as it was at one moment (the old one plus the events created until then),
    // never a mix with a record twice or one missing.
    const held = heldIds(sync);
    const added = held.filter((id) => !before.has(id));
    expect(held.filter((id) => before.has(id))).toHaveLength(before.size);
    expect(added.sort()).toEqual(inserted.slice(0, added.length).sort());
    expect(new Set(held).size).toBe(held.length);
    expect(sync.problems()).toEqual([]);
    const state = sync.cache.reader
      .prepare<[], { complete: number; last_error: string }>(
        "SELECT complete, last_error FROM sync_state WHERE resource = 'events'",
      )
      .get();
    expect(state).toEqual({ complete: 1, last_error: message });

    proxy.clear();
    expect(await sync.run({ scope: 'default' })).toMatchObject({ outcome: 'completed' });
    await expectEqualsService(sync);
  });
});
