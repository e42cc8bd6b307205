import type { Statement } from 'better-sqlite3';
import type { ClipRecord } from '../../../shared/wire/clip';
import type { MatchRecord } from '../../../shared/wire/match';
import type { TeamListItem } from '../../../shared/wire/team';
import type { AppDatabase } from '../../storage/database';
import type { ChangeRecorder } from '../change-log';
import type { DigestRecorder } from '../digest/digest-recorder';
import { clipParams, matchParams } from '../write-params';
import type { TeamRows } from './team-rows';

const NOTHING_KEPT: ReadonlySet<string> = new Set();

/**
 * What belongs to one event: its registrations, matches and clips, each replaced whole by a pull
 * of that part. Records the service listed but the client could not read this time (`keep`) stay
 * as they were held.
 */
export class EventPartRows {
  private readonly registrationsOf: Statement<[string], number>;
  private readonly insertRegistration: Statement<[string, number]>;
  private readonly deleteRegistration: Statement<[string, number]>;
  private readonly matchIdsOf: Statement<[string], string>;
  private readonly upsertMatch: Statement;
  private readonly deleteMatch: Statement<[string]>;
  private readonly clipIdsOf: Statement<[string], string>;
  private readonly upsertClip: Statement;
  private readonly deleteClip: Statement<[string]>;

  constructor(
    db: AppDatabase,
    private readonly changes: ChangeRecorder,
    private readonly teams: TeamRows,
    private readonly digest: DigestRecorder,
  ) {
    this.registrationsOf = db
      .prepare<[string], number>('SELECT team_number FROM registrations WHERE event_id = ?')
      .pluck();
    this.insertRegistration = db.prepare(
      'INSERT INTO registrations (event_id, team_number) VALUES (?, ?)',
    );
    this.deleteRegistration = db.prepare(
      'DELETE FROM registrations WHERE event_id = ? AND team_number = ?',
    );
    this.matchIdsOf = db
      .prepare<[string], string>('SELECT id FROM matches WHERE event_id = ?')
      .pluck();
    this.upsertMatch = db.prepare(`INSERT INTO matches (id, event_id, type, type_rank, number,
        status, scheduled_at, played_at, red_teams, blue_teams, red_score, blue_score, winner,
        clip_count)
      VALUES (@id, @eventId, @type, @typeRank, @number, @status, @scheduledAt, @playedAt,
        @redTeams, @blueTeams, @redScore, @blueScore, @winner, @clipCount)
      ON CONFLICT (id) DO UPDATE SET event_id = excluded.event_id, type = excluded.type,
        type_rank = excluded.type_rank, number = excluded.number, status = excluded.status,
        scheduled_at = excluded.scheduled_at, played_at = excluded.played_at,
        red_teams = excluded.red_teams, blue_teams = excluded.blue_teams,
        red_score = excluded.red_score, blue_score = excluded.blue_score,
        winner = excluded.winner, clip_count = excluded.clip_count
      WHERE (matches.event_id, matches.type, matches.number, matches.status,
        matches.scheduled_at, matches.played_at, matches.red_teams, matches.blue_teams,
        matches.red_score, matches.blue_score, matches.winner, matches.clip_count)
        IS NOT (excluded.event_id, excluded.type, excluded.number, excluded.status,
        excluded.scheduled_at, excluded.played_at, excluded.red_teams, excluded.blue_teams,
        excluded.red_score, excluded.blue_score, excluded.winner, excluded.clip_count)`);
    this.deleteMatch = db.prepare('DELETE FROM matches WHERE id = ?');
    this.clipIdsOf = db
      .prepare<[string], string>('SELECT id FROM clips WHERE event_id = ?')
      .pluck();
    this.upsertClip = db.prepare(`INSERT INTO clips (id, event_id, match_id, match_type,
        team_numbers, title, url, thumbnail_url, duration_seconds, recorded_at)
      VALUES (@id, @eventId, @matchId, @matchType, @teamNumbers, @title, @url, @thumbnailUrl,
        @durationSeconds, @recordedAt)
      ON CONFLICT (id) DO UPDATE SET event_id = excluded.event_id, match_id = excluded.match_id,
        match_type = excluded.match_type, team_numbers = excluded.team_numbers,
        title = excluded.title, url = excluded.url, thumbnail_url = excluded.thumbnail_url,
        duration_seconds = excluded.duration_seconds, recorded_at = excluded.recorded_at
      WHERE (clips.event_id, clips.match_id, clips.match_type, clips.team_numbers, clips.title,
        clips.url, clips.thumbnail_url, clips.duration_seconds, clips.recorded_at)
        IS NOT (excluded.event_id, excluded.match_id, excluded.match_type, excluded.team_numbers,
        excluded.title, excluded.url, excluded.thumbnail_url, excluded.duration_seconds,
        excluded.recorded_at)`);
    this.deleteClip = db.prepare('DELETE FROM clips WHERE id = ?');
  }

