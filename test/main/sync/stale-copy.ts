import type { AppDatabase } from '../../../src/main/storage/database';

/*
 * A cache file made older than the service on purpose, in every kind of resource (the lists,
 * three events' teams, matches and clips, one team in ten's statistics), with those resources'
 * validators dropped and their copies due: the next sync has real replacing to do, so a test can
 * tell the old copy of each resource from the new one and catch a resource left half-replaced.
 */

/** Teams whose statistics are made stale. */
export const staleTeam = (teamNumber: number) => teamNumber % 10 === 0;

/** Three listed events with matches and clips that are not live at `now`: only staleness makes
 * them due. */
export function pickStaleEvents(db: AppDatabase, now: string): string[] {
  return db
    .prepare<[string, string], string>(
      `SELECT e.id FROM events e
       WHERE e.listed = 1 AND NOT (e.start_date <= ? AND e.end_date >= ?)
         AND EXISTS (SELECT 1 FROM matches m WHERE m.event_id = e.id)
         AND EXISTS (SELECT 1 FROM clips c WHERE c.event_id = e.id)
       ORDER BY e.id LIMIT 3`,
    )
    .pluck()
    .all(now, now);
}

/** Makes the copy older than the service in every kind of resource, and due for a pull. */
export function makeStale(db: AppDatabase, staleEvents: readonly string[]): void {
  const long = '2000-01-01T00:00:00Z';
  const stale = db.prepare<[string, string]>(
    'UPDATE sync_state SET last_success = ? WHERE resource = ?',
  );
  db.transaction(() => {
    db.exec(`UPDATE events SET name = name || ' (stale)' WHERE listed = 1`);
    db.exec(`DELETE FROM etags WHERE url LIKE '/v1/events?%' OR url LIKE '/v1/teams?%'`);
    // Teams at the stale events keep their names: a team's row is shared by every list that
    // shows it, so a stale name there would be refreshed by those events' pulls, not the list's.
    db.prepare(
      `UPDATE teams SET name = name || ' (stale)' WHERE listed = 1 AND number NOT IN
        (SELECT team_number FROM registrations WHERE event_id IN
          (SELECT value FROM json_each(?)))`,
    ).run(JSON.stringify(staleEvents));
    for (const id of staleEvents) {
      // One registration fewer, and a sync state that agrees: a copy from before it was added.
      db.prepare(
        `DELETE FROM registrations WHERE event_id = @id AND team_number =
           (SELECT min(team_number) FROM registrations WHERE event_id = @id)`,
      ).run({ id });
      db.prepare(`UPDATE sync_state SET record_count = record_count - 1 WHERE resource = ?`).run(
        `event:${id}:teams`,
      );
      db.prepare('UPDATE matches SET clip_count = clip_count + 7 WHERE event_id = ?').run(id);
      db.prepare(`UPDATE clips SET title = title || ' (stale)' WHERE event_id = ?`).run(id);
      db.prepare(`DELETE FROM etags WHERE url LIKE ? || '%'`).run(`/v1/events/${id}/`);
      for (const part of ['teams', 'matches', 'clips']) stale.run(long, `event:${id}:${part}`);
    }
    const stats = db
      .prepare<[], { team_number: number; season: string }>('SELECT * FROM team_stats')
      .all()
      .filter((row) => staleTeam(row.team_number));
    for (const { team_number: team, season } of stats) {
      db.prepare('UPDATE team_stats SET wins = wins + 1 WHERE team_number = ? AND season = ?').run(
        team,
        season,
      );
      stale.run(long, `team:${team}:stats:${season}`);
      db.prepare('DELETE FROM etags WHERE url = ?').run(`/v1/teams/${team}/stats?season=${season}`);
    }
  })();
}
