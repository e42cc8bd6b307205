import type { Freshness } from '../../../../shared/ipc/cached';
import type { CachedTeam } from '../../../../shared/ipc/reads';
import type { TeamSeasonStats } from '../../../../shared/wire/stats';
import { teamQueries } from '../../stores/reads';
import { compareSeasons } from './compare-rows';

export interface CompareColumn {
  teamNumber: number;
  team: CachedTeam | null;
  /** Why the team could not be read ("not in the cache"), when it could not. */
  teamError: string | null;
  /** The statistics of the season compared; null when the cache has none for it. */
  stats: TeamSeasonStats | null;
  /** Whether the cache holds statistics of any season for the team. */
  hasSeasons: boolean;
  freshness: Freshness | null;
  /** Nothing read yet: the only time a placeholder shows. */
  loading: boolean;
}

export interface Comparison {
  columns: CompareColumn[];
  /** The season compared: the one asked for, else the latest the teams share. */
  season: string | null;
  /** Every season any team has statistics for, newest first, and those all of them have. */
  seasons: { all: string[]; shared: Set<string> };
}

/**
 * The teams' records and one season's statistics. Each team's season-less read (its latest
 * season) names the seasons it has; a team is read again for the compared season only when its
 * latest is another one, so the usual case is one statistics read per team.
 */
export function useComparison(teams: readonly number[], askedSeason: string | null): Comparison {
  const records = teamQueries.useQueries(
    'team',
    teams.map((teamNumber) => ({ teamNumber })),
  );
  const latest = teamQueries.useQueries(
    'stats',
    teams.map((teamNumber) => ({ teamNumber })),
  );
  const seasons = compareSeasons(latest.map((remote) => remote.value?.seasons ?? []));
  const season = askedSeason ?? seasons.latestShared;

  const needsOwnRead = teams.map((_, index) => {
    const answer = latest[index]?.value ?? null;
    return season !== null && answer !== null && answer.data?.season !== season;
  });
  const ownReads = teamQueries.useQueries(
    'stats',
    season === null
      ? []
      : teams
          .filter((_, index) => needsOwnRead[index])
          .map((teamNumber) => ({ teamNumber, season })),
  );

  let nextOwnRead = 0;
  const columns = teams.map((teamNumber, index): CompareColumn => {
    const record = records[index];
    const first = latest[index];
    const own = needsOwnRead[index] ? ownReads[nextOwnRead++] : undefined;
    const answer = own !== undefined ? own.value : (first?.value ?? null);
    const stats = answer?.data ?? null;
    return {
      teamNumber,
      team: record?.value?.data ?? null,
      teamError: record?.status === 'error' ? record.error : null,
      stats: season === null || stats?.season === season ? stats : null,
      hasSeasons: (first?.value?.seasons.length ?? 0) > 0,
      freshness: answer?.freshness ?? null,
      loading:
        (first?.value === null && first.status === 'loading') ||
        (own !== undefined && own.value === null && own.status === 'loading'),
    };
  });

  return { columns, season, seasons: { all: seasons.all, shared: seasons.shared } };
}
