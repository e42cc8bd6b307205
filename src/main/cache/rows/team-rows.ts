import type { Statement } from 'better-sqlite3';
import type { TeamListItem, TeamRecord } from '../../../shared/wire/team';
import type { AppDatabase } from '../../storage/database';
import type { ChangeRecorder } from '../change-log';
import { teamParams } from '../write-params';

/**
 * The teams table as syncs write it. A team is in the team list (`listed`) only when the list says
 * so; an event's team list describes teams too, and keeps them while it names them.
 */
export class TeamRows {
  private readonly upsertTeamItem: Statement;
  private readonly insertUnlistedTeam: Statement;
  private readonly upsertTeamDetail: Statement;
  private readonly listedTeamNumbers: Statement<[], number>;
  private readonly unlistTeam: Statement<[number]>;
  private readonly deleteUnreferencedTeam: Statement<[number]>;

  constructor(
    db: AppDatabase,
    private readonly changes: ChangeRecorder,
  ) {
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
  }

  upsertItems(items: readonly TeamListItem[]): number {
    let changed = 0;
    for (const item of items) {
      if (this.upsertTeamItem.run(teamParams(item)).changes === 0) continue;
      changed += 1;
      this.changes.record('teams', `team:${item.number}`);
    }
    return changed;
  }

  /** A team named by an event's team list; it joins the team list only when that list says so. */
  upsertFromEvent(team: TeamListItem): number {
    const changed = this.insertUnlistedTeam.run(teamParams(team)).changes;
    if (changed > 0) this.changes.record('teams', `team:${team.number}`);
    return changed;
  }

  /** The single record's clip count is the list's `clipCount` under another name. */
  upsertRecord(record: TeamRecord): number {
    const changed = this.upsertTeamDetail.run({
      ...teamParams({ ...record, ...record.location, clipCount: record.stats.clipCount }),
      eventCount: record.stats.eventCount,
      matchCount: record.stats.matchCount,
    }).changes;
    if (changed > 0) this.changes.record('teams', `team:${record.number}`);
    return changed;
  }

  listed(): number[] {
    return this.listedTeamNumbers.all();
  }

  /** A team the list no longer shows stays only while an event we hold still lists it. */
  dropFromList(teamNumber: number): void {
    if (this.unlistTeam.run(teamNumber).changes > 0) {
      this.changes.record('teams', `team:${teamNumber}`);
    }
    this.dropIfUnreferenced(teamNumber);
  }

  /** A team row nothing shows any more; everything read about it goes with it. */
  dropIfUnreferenced(teamNumber: number): void {
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
}
