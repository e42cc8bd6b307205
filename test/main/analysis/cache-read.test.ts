import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisReader, type MatchInfo } from '../../../src/main/analysis/cache-read';
import { openCache, type CacheFiles } from '../../../src/main/cache/open';

/*
 * What the analysis reads from a real cache file: each event's matches in schedule order whatever
 * order they were written in, what counts as played, and registrations by team number. The reads
 * of every event at once and of one event must agree.
 */

let directory: string;
let cache: CacheFiles;
let reader: AnalysisReader;

function addEvent(id: string): void {
  cache.writer
    .prepare(
      `INSERT INTO events (id, name, season, start_date, end_date, venue, city, state, country,
         stream_status, team_count, clip_count, listed)
       VALUES (?, ?, '2026-2027', '2026-11-20', '2026-11-22', 'Hall', 'Leeds', 'ENG', 'GB',
         'none', 0, 0, 1)`,
    )
    .run(id, `Event ${id}`);
}

function addMatch(
  eventId: string,
  id: string,
  [type, typeRank, number]: [MatchInfo['type'], number, number],
  played: { red: number | null; blue: number | null; winner: string | null } | null,
): void {
  cache.writer
    .prepare(
      `INSERT INTO matches (id, event_id, type, type_rank, number, status, scheduled_at,
         played_at, red_teams, blue_teams, red_score, blue_score, winner, clip_count)
       VALUES (?, ?, ?, ?, ?, ?, '2026-11-21T10:00:00Z', ?, '[1,2,3]', '[4,5,6]', ?, ?, ?, 0)`,
    )
    .run(
      id,
      eventId,
      type,
      typeRank,
      number,
      played === null ? 'scheduled' : 'played',
      played === null ? null : '2026-11-21T10:05:00Z',
      played?.red ?? null,
      played?.blue ?? null,
      played?.winner ?? null,
    );
}

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'pitside-analysis-read-'));
  cache = openCache(join(directory, 'cache.db'));
  addEvent('a');
  addEvent('b');
  addEvent('c');
  // Written out of schedule order, on purpose.
  addMatch('a', 'a-f1', ['final', 2, 1], null);
  addMatch('a', 'a-q2', ['qualification', 0, 2], { red: 90, blue: 90, winner: null });
  addMatch('a', 'a-sf1', ['semifinal', 1, 1], { red: null, blue: null, winner: null });
  addMatch('a', 'a-q1', ['qualification', 0, 1], { red: 120, blue: 100, winner: 'red' });
  addMatch('c', 'c-q1', ['qualification', 0, 1], null);
  const register = cache.writer.prepare(
    'INSERT INTO registrations (event_id, team_number) VALUES (?, ?)',
  );
  for (const team of [6, 1, 5, 2, 4, 3]) register.run('a', team);
  for (const team of [254, 8]) register.run('b', team);
  reader = new AnalysisReader(cache.reader);
});

afterAll(() => {
  cache.close();
  rmSync(directory, { recursive: true, force: true });
});

describe("the analysis's reads of the cache", () => {
  it("give an event's matches in schedule order, played only with both scores", () => {
    const matches = reader.allMatches().get('a') ?? [];
    expect(matches.map((match) => match.id)).toEqual(['a-q1', 'a-q2', 'a-sf1', 'a-f1']);
    const [first, tie, unscored, final] = matches;
    expect(first).toEqual({
      id: 'a-q1',
      eventId: 'a',
      type: 'qualification',
      typeRank: 0,
      number: 1,
      played: true,
      scheduledAt: '2026-11-21T10:00:00Z',
      playedAt: '2026-11-21T10:05:00Z',
      red: [1, 2, 3],
      blue: [4, 5, 6],
      redScore: 120,
      blueScore: 100,
      winner: 'red',
    });
    // A played row without a winner takes it from the scores.
    expect(tie).toMatchObject({ played: true, winner: 'tie' });
    // "Played" without scores counts as still to play, with nothing of a result.
    expect(unscored).toMatchObject({
      played: false,
      playedAt: null,
      redScore: null,
      blueScore: null,
      winner: null,
    });
    expect(final).toMatchObject({ played: false, playedAt: null, winner: null });
  });

  it('give registrations by team number, and events without matches none', () => {
    const registrations = reader.allRegistrations();
    expect(registrations.get('a')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(registrations.get('b')).toEqual([8, 254]);
    expect(registrations.has('c')).toBe(false);
    expect([...reader.allMatches().keys()]).toEqual(['a', 'c']);
  });

  it('agree between every event at once and one event at a time', () => {
    const matches = reader.allMatches();
    const registrations = reader.allRegistrations();
    for (const id of ['a', 'b', 'c', 'unknown']) {
      expect(reader.eventMatches(id)).toEqual(matches.get(id) ?? []);
      expect(reader.eventRegistrations(id)).toEqual(registrations.get(id) ?? []);
    }
  });
});
