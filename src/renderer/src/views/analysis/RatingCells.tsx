import type { SeasonRating } from '../../../../shared/ipc/analysis';
import { analysisQueries } from '../../stores/analysis';
import { seasonOf } from '../teams/seasons';
import { formatFigure } from './analysis-words';

export interface SeasonRatings {
  /** The season the figures are for; null until one has any. */
  season: string | null;
  byTeam: ReadonlyMap<number, SeasonRating>;
  computing: boolean;
}

const NONE: ReadonlyMap<number, SeasonRating> = new Map();

function previousSeason(season: string): string {
  const first = Number(season.slice(0, 4)) - 1;
  return `${first}-${first + 1}`;
}

/**
 * The OPR and Rating columns' figures for a list of teams: the season filtered on, else the
 * current one, or the one before while the current has no rated team yet (before its first event).
 */
export function useSeasonRatings(asked: string | undefined): SeasonRatings {
  const current = asked ?? seasonOf(new Date());
  const candidates = asked === undefined ? [current, previousSeason(current)] : [current];
  const answers = analysisQueries.useQueries(
    'season',
    candidates.map((season) => ({ season })),
  );
  const computing = answers.some((answer) => (answer.value?.data ?? null) === null);
  const rated = answers
    .map((answer) => answer.value?.data ?? null)
    .find((data) => data !== null && data.teams.length > 0);
  if (rated === undefined || rated === null) return { season: null, byTeam: NONE, computing };
  return {
    season: rated.season,
    byTeam: new Map(rated.teams.map((team) => [team.team, team])),
    computing,
  };
}

/** A team's OPR (latest event) and Rating cells in the Teams list; a dash when it has none. */
export function RatingCells({ rating }: { rating: SeasonRating | undefined }) {
  return (
    <>
      <span role="gridcell" className="num" data-testid="teams-opr">
        {rating?.opr === null || rating === undefined ? '—' : formatFigure(rating.opr)}
      </span>
      <span role="gridcell" className="num" data-testid="teams-rating">
        {rating === undefined ? '—' : formatFigure(rating.rating)}
      </span>
    </>
  );
}