  /**
   * Makes the event's registrations exactly `teams`, plus those of `keep` (team numbers as text:
   * listed, but unreadable this time) as they were; returns how many rows changed.
   */
  replaceTeams(
    eventId: string,
    teams: readonly TeamListItem[],
    keep: ReadonlySet<string> = NOTHING_KEPT,
  ): number {
    let changed = 0;
    for (const team of teams) changed += this.teams.upsertFromEvent(team);
    const wanted = new Set(teams.map((team) => team.number));
    const held = new Set(this.registrationsOf.all(eventId));
    const noted = this.digest.heldBefore(eventId, 'teams');
    const registrationChanged = (number: number, added: boolean) => {
      changed += 1;
      if (noted) this.digest.registrationChanged(eventId, number, added);
      this.changes.record(`event:${eventId}:teams`, 'registrations', `team:${number}:events`);
    };
    for (const number of held) {
      if (wanted.has(number) || keep.has(String(number))) continue;
      if (this.deleteRegistration.run(eventId, number).changes > 0)
        registrationChanged(number, false);
      this.teams.dropIfUnreferenced(number);
    }
    for (const number of wanted) {
      if (held.has(number)) continue;
      if (this.insertRegistration.run(eventId, number).changes > 0)
        registrationChanged(number, true);
    }
    return changed;
  }

  /** The event's matches become `matches`; those of `keep` (unreadable this time) stay as held. */
  replaceMatches(
    eventId: string,
    matches: readonly MatchRecord[],
    keep: ReadonlySet<string> = NOTHING_KEPT,
  ): number {
    let changed = 0;
    const held = this.digest.beforeMatches(eventId);
    const wanted = new Set(matches.map((match) => match.id));
    for (const id of this.matchIdsOf.all(eventId)) {
      if (!wanted.has(id) && !keep.has(id)) changed += this.deleteMatch.run(id).changes;
    }
    // The match_teams rows follow by trigger from the alliances' JSON (see migrations.ts).
    for (const match of matches) changed += this.upsertMatch.run(matchParams(match)).changes;
    if (changed > 0) {
      this.digest.matchesWritten(eventId, held, matches, keep);
      this.changes.record(`event:${eventId}:matches`);
    }
    return changed;
  }

  /** The event's clips become `clips`; those of `keep` (unreadable this time) stay as held. */
  replaceClips(
    eventId: string,
    clips: readonly ClipRecord[],
    keep: ReadonlySet<string> = NOTHING_KEPT,
  ): number {
    let changed = 0;
    const wanted = new Set(clips.map((clip) => clip.id));
    for (const id of this.clipIdsOf.all(eventId)) {
      if (!wanted.has(id) && !keep.has(id)) changed += this.deleteClip.run(id).changes;
    }
    for (const clip of clips) changed += this.upsertClip.run(clipParams(clip)).changes;
    if (changed > 0) this.changes.record(`event:${eventId}:clips`);
    return changed;
  }
}
