import type { Statement } from 'better-sqlite3';
import type { ClipRecord } from '../../shared/wire/clip';
import type { EventListItem, EventRecord } from '../../shared/wire/event';
import type { MatchRecord } from '../../shared/wire/match';
import type { TeamSeasonStats } from '../../shared/wire/stats';
import type { TeamListItem, TeamRecord } from '../../shared/wire/team';
import { parseResourceKey, type ResourceKey, type TeamPart } from '../../shared/ipc/resources';
import type { AppDatabase } from '../storage/database';
import { NO_CHANGE_LOG, type ChangeRecorder } from './change-log';
import { SyncStateWriter } from './sync-state-writes';
import { clipParams, eventParams, matchParams, teamParams } from './write-params';

const NOTHING_KEPT: ReadonlySet<string> = new Set();

type HeldKind = 'events' | 'teams' | 'teams_of_event' | 'matches' | 'clips';
/** Named, since better-sqlite3 binds `?1` as a name; a statement may leave `eventId` unused. */
type HeldParams = { eventId: string; id: string };

/**
 * The cache's write statements, prepared once. Each method is synchronous and small enough to be
 * one batch of a write session; the sync engine decides how they group into transactions.
 *
 * Upserts only touch a row whose content differs (the `WHERE … IS NOT …` of each DO UPDATE), so a
 * pull that brings nothing new writes nothing, and `changes` says whether anything did. Every
 * row that did change is recorded under the resources it belongs to (`CacheResource`), which
 * is what the commit's change notice will name; bookkeeping (ETags, sync times) is not.
 */
export class CacheWriter {
  private readonly upsertEventItem: Statement;
  private readonly upsertEventDetail: Statement;
  private readonly listedEventIds: Statement<[], string>;
  private readonly unlistEvent: Statement<[string]>;
  private readonly deleteEvent: Statement<[string]>;
  private readonly isPinned: Statement<[string], number>;
  private readonly eventExists: Statement<[string], number>;
  private readonly eventSeason: Statement<[string], string>;

  private readonly upsertTeamItem: Statement;
  private readonly insertUnlistedTeam: Statement;
  private readonly upsertTeamDetail: Statement;
  private readonly listedTeamNumbers: Statement<[], number>;
  private readonly unlistTeam: Statement<[number]>;
  private readonly deleteUnreferencedTeam: Statement<[number]>;

  private readonly registrationsOf: Statement<[string], number>;
  private readonly insertRegistration: Statement<[string, number]>;
  private readonly deleteRegistration: Statement<[string, number]>;

  private readonly matchIdsOf: Statement<[string], string>;
  private readonly upsertMatch: Statement;
  private readonly deleteMatch: Statement<[string]>;

  private readonly clipIdsOf: Statement<[string], string>;
  private readonly upsertClip: Statement;
  private readonly deleteClip: Statement<[string]>;

  private readonly upsertStats: Statement;
  private readonly selectFetched: Statement<[string], string>;
  private readonly deleteFetched: Statement<[string]>;
  private readonly insertFetched: Statement<[string, number, string]>;
  /** The copy's bookkeeping: sync state, validators, what was learned of the service. */
  readonly syncState: SyncStateWriter;
  private readonly heldStatements: Record<HeldKind, Statement<[HeldParams], number>>;

