import { resourceKeys, type TeamPart } from '../../../shared/ipc/resources';
import { formatTimestamp } from '../../../shared/wire/formats';
import { withQuery } from '../../api/client';
import { ApiError } from '../../api/errors';
import { STATS_SEASON_IGNORED } from '../plan';
import {
  commitList,
  commitState,
  failed,
  listSource,
  pullRecord,
  pullWholeList,
  request,
  requireAnswer,
  held,
  type PageFetch,
  type PullContext,
  type PullOutcome,
} from './context';

/** A team's single record: its counts over all seasons. */
export function pullTeam(context: PullContext, teamNumber: number): Promise<PullOutcome> {
  return pullRecord(
    context,
    resourceKeys.team(teamNumber),
    `/v1/teams/${teamNumber}`,
    (read) => context.client.getTeam(teamNumber, read),
    (record) => context.writer.teams.upsertRecord(record.data),
  );
}

/**
 * A team's events, matches or clips as the service lists them, for teams whose events are not all
 * synced in full (otherwise the cache derives them and this copy is not needed). Kept as the
 * records the service sent, in its order.
 */
export function pullTeamPart(
  context: PullContext,
  teamNumber: number,
  part: TeamPart,
): Promise<PullOutcome> {
  const { client } = context;
  const resource = resourceKeys.teamPart(teamNumber, part);
  const store = <Item>(fetch: PageFetch<Item>, keyOf: (item: Item) => string | number) => {
    const path = `/v1/teams/${teamNumber}/${part}`;
    return pullWholeList(
      context,
      resource,
      listSource(context, resource, path, fetch, keyOf),
      (pull) =>
        context.batch.write(() => {
          const rows = context.writer.teamParts.replaceFetched(resource, pull.items);
          commitList(context, resource, pull);
          return rows;
        }),
    );
  };
  switch (part) {
    case 'events':
      return store(
        (page, read) => client.teamEvents(teamNumber, page, read),
        (event) => event.id,
      );
    case 'matches':
      return store(
        (page, read) => client.teamMatches(teamNumber, page, read),
        (match) => match.id,
      );
    case 'clips':
      return store(
        (page, read) => client.teamClips(teamNumber, page, read),
        (clip) => clip.id,
      );
  }
}

/** What a statistics pull learned besides the copy: which season the service answered. */
export interface StatsOutcome extends PullOutcome {
  /** The season the answer is for; `null` when there was none (the team is gone). */
  season: string | null;
}

/**
 * A team's statistics for one season, or without `season` for the season the service picks (that
 * of the team's latest event). `?season=` is an extension: a server without it answers the
 * default season whatever we ask, and the answer is kept under the season it names. That is why
 * this is not a plain `pullRecord`: which resource the answer is only shows in the answer.
 */
export async function pullTeamStats(
  context: PullContext,
  teamNumber: number,
  season: string | undefined,
): Promise<StatsOutcome> {
  const path = withQuery(`/v1/teams/${teamNumber}/stats`, { season });
  const asked = season === undefined ? null : resourceKeys.teamStats(teamNumber, season);
  try {
    const ifNoneMatch = asked === null ? null : held(context, asked).etagOf(path);
    const response = await request(context, () =>
      context.client.teamStats(teamNumber, season, { ifNoneMatch, signal: context.signal }),
    );
    requireAnswer(response, ifNoneMatch, path);
    const stats = response.value?.data;
    // A 304 only comes for the season asked: its validator is only kept when that one answered.
    const answered = stats?.season ?? season ?? null;
    const resource = stats === undefined ? asked : resourceKeys.teamStats(teamNumber, stats.season);
    if (resource === null) return { changed: false, records: 0, season: answered };
    context.sourceTimes.note(resource, response.headers);
    const rows = await context.batch.write(() => {
      const changedRows =
        stats === undefined ? 0 : context.writer.teamParts.putStats(teamNumber, stats);
      // The validator belongs to the URL we asked, and only means "this season" when we asked it.
      const etags = new Map([[path, resource === asked ? response.etag : null]]);
      commitState(context, resource, 1, null, etags);
      // Asked one season, answered another: asking this service for a season again would only
      // bring the same answer once more. Remembered with the copy, so a restart knows it too.
      if (asked !== null && resource !== asked) {
        context.writer.syncState.setServiceFact(
          STATS_SEASON_IGNORED,
          formatTimestamp(context.now()),
        );
      }
      return changedRows;
    });
    return { changed: rows > 0, records: 1, season: answered };
  } catch (error) {
    // The team is gone from this service; from a copy still kept for another, nothing is.
    if (error instanceof ApiError && error.code === 'not_found' && !context.replacement.pending) {
      return { changed: false, records: 0, season: null };
    }
    return failed(context, asked ?? resourceKeys.team(teamNumber), error);
  }
}
