import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../routes';
import { analysisQueries } from '../../stores/analysis';
import { useFavorites } from '../../stores/library';
import { eventQueries } from '../../stores/reads';
import { NextMatchLine } from './NextMatchLine';
import '../../styles/analysis.css';

/**
 * On an event's page, the next match of each favorite team at it: what a scout following their
 * teams looks for first. Nothing when no favorite is registered here.
 */
export function FavoritesNext({ eventId }: { eventId: string }) {
  const favorites = useFavorites();
  const registered = eventQueries.useQuery('allTeams', { eventId }).value?.data ?? [];
  const here = registered.map((team) => team.number).filter((team) => favorites.includes(team));
  const answers = analysisQueries.useQueries(
    'team',
    here.map((teamNumber) => ({ teamNumber })),
  );
  if (here.length === 0) return null;
  return (
    <ul
      className="favorites-next"
      aria-label="Favorite teams’ next matches"
      data-testid="favorites-next"
    >
      {here.map((teamNumber, at) => {
        const data = answers[at]?.value?.data ?? null;
        // Their next match may be at another event: here, only this event's.
        const next =
          data === null || data.next.state === 'none' || data.next.eventId === eventId
            ? data?.next
            : { state: 'none' as const };
        return (
          <li key={teamNumber} data-testid="favorite-next" data-team={teamNumber}>
            <Star size={13} aria-hidden="true" className="favorite-icon" />{' '}
            <Link to={paths.team(teamNumber)}>{teamNumber}</Link>:{' '}
            {next === undefined ? (
              <span className="muted">Computing…</span>
            ) : (
              <NextMatchLine next={next} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