  constructor(
    db: AppDatabase,
    private readonly changes: ChangeRecorder = NO_CHANGE_LOG,
  ) {
    this.upsertEventItem = db.prepare(`INSERT INTO events (id, name, season, start_date, end_date,
        venue, city, state, country, stream_status, team_count, clip_count, listed)
      VALUES (@id, @name, @season, @startDate, @endDate, @venue, @city, @state, @country,
        @streamStatus, @teamCount, @clipCount, 1)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, season = excluded.season,
        start_date = excluded.start_date, end_date = excluded.end_date, venue = excluded.venue,
        city = excluded.city, state = excluded.state, country = excluded.country,
        stream_status = excluded.stream_status, team_count = excluded.team_count,
        clip_count = excluded.clip_count, listed = 1
      WHERE (events.name, events.season, events.start_date, events.end_date, events.venue,
        events.city, events.state, events.country, events.stream_status, events.team_count,
        events.clip_count, events.listed)
        IS NOT (excluded.name, excluded.season, excluded.start_date, excluded.end_date,
        excluded.venue, excluded.city, excluded.state, excluded.country, excluded.stream_status,
        excluded.team_count, excluded.clip_count, 1)`);
    this.upsertEventDetail = db.prepare(`INSERT INTO events (id, name, season, start_date,
        end_date, venue, city, state, country, stream_status, team_count, clip_count, listed,
        visibility, created_at, updated_at)
      VALUES (@id, @name, @season, @startDate, @endDate, @venue, @city, @state, @country,
        @streamStatus, @teamCount, @clipCount, @listed, @visibility, @createdAt, @updatedAt)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, season = excluded.season,
        start_date = excluded.start_date, end_date = excluded.end_date, venue = excluded.venue,
        city = excluded.city, state = excluded.state, country = excluded.country,
        stream_status = excluded.stream_status, team_count = excluded.team_count,
        clip_count = excluded.clip_count, visibility = excluded.visibility,
        created_at = excluded.created_at, updated_at = excluded.updated_at
      WHERE (events.name, events.season, events.start_date, events.end_date, events.venue,
        events.city, events.state, events.country, events.stream_status, events.team_count,
        events.clip_count, events.visibility, events.created_at, events.updated_at)
        IS NOT (excluded.name, excluded.season, excluded.start_date, excluded.end_date,
        excluded.venue, excluded.city, excluded.state, excluded.country, excluded.stream_status,
        excluded.team_count, excluded.clip_count, excluded.visibility, excluded.created_at,
        excluded.updated_at)`);
    this.listedEventIds = db.prepare<[], string>('SELECT id FROM events WHERE listed = 1').pluck();
    this.unlistEvent = db.prepare('UPDATE events SET listed = 0 WHERE id = ?');
    this.deleteEvent = db.prepare('DELETE FROM events WHERE id = ?');
    this.isPinned = db
      .prepare<[string], number>('SELECT 1 FROM pinned_events WHERE event_id = ?')
      .pluck();
    this.eventExists = db.prepare<[string], number>('SELECT 1 FROM events WHERE id = ?').pluck();
    this.eventSeason = db
      .prepare<[string], string>('SELECT season FROM events WHERE id = ?')
      .pluck();

    const teamValues = `@number, @name, @school, @city, @state, @country, @rookie, @website,
        @clipCount`;
    const teamUpdate = `name = excluded.name, school = excluded.school, city = excluded.city,
        state = excluded.state, country = excluded.country, rookie = excluded.rookie,
        website = excluded.website, clip_count = excluded.clip_count`;
    const teamDiffers = `(teams.name, teams.school, teams.city, teams.state, teams.country,
        teams.rookie, teams.website, teams.clip_count)
        IS NOT (excluded.name, excluded.school, excluded.city, excluded.state, excluded.country,
        excluded.rookie, excluded.website, excluded.clip_count)`;
    this.upsertTeamItem = db.prepare(`INSERT INTO teams (number, name, school, city, state,
        country, rookie, website, clip_count, listed) VALUES (${teamValues}, 1)
      ON CONFLICT (number) DO UPDATE SET ${teamUpdate}, listed = 1
      WHERE ${teamDiffers} OR teams.listed = 0`);
    // An event's team list describes teams too; they join the team list only when it says so.
    this.insertUnlistedTeam = db.prepare(`INSERT INTO teams (number, name, school, city, state,
        country, rookie, website, clip_count, listed) VALUES (${teamValues}, 0)
      ON CONFLICT (number) DO UPDATE SET ${teamUpdate} WHERE ${teamDiffers}`);
    this.upsertTeamDetail = db.prepare(`INSERT INTO teams (number, name, school, city, state,
        country, rookie, website, clip_count, listed, event_count, match_count)
      VALUES (${teamValues}, 0, @eventCount, @matchCount)
      ON CONFLICT (number) DO UPDATE SET ${teamUpdate}, event_count = excluded.event_count,
        match_count = excluded.match_count
      WHERE ${teamDiffers} OR (teams.event_count, teams.match_count)
        IS NOT (excluded.event_count, excluded.match_count)`);
    this.listedTeamNumbers = db
      .prepare<[], number>('SELECT number FROM teams WHERE listed = 1')
      .pluck();
    this.unlistTeam = db.prepare('UPDATE teams SET listed = 0 WHERE number = ?');
    this.deleteUnreferencedTeam = db.prepare(`DELETE FROM teams WHERE number = ? AND listed = 0
      AND NOT EXISTS (SELECT 1 FROM registrations WHERE team_number = teams.number)`);

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

    this.upsertStats = db.prepare(`INSERT INTO team_stats (team_number, season, events, matches,
        wins, losses, win_rate, avg_score, high_score, rank_regional, rank_state, rank_world)
      VALUES (@teamNumber, @season, @events, @matches, @wins, @losses, @winRate, @avgScore,
        @highScore, @regional, @state, @world)
      ON CONFLICT (team_number, season) DO UPDATE SET events = excluded.events,
        matches = excluded.matches, wins = excluded.wins, losses = excluded.losses,
        win_rate = excluded.win_rate, avg_score = excluded.avg_score,
        high_score = excluded.high_score, rank_regional = excluded.rank_regional,
        rank_state = excluded.rank_state, rank_world = excluded.rank_world
      WHERE (team_stats.events, team_stats.matches, team_stats.wins, team_stats.losses,
        team_stats.win_rate, team_stats.avg_score, team_stats.high_score,
        team_stats.rank_regional, team_stats.rank_state, team_stats.rank_world)
        IS NOT (excluded.events, excluded.matches, excluded.wins, excluded.losses,
        excluded.win_rate, excluded.avg_score, excluded.high_score, excluded.rank_regional,
        excluded.rank_state, excluded.rank_world)`);
    this.selectFetched = db
      .prepare<[string], string>(
        'SELECT record FROM fetched_records WHERE resource = ? ORDER BY position',
      )
      .pluck();
    this.deleteFetched = db.prepare('DELETE FROM fetched_records WHERE resource = ?');
    this.insertFetched = db.prepare(
      'INSERT INTO fetched_records (resource, position, record) VALUES (?, ?, ?)',
    );
    this.syncState = new SyncStateWriter(db, changes);
    const held = (sql: string) => db.prepare<[HeldParams], number>(sql).pluck();
    this.heldStatements = {
      events: held('SELECT count(*) FROM events WHERE id = @id AND listed = 1'),
      teams: held('SELECT count(*) FROM teams WHERE number = CAST(@id AS INTEGER) AND listed = 1'),
      teams_of_event: held(`SELECT count(*) FROM registrations
        WHERE event_id = @eventId AND team_number = CAST(@id AS INTEGER)`),
      matches: held('SELECT count(*) FROM matches WHERE event_id = @eventId AND id = @id'),
      clips: held('SELECT count(*) FROM clips WHERE event_id = @eventId AND id = @id'),
    };
  }

