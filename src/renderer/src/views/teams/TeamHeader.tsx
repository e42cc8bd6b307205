import { ExternalLink, GitCompare, Star } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Freshness as FreshnessInfo } from '../../../../shared/ipc/cached';
import type { CachedTeam } from '../../../../shared/ipc/reads';
import { httpsUrlSchema } from '../../../../shared/wire/formats';
import { Freshness } from '../../components/Freshness';
import { paths } from '../../routes';
import { useActions } from '../../stores/actions';
import { libraryActions, useFavorites } from '../../stores/library';
import { teamLocation } from './TeamGrid';

/** "254 · The Cheesy Poofs": the number first, as scouts say it. */
export function teamTitle(team: Pick<CachedTeam, 'number' | 'name'>): string {
  return team.name === '' ? String(team.number) : `${team.number} · ${team.name}`;
}

/** The site opens in the system browser through main, and only over https; else it is text. */
function Website({ url }: { url: string }) {
  const openLink = useActions((state) => state.openLink);
  if (!httpsUrlSchema.safeParse(url).success) return <span>{url}</span>;
  return (
    <button
      type="button"
      className="button link"
      onClick={() => void openLink(url)}
      title={`Open ${url} in your browser`}
    >
      {url.replace(/^https:\/\//, '').replace(/\/$/, '')}
      <ExternalLink size={12} aria-hidden="true" />
    </button>
  );
}

export function FavoriteToggle({ teamNumber }: { teamNumber: number }) {
  const favorite = useFavorites().includes(teamNumber);
  const { setFavorite } = libraryActions;
  return (
    <button
      type="button"
      className="button icon-only favorite-toggle"
      aria-pressed={favorite}
      aria-label="Favorite"
      title={favorite ? 'Remove from favorites' : 'Add to favorites'}
      onClick={() => void setFavorite(teamNumber, !favorite)}
      data-testid="favorite-toggle"
    >
      <Star size={16} aria-hidden="true" fill={favorite ? 'currentColor' : 'none'} />
    </button>
  );
}

/** Number and name, then school, location, rookie year and website; favorite and compare. */
export function TeamHeader({ team, freshness }: { team: CachedTeam; freshness: FreshnessInfo }) {
  const navigate = useNavigate();
  const location = teamLocation(team);
  return (
    <>
      <header className="page-header team-header">
        <h1>{teamTitle(team)}</h1>
        <FavoriteToggle teamNumber={team.number} />
        <span className="actions">
          <Freshness freshness={freshness} />
          <button
            type="button"
            className="button"
            onClick={() => void navigate(paths.compare([team.number]))}
          >
            <GitCompare size={14} aria-hidden="true" />
            Compare
          </button>
        </span>
      </header>
      <dl className="facts team-facts" data-testid="team-facts">
        {team.school !== '' && (
          <div>
            <dt>School</dt>
            <dd>{team.school}</dd>
          </div>
        )}
        {location !== '' && (
          <div>
            <dt>Location</dt>
            <dd>{location}</dd>
          </div>
        )}
        <div>
          <dt>Rookie year</dt>
          <dd className="num">{team.rookie}</dd>
        </div>
        {team.website !== '' && (
          <div>
            <dt>Website</dt>
            <dd>
              <Website url={team.website} />
            </dd>
          </div>
        )}
      </dl>
    </>
  );
}
