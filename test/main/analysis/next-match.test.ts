import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnalysisModel } from '../../../src/main/analysis/model';
import type { NextMatch } from '../../../src/shared/ipc/analysis';
import type { MatchRecord } from '../../../src/shared/wire/match';
import { event, match, openTestCache, team, type TestCache } from '../cache/fixtures';

/*
 * The next match and when it will start, around the edges, on a real cache file: matches every
 * ten minutes from 10:00 UTC; 254 plays Q2, Q4 and Q6.
 */

const EVENT = '2026springfield';
const LATER = '2026shelbyville';
let testCache: TestCache;

const at = (minutes: number, day = 14) =>
  new Date(Date.UTC(2026, 2, day, 10, minutes)).toISOString().replace('.000Z', 'Z');

/** Qualification `number` at 10:00 + 10·(number − 1), played `late` minutes off schedule. */
function qualification(
  number: number,
  late: number | null,
  eventId = EVENT,
  day = 14,
): MatchRecord {
  const red = number % 2 === 0 ? [254, 971] : [1114, 2056];
  const record = match(
    eventId,
    'qualification',
    number,
    red,
    [1678, 118],
    late === null ? null : [50, 40],
  );
  const scheduledAt = at(10 * (number - 1), day);
  return {
    ...record,
    scheduledAt,
    playedAt: late === null ? null : at(10 * (number - 1) + late, day),
  };
}

function store(matches: MatchRecord[], events = [event({ id: EVENT })]) {
  testCache.write((writer) => {
    writer.events.upsertItems(events);
    for (const item of events) {
      writer.eventParts.replaceMatches(
        item.id,
        matches.filter((record) => record.eventId === item.id),
      );
    }
  });
}

function next(now: string, team = 254): NextMatch | undefined {
  const model = createAnalysisModel(testCache.cache.reader, () => new Date(now));
  model.refresh(['all']);
  return model.team(team, undefined, new Date(now))?.next;
}

beforeEach(() => {
  testCache = openTestCache();
});
afterEach(() => testCache.close());

describe('the next match', () => {
  it('before any match is played: the schedule as it stands, delay unknown', () => {
    store([1, 2, 3, 4].map((n) => qualification(n, null)));
    expect(next('2026-03-14T09:30:00Z')).toEqual({
      state: 'scheduled',
      matchId: `${EVENT}-q2`,
      eventId: EVENT,
      eventName: `Event ${EVENT}`,
      label: 'Q2',
      alliance: 'red',
      partners: [971],
      opponents: [1678, 118],
      scheduledAt: '2026-03-14T10:10:00Z',
      expectedAt: '2026-03-14T10:10:00Z',
      delayMinutes: null,
    });
  });

  it('running behind: the median delay of the recent played matches moves the start', () => {
    // One long stop (a field fault) does not drag the estimate: the median ignores it.
    store([qualification(1, 5), qualification(2, 8), qualification(3, 30), qualification(4, null)]);
    expect(next('2026-03-14T10:35:00Z')).toMatchObject({
      label: 'Q4',
      scheduledAt: '2026-03-14T10:30:00Z',
      expectedAt: '2026-03-14T10:38:00Z',
      delayMinutes: 8,
    });
  });

  it('running early: a negative delay, the start comes sooner', () => {
    store([
      qualification(1, -2),
      qualification(2, -3),
      qualification(3, -4),
      qualification(4, null),
    ]);
    expect(next('2026-03-14T10:20:00Z')).toMatchObject({
      label: 'Q4',
      expectedAt: '2026-03-14T10:27:00Z',
      delayMinutes: -3,
    });
  });

  it('the last match, then none while the event is still on', () => {
    const played = [1, 2, 3, 4, 5].map((n) => qualification(n, 1));
    store([...played, qualification(6, null)]);
    expect(next('2026-03-14T10:55:00Z')).toMatchObject({ label: 'Q6', delayMinutes: 1 });
    store([...played, qualification(6, 1)]);
    expect(next('2026-03-14T11:05:00Z')).toEqual({ state: 'none' });
  });

  it('an event that ended says so, even with matches never played', () => {
    store([qualification(1, 0), qualification(2, null)]);
    expect(next('2026-03-16T09:00:00Z')).toEqual({
      state: 'over',
      eventId: EVENT,
      eventName: `Event ${EVENT}`,
    });
  });

  it('a late first day says nothing about the second morning', () => {
    store([qualification(1, 30), qualification(2, 40), qualification(3, null, EVENT, 15)]);
    expect(next('2026-03-15T09:00:00Z', 1114)).toMatchObject({ label: 'Q3', delayMinutes: null });
  });

  it('moves on to the coming event when the current one holds nothing more for the team', () => {
    const later = event({
      id: LATER,
      startDate: '2026-03-21T09:00:00Z',
      endDate: '2026-03-22T18:00:00Z',
    });
    store(
      [qualification(2, 0), qualification(1, null), qualification(4, null, LATER, 21)],
      [event({ id: EVENT }), later],
    );
    expect(next('2026-03-14T11:00:00Z')).toMatchObject({
      eventId: LATER,
      label: 'Q4',
      scheduledAt: '2026-03-21T10:30:00Z',
    });
  });

  it('reads instants, never local time: the same answer in any time zone, across midnight UTC', () => {
    const lateNight = (number: number, late: number | null): MatchRecord => {
      const scheduled = Date.UTC(2026, 2, 14, 23, 40 + 10 * number);
      return {
        ...qualification(number, late),
        scheduledAt: new Date(scheduled).toISOString().replace('.000Z', 'Z'),
        playedAt:
          late === null
            ? null
            : new Date(scheduled + late * 60_000).toISOString().replace('.000Z', 'Z'),
      };
    };
    store([lateNight(1, 9), lateNight(2, null)]);
    const zone = process.env['TZ'];
    const seen: (NextMatch | undefined)[] = [];
    try {
      for (const tz of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
        process.env['TZ'] = tz;
        seen.push(next('2026-03-14T23:59:00Z'));
      }
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
    expect(seen[0]).toMatchObject({
      label: 'Q2',
      scheduledAt: '2026-03-15T00:00:00Z',
      expectedAt: '2026-03-15T00:09:00Z',
      delayMinutes: 9,
    });
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
  });

  it('is none for a team at no current event, and the team is unknown without any event', () => {
    store([qualification(1, null)]);
    testCache.write((writer) => writer.eventParts.replaceTeams(EVENT, [team(971)]));
    expect(next('2026-03-14T09:00:00Z', 971)).toEqual({ state: 'none' });
    expect(next('2026-03-14T09:00:00Z', 4242)).toBeUndefined();
  });
});
