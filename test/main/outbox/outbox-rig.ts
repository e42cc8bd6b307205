import type { EventRecord } from '../../../src/shared/wire/event';
import type { FetchLike } from '../../../src/main/api/request';
import type { Edit } from '../../../src/main/outbox/edit';
import type { SentCheckTiming } from '../../../src/main/outbox/sent-checks';
import type { EventRow } from '../../../src/main/outbox/event-row';
import { EVENT_ROW_COLUMNS } from '../../../src/main/outbox/event-row';
import type { TestServer } from '../../harness/server';
import { openRig, type SyncRig } from '../sync/sync-rig';

/** A new event's body as an organizer's form would send it. */
export function newEvent(name: string, overrides: Record<string, unknown> = {}) {
  return {
    name,
    season: '2026-2027',
    startDate: '2026-12-05T09:00:00+01:00',
    endDate: '2026-12-06T18:00:00+01:00',
    location: { venue: 'Hall 3', city: 'Leeds', country: 'GB' },
    ...overrides,
  };
}

/** What the service holds, asked with the admin key: it sees every event, private ones too. */
export async function serviceEvents(server: TestServer, search: string): Promise<EventRecord[]> {
  const found: EventRecord[] = [];
  for (let page = 1; ; page += 1) {
    const url = `${server.url}/v1/events?search=${encodeURIComponent(search)}&perPage=100&page=${page}`;
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${server.keys.admin}` },
    });
    const body = (await response.json()) as { data: EventRecord[]; meta: { total: number } };
    found.push(...body.data);
    if (page * 100 >= body.meta.total) return found;
  }
}

/** The code the service gave an event created here under `localId`; undefined while it has none. */
export function codeGivenTo(rig: Pick<SyncRig, 'cache'>, localId: string): unknown {
  return rig.cache.reader
    .prepare('SELECT event_id FROM event_aliases WHERE local_id = ?')
    .pluck()
    .get(localId);
}

export async function serviceEvent(server: TestServer, id: string): Promise<EventRecord | null> {
  const response = await fetch(`${server.url}/v1/events/${id}`, {
    headers: { authorization: `Bearer ${server.keys.admin}` },
  });
  if (response.status === 404) return null;
  return ((await response.json()) as { data: EventRecord }).data;
}

/** Second looks on a clock a test moves on, and the move that makes every look sent so far due. */
export interface MovableLooks {
  timing: SentCheckTiming;
  /** Moves the looks' clock on by `afterMs`: each look of a write answered before is due. */
  pass(): void;
}

/**
 * Second looks (`sent-checks.ts`) that fall due when the test says, rather than after a real wait:
 * their clock runs with real time plus what `pass` added. `afterMs` defaults to a minute, longer
 * than any test here, so the engine's own timer for looks (on real time) never starts a run in
 * the middle of one; a test that keeps real time for a while (a process of its own, say) gives
 * a shorter one.
 */
export function movableLooks(afterMs = 60_000, sendByMs = 5_000): MovableLooks {
  let ahead = 0;
  return {
    timing: { sendByMs, afterMs, clock: () => Date.now() + ahead },
    pass: () => {
      ahead += afterMs;
    },
  };
}

/** How a test's network behaves for writes; reads always go through. */
export type WriteFault = 'none' | 'offline' | 'unavailable' | 'drop-answer' | 'server-error-after';

export interface OutboxRig extends SyncRig {
  setFault(fault: WriteFault): void;
  /** Writes that reached the service, by method. */
  writes: { method: string; path: string }[];
  /** The paths of every read asked for. */
  reads: string[];
  row(eventId: string): EventRow | null;
  edits(): Promise<Edit[]>;
}

/**
 * A sync rig with an organizer's (or admin's) key and a network the test can break for writes:
 * `offline` refuses them before they leave; `unavailable` answers 503 in the service's place
 * (a proxy in front of it, say), so the pulls go on; `drop-answer` lets the service commit, then loses the
 * answer (a reset); `server-error-after` commits, then answers 500 in the service's place.
 */
export function openOutboxRig(
  server: TestServer,
  role: 'viewer' | 'organizer' | 'admin' = 'organizer',
  /** An existing data directory, to open a cache again as after a restart. */
  dir?: string,
  sentChecks?: SentCheckTiming,
): OutboxRig {
  const state = { fault: 'none' as WriteFault };
  const writes: { method: string; path: string }[] = [];
  const reads: string[] = [];
  const faulty: FetchLike = async (url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET') {
      reads.push(new URL(url).pathname);
      return fetch(url, init);
    }
    if (state.fault === 'offline') throw new TypeError('fetch failed (network is down)');
    if (state.fault === 'unavailable') {
      return new Response(JSON.stringify({ error: { code: 'internal', message: 'down' } }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    }
    const response = await fetch(url, init);
    writes.push({ method, path: new URL(url).pathname });
    if (state.fault === 'drop-answer') {
      await response.arrayBuffer();
      throw new TypeError('fetch failed (connection reset)');
    }
    if (state.fault === 'server-error-after') {
      await response.arrayBuffer();
      return new Response(JSON.stringify({ error: { code: 'internal', message: 'boom' } }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    }
    return response;
  };
  const rig = openRig({
    baseUrl: server.url,
    key: server.keys[role],
    fetch: faulty,
    dir,
    ...(sentChecks === undefined ? {} : { sentChecks }),
  });
  return Object.assign(rig, {
    setFault: (fault: WriteFault) => {
      state.fault = fault;
    },
    writes,
    reads,
    row: (eventId: string) =>
      (rig.cache.reader
        .prepare(`SELECT ${EVENT_ROW_COLUMNS} FROM events WHERE id = ?`)
        .get(eventId) as EventRow | undefined) ?? null,
    edits: () => rig.engine.outbox.list(),
  });
}
