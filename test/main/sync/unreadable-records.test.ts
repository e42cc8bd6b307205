import { describe, expect, it } from 'vitest';
import { patchEvent } from '../../harness/server';
import { useProxiedRigs } from './proxied-rigs';
import type { SyncRig } from './sync-rig';

/*
 * One record the client cannot read (here an end date no ISO 8601 reader takes, as an older
 * service once wrote) costs that record, not its list: the rest of the resource is committed, the
 * copy keeps what it held of the bad record, and the run is partial and says which record and why.
 * The proxy corrupts the same record on every answer it passes, as a service with such a record
 * would: every run asks for it again, and finds it unreadable again.
 */

const UNREADABLE_DATE = '+010000-01-01T23:58:59Z';

const fixture = useProxiedRigs();
const rig = (): SyncRig => fixture.rig();

interface Page {
  data: Record<string, unknown>[];
}

/** Every answer listing record `id` carries it with `field` set to `value`. */
function corrupt(
  path: (requestPath: string) => boolean,
  id: string,
  field: string,
  value: unknown,
) {
  fixture.proxy().plan({
    match: (request) => path(request.path),
    fault: {
      kind: 'rewrite',
      transform: (json) => {
        const page = json as Page;
        for (const record of page.data) if (record.id === id) record[field] = value;
        return page;
      },
    },
  });
}

/** Each unreadable record as `resource id field`, the field being where its reason points. */
function named(records: readonly { resource: string; id: string | null; reason: string }[]) {
  return records.map((record) => `${record.resource} ${record.id} ${record.reason.split(':')[0]}`);
}

async function eventIds(): Promise<string[]> {
  const response = await fetch(`${fixture.server().url}/v1/events?perPage=100`, {
    headers: { authorization: `Bearer ${fixture.server().keys.viewer}` },
  });
  const body = (await response.json()) as { data: { id: string }[] };
  return body.data.map((event) => event.id);
}

function heldName(sync: SyncRig, eventId: string): string | undefined {
  return sync.cache.reader
    .prepare<[string], string>('SELECT name FROM events WHERE id = ?')
    .pluck()
    .get(eventId);
}

describe('a record the client cannot read', () => {
  it('leaves the rest of a fresh list committed, and is named with its reason', async () => {
    const ids = await eventIds();
    const bad = ids[3] as string;
    corrupt((path) => path.startsWith('/v1/events?'), bad, 'endDate', UNREADABLE_DATE);
    const sync = rig();
    const summary = await sync.run({ scope: 'default' });

    expect(summary.problem).toEqual({
      code: 'invalid_response',
      message: `1 record could not be read (event ${bad}); the next sync asks for it again.`,
    });
    expect(summary.outcome).toBe('partial');
    expect(named(summary.unreadable.records)).toEqual([`events ${bad} endDate`]);
    expect(summary.unreadable.count).toBe(1);
    expect(sync.engine.status().unreadable.count).toBe(1);
    const held = sync.cache.reader
      .prepare<[], string>('SELECT id FROM events WHERE listed = 1 ORDER BY start_date, id')
      .pluck()
      .all();
    expect(held).toEqual(ids.filter((id) => id !== bad));
    expect(sync.problems()).toEqual([]);
  });

  it('keeps the copy held of it while the rest of its list moves on', async () => {
    const ids = await eventIds();
    const [bad, renamed] = [ids[5] as string, ids[6] as string];
    const sync = rig();
    await sync.run({ scope: 'default' });
    const before = heldName(sync, bad);
    expect(before).toBeDefined();

    expect(await patchEvent(fixture.server(), renamed, { name: 'Renamed Meanwhile' })).toBe(200);
    corrupt((path) => path.startsWith('/v1/events?'), bad, 'endDate', UNREADABLE_DATE);
    const summary = await sync.run({ scope: 'default' });

    expect(summary.outcome).toBe('partial');
    expect(named(summary.unreadable.records)).toEqual([`events ${bad} endDate`]);
    expect(heldName(sync, renamed)).toBe('Renamed Meanwhile');
    expect(heldName(sync, bad)).toBe(before);
    expect(sync.problems()).toEqual([]);

    // Not answered 304 and forgotten: the next run reads the page again and finds it again.
    const again = await sync.run({ scope: 'default' });
    expect(again.outcome).toBe('partial');
    expect(named(again.unreadable.records)).toEqual([`events ${bad} endDate`]);
  });

  it('costs one match of an event, not the event’s matches', async () => {
    const sync = rig();
    await sync.run({ scope: 'all' });
    const { eventId, matchId, count } = sync.cache.reader
      .prepare<[], { eventId: string; matchId: string; count: number }>(
        `SELECT event_id AS eventId, min(id) AS matchId, count(*) AS count FROM matches
          GROUP BY event_id HAVING count(*) > 10 ORDER BY event_id LIMIT 1`,
      )
      .get() as { eventId: string; matchId: string; count: number };
    // A new match on the service would show whether the list was still taken in.
    sync.cache.writer
      .prepare('DELETE FROM matches WHERE id <> ? AND event_id = ?')
      .run(matchId, eventId);
    sync.cache.writer
      .prepare("DELETE FROM etags WHERE url LIKE '%' || ? || '/matches%'")
      .run(eventId);
    corrupt((path) => path.startsWith(`/v1/events/${eventId}/matches`), matchId, 'winner', 'green');
    const summary = await sync.run({ scope: 'all', force: true });

    expect(summary.outcome).toBe('partial');
    expect(named(summary.unreadable.records)).toEqual([
      `event:${eventId}:matches ${matchId} winner`,
    ]);
    const held = sync.cache.reader
      .prepare<[string], string>('SELECT id FROM matches WHERE event_id = ?')
      .pluck()
      .all(eventId);
    expect(held).toHaveLength(count);
    expect(held).toContain(matchId);
  });
});