  /** Returns how many rows were new or different. */
  upsertEvents(items: readonly EventListItem[]): number {
    let changed = 0;
    for (const item of items) {
      if (this.upsertEventItem.run(eventParams(item)).changes === 0) continue;
      changed += 1;
      this.changes.record('events', `event:${item.id}`);
    }
    return changed;
  }

  /**
   * Stores a single event read by id. `listed` is only set for an event we did not hold before:
   * whether the list shows it is the list's business.
   */
  upsertEventRecord(record: EventRecord): number {
    const listed = this.eventExists.get(record.id) === undefined ? 0 : undefined;
    const changed = this.upsertEventDetail.run({
      ...eventParams(record),
      listed: listed ?? 1,
      visibility: record.visibility,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    }).changes;
    if (changed > 0) this.changes.record('events', `event:${record.id}`);
    return changed;
  }

  listedEvents(): string[] {
    return this.listedEventIds.all();
  }

  /**
   * An event the list no longer shows: gone with its matches, clips and registrations, unless it is
   * pinned, in which case it stays readable by id until a read by id says it is gone.
   */
  dropEventFromList(eventId: string): void {
    if (this.isPinned.get(eventId) === undefined) this.removeEvent(eventId);
    else if (this.unlistEvent.run(eventId).changes > 0) {
      this.changes.record('events', `event:${eventId}`);
    }
  }

