import { afterAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/server/demo/generate';
import { importDataset } from '../../src/server/store/import';
import { openServerDatabase } from '../../src/server/store/schema';

const dataset = generateDataset({ size: 'demo', seed: 11, now: new Date('2026-11-21T12:00:00Z') });
const db = openServerDatabase(':memory:');
importDataset(db, dataset);
afterAll(() => db.close());

function count(sql: string): number {
  return (db.prepare(sql).get() as { n: number }).n;
}

describe('importing a demo data set', () => {
  it('stores every record once', () => {
    expect(count('SELECT count(*) AS n FROM events')).toBe(dataset.events.length);
    expect(count('SELECT count(*) AS n FROM issued_event_ids')).toBe(dataset.events.length);
    expect(count('SELECT count(*) AS n FROM teams')).toBe(dataset.teams.length);
    expect(count('SELECT count(*) AS n FROM registrations')).toBe(dataset.registrations.length);
    expect(count('SELECT count(*) AS n FROM matches')).toBe(dataset.matches.length);
    expect(count('SELECT count(*) AS n FROM clips')).toBe(dataset.clips.length);
  });

  it('stores team lists both as JSON and as rows, and the two agree', () => {
    const matchTeams = dataset.matches.reduce(
      (sum, match) => sum + match.red.teams.length + match.blue.teams.length,
      0,
    );
    const clipTeams = dataset.clips.reduce((sum, clip) => sum + clip.teamNumbers.length, 0);
    expect(count('SELECT count(*) AS n FROM match_teams')).toBe(matchTeams);
    expect(count('SELECT count(*) AS n FROM clip_teams')).toBe(clipTeams);
    const sample = dataset.matches[dataset.matches.length - 1];
    const rows = db
      .prepare(
        'SELECT team_number AS team, alliance FROM match_teams WHERE match_id = ? ORDER BY team_number',
      )
      .all(sample?.id) as { team: number; alliance: string }[];
    const expected = [
      ...(sample?.red.teams ?? []).map((team) => ({ team, alliance: 'red' })),
      ...(sample?.blue.teams ?? []).map((team) => ({ team, alliance: 'blue' })),
    ].sort((a, b) => a.team - b.team);
    expect(rows).toEqual(expected);
    expect(
      count(`SELECT count(*) AS n FROM clips c, json_each(c.team_numbers) j
             WHERE NOT EXISTS (SELECT 1 FROM clip_teams t WHERE t.clip_id = c.id AND t.team_number = j.value)`),
    ).toBe(0);
  });

  it('ranks match types qualification, semifinal, final', () => {
    const ranks = db
      .prepare('SELECT DISTINCT type, type_rank AS rank FROM matches ORDER BY type_rank')
      .all();
    expect(ranks).toEqual([
      { type: 'qualification', rank: 0 },
      { type: 'semifinal', rank: 1 },
      { type: 'final', rank: 2 },
    ]);
  });

  it('reads back the values it was given', () => {
    const event = dataset.events[0];
    const row = db.prepare('SELECT * FROM events WHERE id = ?').get(event?.id) as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({
      name: event?.name,
      season: event?.season,
      start_date: event?.startDate,
      end_date: event?.endDate,
      venue: event?.location.venue,
      city: event?.location.city,
      state: event?.location.state,
      country: event?.location.country,
      visibility: event?.visibility,
      stream_status: event?.streamStatus,
    });
    const played = dataset.matches.find((match) => match.status === 'played');
    const matchRow = db.prepare('SELECT * FROM matches WHERE id = ?').get(played?.id) as Record<
      string,
      unknown
    >;
    expect(matchRow).toMatchObject({
      red_teams: JSON.stringify(played?.red.teams),
      red_score: played?.red.score,
      blue_score: played?.blue.score,
      winner: played?.winner,
      played_at: played?.playedAt,
    });
  });

  it('leaves no dangling reference', () => {
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
