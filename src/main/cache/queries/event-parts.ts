import { Conditions } from '../../../shared/sql/list-sql';
import type { EventClipsInput } from '../../../shared/ipc/reads';
import type { ClipRecord } from '../../../shared/wire/clip';
import type { MatchRecord } from '../../../shared/wire/match';
import type { TeamListItem } from '../../../shared/wire/team';
import type { AppDatabase } from '../../storage/database';
import { Lister, type ListPage, type PageRequest } from './paging';
import {
  CLIP_COLUMNS,
  MATCH_COLUMNS,
  TEAM_COLUMNS,
  toClipRecord,
  toMatchRecord,
  toTeamListItem,
  type ClipRow,
  type MatchRow,
  type TeamRow,
} from './rows';

/** The teams, matches and clips of one event, in the service's orders. */
export class EventPartQueries {
  private readonly teams: Lister<TeamRow>;
  private readonly matches: Lister<MatchRow>;
  private readonly clips: Lister<ClipRow>;

  constructor(db: AppDatabase) {
    this.teams = new Lister<TeamRow>(db);
    this.matches = new Lister<MatchRow>(db);
    this.clips = new Lister<ClipRow>(db);
  }

  teamsOf(eventId: string, page: PageRequest): ListPage<TeamListItem> {
    return this.teams.list(
      {
        from: 'FROM registrations r JOIN teams t ON t.number = r.team_number',
        columns: TEAM_COLUMNS,
        conditions: new Conditions().add('r.event_id = ?', eventId),
        orderBy: 't.number',
      },
      page,
      toTeamListItem,
    );
  }

  matchesOf(eventId: string, page: PageRequest): ListPage<MatchRecord> {
    return this.matches.list(
      {
        from: 'FROM matches m',
        columns: MATCH_COLUMNS,
        conditions: new Conditions().add('m.event_id = ?', eventId),
        orderBy: 'm.type_rank, m.number',
      },
      page,
      toMatchRecord,
    );
  }

  clipsOf(input: EventClipsInput): ListPage<ClipRecord> {
    const conditions = new Conditions().add('c.event_id = ?', input.eventId);
    if (input.matchType !== undefined) conditions.add('c.match_type = ?', input.matchType);
    if (input.teamNumber !== undefined) {
      conditions.add(
        'c.id IN (SELECT clip_id FROM clip_teams WHERE team_number = ?)',
        input.teamNumber,
      );
    }
    return this.clips.list(
      {
        from: 'FROM clips c',
        columns: CLIP_COLUMNS,
        conditions,
        // Ties broken by id so that pages never overlap or skip a clip.
        orderBy: 'c.recorded_at DESC, c.id',
      },
      input,
      toClipRecord,
    );
  }
}