  /**
   * An event gone from the service: its row with its matches, clips and registrations (foreign
   * keys cascade), and what we knew about its copies, so nothing claims a copy that is not there.
   */
  removeEvent(eventId: string): boolean {
    const registered = this.registrationsOf.all(eventId);
    const removed = this.deleteEvent.run(eventId).changes > 0;
    this.syncState.forget(`event:${eventId}`, `/v1/events/${eventId}`);
    // An event we never held changes nothing: no notice, so a view on it cannot loop on a 404.
    if (removed) {
      this.changes.record(
        'events',
        `event:${eventId}`,
        `event:${eventId}:teams`,
        `event:${eventId}:matches`,
        `event:${eventId}:clips`,
      );
      if (registered.length > 0) this.changes.record('registrations');
      for (const number of registered) this.changes.record(`team:${number}:events`);
    }
    return removed;
  }

  seasonOf(eventId: string): string | null {
    return this.eventSeason.get(eventId) ?? null;
  }

  hasEvent(eventId: string): boolean {
    return this.eventExists.get(eventId) !== undefined;
  }

  upsertTeams(items: readonly TeamListItem[]): number {
    let changed = 0;
    for (const item of items) {
      if (this.upsertTeamItem.run(teamParams(item)).changes === 0) continue;
      changed += 1;
      this.changes.record('teams', `team:${item.number}`);
    }
    return changed;
  }

  /** The single record's clip count is the list's `clipCount` under another name. */
  upsertTeamRecord(record: TeamRecord): number {
    const changed = this.upsertTeamDetail.run({
      ...teamParams({ ...record, ...record.location, clipCount: record.stats.clipCount }),
      eventCount: record.stats.eventCount,
      matchCount: record.stats.matchCount,
    }).changes;
    if (changed > 0) this.changes.record('teams', `team:${record.number}`);
    return changed;
  }

  listedTeams(): number[] {
    return this.listedTeamNumbers.all();
  }

  /** A team the list no longer shows stays only while an event we hold still lists it. */
  dropTeamFromList(teamNumber: number): void {
    if (this.unlistTeam.run(teamNumber).changes > 0) {
      this.changes.record('teams', `team:${teamNumber}`);
    }
    this.dropUnreferencedTeam(teamNumber);
  }

  /** A team row nothing shows any more; everything read about it goes with it. */
  private dropUnreferencedTeam(teamNumber: number): void {
    if (this.deleteUnreferencedTeam.run(teamNumber).changes === 0) return;
    this.changes.record(
      'teams',
      `team:${teamNumber}`,
      `team:${teamNumber}:events`,
      `team:${teamNumber}:matches`,
      `team:${teamNumber}:clips`,
      `team:${teamNumber}:stats`,
    );
  }

