import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages } from '../../cli/service-pages';
import { patchEvent, startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import { sharedCopy, type SharedCopy } from './shared-copy';

/*
 * An event made private on the service while a laptop shares its copy. An organizer's key lists
 * private events like any other and the list's items carry no visibility: only the event's own
 * record says it, so the share can serve no more than what the laptop last read of that record.
 * The window the README states: a listed event's record is read again once it is 15 minutes old,
 * and a share holds back an event whose record is older than that against the event list.
 */

const WINDOW_MS = 15 * 60_000;
const MINUTE_MS = 60_000;

let server: TestServer;
let copy: SharedCopy;
/** Made private after the first sync. */
let hidden: string;
/** Stays public throughout, pinned before the last sync. */
let kept: string;
/** Made private before a sync of scope default, which does not read its record again. */
let unread: string;
/** A team registered at `hidden`. */
let teamAtHidden: number;

interface ListedEvent {
  id: string;
  status: string;
  teamCount: number;
}

function ids(records: unknown[]): string[] {
  return records.map((record) => (record as { id: string }).id);
}

function at(offsetMs: number): Date {
  return new Date(Date.parse(TEST_NOW) + offsetMs);
}

async function statusOf(path: string): Promise<number> {
  const reply = await copy.get(path);
  await reply.arrayBuffer();
  return reply.status;
}

/** What the share serves of an event: its record and each part. */
async function statusesOf(eventId: string): Promise<number[]> {
  const paths = ['', '/teams', '/matches', '/clips'].map((part) => `/v1/events/${eventId}${part}`);
  return Promise.all(paths.map(statusOf));
}

/** The share's event list against the service's as a viewer reads it. */
async function expectViewerList(): Promise<string[]> {
  const shared = await allPages(copy.share.url.replace(/\/$/, ''), '/v1/events', copy.share.key);
  const viewer = await allPages(server.url, '/v1/events', server.keys.viewer);
  expect(shared).toEqual(viewer);
  return ids(shared.records);
}

beforeAll(async () => {
  server = await startTestServer();
  const { records } = await allPages(server.url, '/v1/events', server.keys.viewer);
  // Past events: outside the tier a run reads whole every time (pinned, live and coming).
  const past = (records as ListedEvent[]).filter(
    (event) => event.status === 'past' && event.teamCount > 0,
  );
  [hidden, kept, unread] = [past[2]!.id, past[5]!.id, past[8]!.id];
  const teams = await allPages(server.url, `/v1/events/${hidden}/teams`, server.keys.viewer);
  teamAtHidden = (teams.records[0] as { number: number }).number;
  copy = await sharedCopy(server.url, server.keys.organizer);
  expect((await copy.sync('all', at(0))).outcome).toBe('completed');
}, 120_000);

afterAll(async () => {
  await copy?.close();
  await server?.close();
});

describe('an event made private on the service', () => {
  it('is served while public, with its parts and its list entry', async () => {
    for (const eventId of [hidden, kept, unread]) {
      expect(await statusesOf(eventId), eventId).toEqual([200, 200, 200, 200]);
    }
    expect(await expectViewerList()).toContain(hidden);
  });

  it('leaves the share at the first sync once its record is older than the window', async () => {
    expect(await patchEvent(server, hidden, { visibility: 'private' })).toBe(200);
    const summary = await copy.sync('all', at(WINDOW_MS + MINUTE_MS));
    expect(summary.outcome).toBe('completed');

    expect(await statusesOf(hidden)).toEqual([404, 404, 404, 404]);
    expect(await expectViewerList()).not.toContain(hidden);
    const teamEvents = `/v1/teams/${teamAtHidden}/events`;
    const shared = await allPages(copy.share.url.replace(/\/$/, ''), teamEvents, copy.share.key);
    expect(ids(shared.records)).not.toContain(hidden);
    expect(shared).toEqual(await allPages(server.url, teamEvents, server.keys.viewer));
    // Nothing else was held back: the other events' records were read again in the same run.
    expect(await statusesOf(kept)).toEqual([200, 200, 200, 200]);
    expect(await statusesOf(unread)).toEqual([200, 200, 200, 200]);
  });

  it('is held back by a sync that did not read its record again, once that is the window old', async () => {
    expect(await patchEvent(server, unread, { visibility: 'private' })).toBe(200);
    copy.cache.writer
      .prepare('INSERT INTO pinned_events (event_id, added_at) VALUES (?, ?)')
      .run(kept, TEST_NOW);
    // Scope default reads the lists and the pinned and live events' records, not `unread`'s:
    // the copy still says it is public, but nothing has confirmed that for longer than the window.
    const summary = await copy.sync('default', at(2 * (WINDOW_MS + MINUTE_MS)));
    expect(summary.outcome).toBe('completed');
    const visibility = copy.cache.reader
      .prepare<[string], string>('SELECT visibility FROM events WHERE id = ?')
      .pluck();
    expect(visibility.get(unread)).toBe('public');

    expect(await statusesOf(unread)).toEqual([404, 404, 404, 404]);
    const listed = await allPages(copy.share.url.replace(/\/$/, ''), '/v1/events', copy.share.key);
    expect(ids(listed.records)).not.toContain(unread);
    // What the run did read is served: the pinned event's record was read again.
    expect(await statusesOf(kept)).toEqual([200, 200, 200, 200]);
    expect(await statusesOf(hidden)).toEqual([404, 404, 404, 404]);
  });
});
