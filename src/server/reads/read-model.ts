import type { ClipRecord } from '../../shared/wire/clip';
import type { EventListItem, EventRecord } from '../../shared/wire/event';
import type { MatchRecord } from '../../shared/wire/match';
import type { TeamSeasonStats } from '../../shared/wire/stats';
import type { TeamListItem, TeamRecord } from '../../shared/wire/team';
import type { EventClipFilters, TeamClipFilters } from '../store/clips';
import type { EventScope } from '../store/event-rows';
import type { EventFilters } from '../store/events';
import type { TeamMatchFilters } from '../store/matches';
import type { Page, PageOf } from '../store/paging';
import type { TeamFilters } from '../store/teams';

/**
 * What the GET endpoints of the interface read, in wire records. The reference service answers it
 * from its store; a venue share answers it from a Pitside cache. The routes (paths, parameters,
 * envelopes, errors, validators) are the same code for both, so the two speak one interface.
 *
 * `now` is the answering side's clock formatted like stored timestamps: statuses follow it.
 */
export interface ReadModel {
  events(filters: EventFilters, scope: EventScope, now: string, page: Page): PageOf<EventListItem>;
  /** The event as a caller of this scope may read it; `undefined` where it does not exist for them. */
  event(eventId: string, scope: EventScope, now: string): EventRecord | undefined;
  eventTeams(eventId: string, page: Page): PageOf<TeamListItem>;
  eventMatches(eventId: string, page: Page): PageOf<MatchRecord>;
  eventClips(eventId: string, filters: EventClipFilters, page: Page): PageOf<ClipRecord>;

  teams(filters: TeamFilters, scope: EventScope, page: Page): PageOf<TeamListItem>;
  hasTeam(teamNumber: number): boolean;
  team(teamNumber: number): TeamRecord | undefined;
  teamEvents(
    teamNumber: number,
    season: string | undefined,
    scope: EventScope,
    now: string,
    page: Page,
  ): PageOf<EventListItem>;
  teamMatches(
    teamNumber: number,
    filters: TeamMatchFilters,
    scope: EventScope,
    page: Page,
  ): PageOf<MatchRecord>;
  teamClips(
    teamNumber: number,
    filters: TeamClipFilters,
    scope: EventScope,
    page: Page,
  ): PageOf<ClipRecord>;
  /** Without a season asked for, the season this side answers by default. */
  teamStats(teamNumber: number, season: string | undefined): TeamSeasonStats | undefined;
}
