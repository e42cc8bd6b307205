import type { MatchType } from '../../shared/wire/match';
import type { Dataset } from './dataset';
import type { ServerDatabase } from './schema';

/** The stored sort key of a match type: qualification before semifinal before final. */
const TYPE_RANK: Readonly<Record<MatchType, number>> = { qualification: 0, semifinal: 1, final: 2 };

/**
 * Loads a whole data set into the store in one transaction, each statement prepared once: `large`
 * is about three quarters of a million rows. Team lists go in twice, as the schema expects: the
 * record's JSON, and rows of `match_teams` / `clip_teams` that SQL derives from that very JSON once
 * the records are in. Deriving them keeps the two copies from disagreeing, and one sorted statement
 * builds the indexed rows about twice as fast as six hundred thousand single inserts.
 */
export function importDataset(db: ServerDatabase, dataset: Dataset): void {
  const insertEvent = db.prepare(
    `INSERT INTO events (id, name, season, start_date, end_date, venue, city, state, country,
       visibility, stream_status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertIssuedEventId = db.prepare('INSERT INTO issued_event_ids (id) VALUES (?)');
  const insertTeam = db.prepare(
    `INSERT INTO teams (number, name, school, city, state, country, rookie, website)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRegistration = db.prepare(
    'INSERT INTO registrations (event_id, team_number) VALUES (?, ?)',
  );
  const insertMatch = db.prepare(
    `INSERT INTO matches (id, event_id, type, type_rank, number, status, scheduled_at, played_at,
       red_teams, blue_teams, red_score, blue_score, winner)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const lastMatchRowId = db.prepare<[], { last: number }>(
    'SELECT coalesce(max(rowid), 0) AS last FROM matches',
  );
  const lastClipRowId = db.prepare<[], { last: number }>(
    'SELECT coalesce(max(rowid), 0) AS last FROM clips',
  );
  // Only the matches and clips this import wrote: rowids above the highest one before it.
  const deriveMatchTeams = db.prepare<[number, number]>(
    `INSERT INTO match_teams (match_id, team_number, alliance)
     SELECT matches.id, team.value, 'red' FROM matches, json_each(matches.red_teams) AS team
       WHERE matches.rowid > ?
     UNION ALL
     SELECT matches.id, team.value, 'blue' FROM matches, json_each(matches.blue_teams) AS team
       WHERE matches.rowid > ?
     ORDER BY 1, 2`,
  );
  const insertClip = db.prepare(
    `INSERT INTO clips (id, event_id, match_id, match_type, team_numbers, title, url,
       thumbnail_url, duration_seconds, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const deriveClipTeams = db.prepare<[number]>(
    `INSERT INTO clip_teams (clip_id, team_number)
     SELECT clips.id, team.value FROM clips, json_each(clips.team_numbers) AS team
       WHERE clips.rowid > ?
     ORDER BY 1, 2`,
  );

  db.transaction(() => {
    for (const event of dataset.events) {
      const { location } = event;
      insertEvent.run(
        event.id,
        event.name,
        event.season,
        event.startDate,
        event.endDate,
        location.venue,
        location.city,
        location.state,
        location.country,
        event.visibility,
        event.streamStatus,
        event.createdAt,
        event.updatedAt,
      );
      insertIssuedEventId.run(event.id);
    }
    for (const team of dataset.teams) {
      insertTeam.run(
        team.number,
        team.name,
        team.school,
        team.city,
        team.state,
        team.country,
        team.rookie,
        team.website,
      );
    }
    for (const registration of dataset.registrations) {
      insertRegistration.run(registration.eventId, registration.teamNumber);
    }
    const matchesBefore = lastMatchRowId.get()?.last ?? 0;
    for (const match of dataset.matches) {
      insertMatch.run(
        match.id,
        match.eventId,
        match.type,
        TYPE_RANK[match.type],
        match.number,
        match.status,
        match.scheduledAt,
        match.playedAt,
        JSON.stringify(match.red.teams),
        JSON.stringify(match.blue.teams),
        match.red.score,
        match.blue.score,
        match.winner,
      );
    }
    deriveMatchTeams.run(matchesBefore, matchesBefore);
    const clipsBefore = lastClipRowId.get()?.last ?? 0;
    for (const clip of dataset.clips) {
      insertClip.run(
        clip.id,
        clip.eventId,
        clip.matchId,
        clip.matchType,
        JSON.stringify(clip.teamNumbers),
        clip.title,
        clip.url,
        clip.thumbnailUrl,
        clip.durationSeconds,
        clip.recordedAt,
      );
    }
    deriveClipTeams.run(clipsBefore);
  })();
}
