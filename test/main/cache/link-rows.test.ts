import { afterEach, describe, expect, it } from 'vitest';
import { clip, event, match, openTestCache, type TestCache } from './fixtures';

/*
 * match_teams and clip_teams are written by triggers from the records' JSON team lists. Whatever
 * the writes (insert, alliance change, deletion, the event going away), the link rows must be
 * exactly what the JSON says.
 */

let cache: TestCache | null = null;

afterEach(() => {
  cache?.close();
  cache = null;
});

function links(test: TestCache) {
  const db = test.cache.reader;
  return {
    matches: db
      .prepare('SELECT team_number, match_id, alliance FROM match_teams ORDER BY 2, 1')
      .all(),
    clips: db.prepare('SELECT team_number, clip_id FROM clip_teams ORDER BY 2, 1').all(),
  };
}

/** The link rows as the JSON columns say they should be. */
function expected(test: TestCache) {
  const db = test.cache.reader;
  return {
    matches: db
      .prepare(
        `SELECT j.value AS team_number, m.id AS match_id, 'red' AS alliance
           FROM matches m, json_each(m.red_teams) j
         UNION ALL SELECT j.value, m.id, 'blue' FROM matches m, json_each(m.blue_teams) j
         ORDER BY 2, 1`,
      )
      .all(),
    clips: db
      .prepare(
        `SELECT j.value AS team_number, c.id AS clip_id FROM clips c, json_each(c.team_numbers) j
         ORDER BY 2, 1`,
      )
      .all(),
  };
}

describe('link rows of matches and clips', () => {
  it('follow every insert, change and deletion of their records', () => {
    const test = (cache = openTestCache());
    const id = '2026springfield';
    test.write((writer) => {
      writer.events.upsertItems([event({ id }), event({ id: '2026other' })]);
      writer.eventParts.replaceMatches(id, [
        match(id, 'qualification', 1, [1, 2, 3], [4, 5, 6]),
        match(id, 'qualification', 2, [7, 8], [9, 10]),
      ]);
      writer.eventParts.replaceClips(id, [clip('c1', id, [1, 4]), clip('c2', id, [7])]);
    });
    expect(links(test).matches).toHaveLength(10);
    expect(links(test)).toEqual(expected(test));

    test.write((writer) => {
      // Qualification 1 gets another red alliance, qualification 2 is dropped from the schedule,
      // a final appears; clip c1 changes teams, c2 goes away.
      writer.eventParts.replaceMatches(id, [
        match(id, 'qualification', 1, [11, 2, 3], [4, 5, 6], [50, 40]),
        match(id, 'final', 1, [1, 4], [7, 9]),
      ]);
      writer.eventParts.replaceClips(id, [clip('c1', id, [4, 12])]);
    });
    expect(links(test)).toEqual(expected(test));
    expect(links(test).matches).toContainEqual({
      team_number: 11,
      match_id: `${id}-q1`,
      alliance: 'red',
    });
    expect(links(test).matches).not.toContainEqual(
      expect.objectContaining({ match_id: `${id}-q2` }),
    );

    test.write((writer) => writer.events.remove(id));
    expect(links(test)).toEqual({ matches: [], clips: [] });
  });
});
