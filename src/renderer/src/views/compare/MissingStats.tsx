import { Star } from 'lucide-react';
import { libraryActions, useFavorites } from '../../stores/library';
import { selectOffline, useSyncStatus } from '../../stores/sync-status';
import { notKeptWords } from '../teams/not-kept-words';
import type { CompareColumn } from './use-compare-columns';

/**
 * Why a team has no figures here, in one cell down its column. Offline the copy is all there is,
 * so it says the statistics were not kept and offers the star that keeps them next time, in the
 * Team page's words; online they are on their way from the service.
 */
export function MissingStats({
  column,
  season,
  rows,
}: {
  column: CompareColumn;
  season: string | null;
  rows: number;
}) {
  const offline = useSyncStatus(selectOffline);
  const favorite = useFavorites().includes(column.teamNumber);
  const { setFavorite } = libraryActions;
  const { teamNumber, hasSeasons } = column;
  const forSeason = season === null ? '' : ` for ${season}`;
  const text = !offline
    ? (column.freshness?.syncedAt ?? null) !== null
      ? `The service has no statistics${forSeason} for this team.`
      : `No statistics${forSeason} in the local copy yet: they are being fetched from the service.`
    : notKeptWords({
        what: 'statistics',
        favorite,
        season: hasSeasons && season !== null ? season : undefined,
      });
  return (
    <td
      rowSpan={rows}
      className="compare-missing-stats"
      data-team={teamNumber}
      data-testid="compare-no-stats"
    >
      <p>{text}</p>
      {offline && !favorite && (
        <button
          type="button"
          className="button"
          onClick={() => void setFavorite(teamNumber, true)}
          data-testid="compare-star"
        >
          <Star size={14} aria-hidden="true" /> Star {teamNumber}
        </button>
      )}
    </td>
  );
}