  /**
   * Makes the event's registrations exactly `teams`, plus those of `keep` (team numbers as text:
   * listed, but unreadable this time) as they were; returns how many rows changed.
   */
  replaceEventTeams(
    eventId: string,
    teams: readonly TeamListItem[],
    keep: ReadonlySet<string> = NOTHING_KEPT,
  ): number {
    let changed = 0;
    for (const team of teams) {
      if (this.insertUnlistedTeam.run(teamParams(team)).changes === 0) continue;
      changed += 1;
      this.changes.record('teams', `team:${team.number}`);
    }
    const wanted = new Set(teams.map((team) => team.number));
    const held = new Set(this.registrationsOf.all(eventId));
    const registrationChanged = (number: number) => {
      changed += 1;
      this.changes.record(`event:${eventId}:teams`, 'registrations', `team:${number}:events`);
    };
    for (const number of held) {
      if (wanted.has(number) || keep.has(String(number))) continue;
      if (this.deleteRegistration.run(eventId, number).changes > 0) registrationChanged(number);
      this.dropUnreferencedTeam(number);
    }
    for (const number of wanted) {
      if (held.has(number)) continue;
      if (this.insertRegistration.run(eventId, number).changes > 0) registrationChanged(number);
    }
    return changed;
  }

  /** The event's matches become `matches`; those of `keep` (unreadable this time) stay as held. */
  replaceEventMatches(
    eventId: string,
    matches: readonly MatchRecord[],
    keep: ReadonlySet<string> = NOTHING_KEPT,
  ): number {
    let changed = 0;
    const wanted = new Set(matches.map((match) => match.id));
    for (const id of this.matchIdsOf.all(eventId)) {
      if (!wanted.has(id) && !keep.has(id)) changed += this.deleteMatch.run(id).changes;
    }
    // The match_teams rows follow by trigger from the alliances' JSON (see migrations.ts).
    for (const match of matches) changed += this.upsertMatch.run(matchParams(match)).changes;
    if (changed > 0) this.changes.record(`event:${eventId}:matches`);
    return changed;
  }

  /** The event's clips become `clips`; those of `keep` (unreadable this time) stay as held. */
  replaceEventClips(
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

  putTeamStats(teamNumber: number, stats: TeamSeasonStats): number {
    const changed = this.upsertStats.run({
      teamNumber,
      season: stats.season,
      events: stats.events,
      matches: stats.matches,
      wins: stats.wins,
      losses: stats.losses,
      winRate: stats.winRate,
      avgScore: stats.avgScore,
      highScore: stats.highScore,
      ...stats.rankings,
    }).changes;
    if (changed > 0) {
      this.changes.record(`team:${teamNumber}:stats`, `team:${teamNumber}:stats:${stats.season}`);
    }
    return changed;
  }

  /**
   * Replaces a fetched list (a team's events, matches or clips) with `records`, in order, unless
   * it holds exactly these already. Returns the rows removed and written, so emptying a list
   * counts as a change too.
   */
  replaceFetched(resource: `team:${number}:${TeamPart}`, records: readonly unknown[]): number {
    const texts = records.map((record) => JSON.stringify(record));
    const held = this.selectFetched.all(resource);
    if (held.length === texts.length && held.every((text, index) => text === texts[index])) {
      return 0;
    }
    const removed = this.deleteFetched.run(resource).changes;
    texts.forEach((text, position) => this.insertFetched.run(resource, position, text));
    this.changes.record(resource);
    return removed + texts.length;
  }

  /**
   * How many of `ids` (records the service listed but we could not read) the copy of `resource`
   * still holds from before; a fetched copy (a team's part) never keeps them.
   */
  countHeld(resource: ResourceKey, ids: readonly string[]): number {
    const parsed = parseResourceKey(resource);
    let kind: HeldKind | null = null;
    let eventId = '';
    if (parsed?.kind === 'events' || parsed?.kind === 'teams') kind = parsed.kind;
    else if (parsed?.kind === 'eventPart') {
      kind = parsed.part === 'teams' ? 'teams_of_event' : parsed.part;
      eventId = parsed.eventId;
    }
    if (kind === null) return 0;
    const statement = this.heldStatements[kind];
    return ids.reduce((count, id) => count + (statement.get({ eventId, id }) ?? 0), 0);
  }
}
