import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentials } from '../../../src/main/credentials/credentials';
import { openDataLayer, type DataLayer } from '../../../src/main/data-layer';
import type { Dispatch } from '../../../src/main/ipc/dispatcher';
import type { Digest, DigestLine } from '../../../src/shared/ipc/digest';
import type { StreamStatus } from '../../../src/shared/wire/event';
import { dispatcherOf, valueOf } from '../../harness/layer-dispatch';
import { patchEvent, startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import {
  addMatch,
  lastTeam,
  matchesOf,
  pickEvent,
  postScore,
  register,
  removeMatch,
  reschedule,
  withServiceStore,
  withdraw,
} from './service-changes';

/*
 * The digest against the real reference service: matches, scores and registrations changed in
 * the service's own store (it has no routes for them), stream and venue changed through its API
 * by another organizer, one sync, and every line checked. Then an unchanged sync and an edit
 * made here, which must add no line.
 */

const dir = mkdtempSync(join(tmpdir(), 'pitside-digest-'));
const serviceFile = join(dir, 'service.db');
let server: TestServer;
let layer: DataLayer;
let dispatch: Dispatch;

async function restartService(change: Parameters<typeof withServiceStore>[1]): Promise<void> {
  const port = Number(new URL(server.url).port);
  const keys = server.keys;
  await server.close();
  withServiceStore(serviceFile, change);
  server = await startTestServer({ db: serviceFile, port, keys });
}

async function sync(): Promise<void> {
  const summary = await layer.engine.run();
  expect(summary.outcome).toBe('completed');
}

/** A transition the service allows from each stream status. */
const NEXT_STREAM: Record<StreamStatus, StreamStatus> = {
  none: 'scheduled',
  scheduled: 'live',
  live: 'ended',
  ended: 'scheduled',
};

function streamOf(eventId: string): StreamStatus {
  const status = layer.cache.reader
    .prepare<[string], StreamStatus>('SELECT stream_status FROM events WHERE id = ?')
    .pluck()
    .get(eventId);
  if (status === undefined) throw new Error(`${eventId} is not held`);
  return status;
}

const digest = () => valueOf<Digest>(dispatch('digest:get', undefined));

function sorted(lines: readonly DigestLine[]): DigestLine[] {
  const key = (line: DigestLine) => JSON.stringify(Object.entries(line).sort());
  return [...lines].sort((a, b) => key(a).localeCompare(key(b)));
}

beforeAll(async () => {
  server = await startTestServer({ db: serviceFile });
  layer = openDataLayer({
    dataDirectory: dir,
    fetch,
    credentials: createCredentials(),
    defaultBaseUrl: server.url,
    // The service's pinned clock, so both agree on which events are under way.
    now: () => new Date(TEST_NOW),
    keyOverride: { baseUrl: server.url, key: server.keys.organizer, from: 'environment' },
  });
  dispatch = dispatcherOf(layer);
});

afterAll(async () => {
  await layer.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the what-changed digest', () => {
  it('has a line for every change the sync wrote to a pinned event and a favorite team', async () => {
    const picks = withServiceStore(serviceFile, (db) => {
      const pinned = pickEvent(db);
      // Under way at the service's pinned clock: kept in full without a pin.
      const other = pickEvent(db, [pinned], { from: TEST_NOW, to: TEST_NOW });
      const played = matchesOf(db, pinned, 'played');
      const scheduled = matchesOf(db, pinned, 'scheduled');
      const otherScheduled = matchesOf(db, other, 'scheduled');
      const favoriteMatch = otherScheduled[0];
      const quietMatch = otherScheduled.find(
        (match) => !match.teams.some((team) => favoriteMatch?.teams.includes(team)),
      );
      if (favoriteMatch === undefined || quietMatch === undefined) throw new Error('no matches');
      return {
        pinned,
        other,
        played,
        scheduled,
        favoriteMatch,
        quietMatch,
        idle: lastTeam(db, pinned),
      };
    });
    const favorite = picks.favoriteMatch.teams[0] ?? 0;
    await valueOf(dispatch('pins:set', { eventId: picks.pinned, pinned: true }));
    await valueOf(dispatch('favorites:set', { teamNumber: favorite, favorite: true }));
    await sync();
    await sync();
    const before = await digest();

    const [corrected, , removed] = picks.played;
    const [posted, moved] = picks.scheduled;
    if (
      corrected === undefined ||
      removed === undefined ||
      posted === undefined ||
      moved === undefined
    ) {
      throw new Error('not enough matches');
    }
    let added = '';
    let newcomer = 0;
    // Another organizer changes the stream and the venue through the service's API.
    const streamBefore = streamOf(picks.pinned);
    const streamAfter = NEXT_STREAM[streamBefore];
    expect(await patchEvent(server, picks.pinned, { streamStatus: streamAfter })).toBe(200);
    expect(await patchEvent(server, picks.pinned, { location: { venue: 'Fieldhouse' } })).toBe(200);
    await restartService((db) => {
      added = addMatch(
        db,
        picks.pinned,
        corrected.teams.slice(0, 3),
        corrected.teams.slice(3),
        '2026-11-22T15:00:00Z',
      );
      reschedule(db, moved.id, '2026-11-22T16:30:00Z');
      removeMatch(db, removed.id);
      postScore(db, posted.id, 101, 99);
      db.prepare('UPDATE matches SET red_score = red_score + 5 WHERE id = ?').run(corrected.id);
      withdraw(db, picks.pinned, picks.idle);
      newcomer = register(db, picks.pinned);
      // The favorite's match elsewhere moves; a match elsewhere without a favorite does not count.
      reschedule(db, picks.favoriteMatch.id, '2026-11-23T09:15:00Z');
      reschedule(db, picks.quietMatch.id, '2026-11-23T09:45:00Z');
    });

    const held = layer.cache.reader.prepare<
      [string],
      { scheduled_at: string; red_score: number; blue_score: number; name: string; venue: string }
    >(
      `SELECT m.scheduled_at, m.red_score, m.blue_score, e.name, e.venue
           FROM matches m JOIN events e ON e.id = m.event_id WHERE m.id = ?`,
    );
    const movedBefore = held.get(moved.id)?.scheduled_at ?? null;
    const removedBefore = held.get(removed.id)?.scheduled_at ?? null;
    const favoriteBefore = held.get(picks.favoriteMatch.id)?.scheduled_at ?? null;
    const correctedBefore = held.get(corrected.id);
    const pinnedName = correctedBefore?.name ?? '';
    const otherName =
      layer.cache.reader
        .prepare<[string], string>('SELECT name FROM events WHERE id = ?')
        .pluck()
        .get(picks.other) ?? '';

    await sync();
    const after = await digest();
    expect(after.syncs).toHaveLength(before.syncs.length + 1);
    const line = (fields: Partial<DigestLine>): DigestLine => ({
      eventId: picks.pinned,
      eventName: pinnedName,
      matchId: null,
      teamNumber: null,
      field: null,
      before: null,
      after: null,
      kind: 'match-added',
      ...fields,
    });
    expect(sorted(after.syncs[0]?.lines ?? [])).toEqual(
      sorted([
        line({ kind: 'match-added', matchId: added, after: '2026-11-22T15:00:00Z' }),
        line({
          kind: 'match-rescheduled',
          matchId: moved.id,
          before: movedBefore,
          after: '2026-11-22T16:30:00Z',
        }),
        line({ kind: 'match-removed', matchId: removed.id, before: removedBefore }),
        line({ kind: 'score-posted', matchId: posted.id, after: '101–99' }),
        line({
          kind: 'score-corrected',
          matchId: corrected.id,
          before: `${correctedBefore?.red_score}–${correctedBefore?.blue_score}`,
          after: `${(correctedBefore?.red_score ?? 0) + 5}–${correctedBefore?.blue_score}`,
        }),
        line({ kind: 'team-withdrawn', teamNumber: picks.idle }),
        line({ kind: 'team-added', teamNumber: newcomer }),
        line({ kind: 'stream', before: streamBefore, after: streamAfter }),
        line({
          kind: 'event-fact',
          field: 'venue',
          before: correctedBefore?.venue ?? '',
          after: 'Fieldhouse',
        }),
        line({
          kind: 'match-rescheduled',
          eventId: picks.other,
          eventName: otherName,
          matchId: picks.favoriteMatch.id,
          before: favoriteBefore,
          after: '2026-11-23T09:15:00Z',
        }),
      ]),
    );
    expect(after.unseen.count).toBeGreaterThanOrEqual(10);

    // Nothing changed on the service: the next sync keeps no entry.
    await sync();
    expect((await digest()).syncs).toHaveLength(after.syncs.length);

    // A change made here: applied from the outbox, sent, and echoed back by the next pulls.
    await valueOf(
      dispatch('events:update', {
        eventId: picks.pinned,
        patch: { location: { venue: 'Expo Center' }, streamStatus: NEXT_STREAM[streamAfter] },
      }),
    );
    await sync();
    const sent = await fetch(`${server.url}/v1/events/${picks.pinned}`, {
      headers: { authorization: `Bearer ${server.keys.viewer}` },
    });
    expect(await sent.json()).toMatchObject({
      data: { streamStatus: NEXT_STREAM[streamAfter], location: { venue: 'Expo Center' } },
    });
    await sync();
    const last = await digest();
    expect(last.syncs).toHaveLength(after.syncs.length);

    // Opening the digest marks it read: the bar counts from the next sync on.
    await valueOf(dispatch('digest:seen', undefined));
    expect((await digest()).unseen).toEqual({ count: 0, since: null });
  });
});
