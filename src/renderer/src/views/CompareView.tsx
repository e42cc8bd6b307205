import { Trophy } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { seasonSchema } from '../../../shared/wire/formats';
import { ExportButton } from '../components/ExportButton';
import { StateMessage } from '../components/StateMessage';
import { compareTeams } from '../routes';
import '../styles/compare.css';
import { AddTeamForm } from './compare/AddTeamForm';
import { CompareTable } from './compare/CompareTable';
import { useComparison } from './compare/use-compare-columns';

/** What a link may carry to land on the add field ("Compare 254 with…" in quick open). */
export interface CompareLocationState {
  focusAdd?: boolean;
}

function emptyText(teams: readonly number[]): string {
  if (teams.length === 0) {
    return 'Add two to four teams to compare them: type a team number below and press Add.';
  }
  return `Add one more team to compare ${teams[0]} with: type its number below and press Add.`;
}

/**
 * `#/compare?teams=254,1678&season=2025-2026`: two to four teams side by side on one season's
 * statistics, the best of each row marked. The teams and the season live in the address.
 */
export function CompareView() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const addRef = useRef<HTMLInputElement>(null);
  const teams = compareTeams(searchParams.get('teams'));
  const asked = seasonSchema.safeParse(searchParams.get('season'));
  const askedSeason = asked.success ? asked.data : null;
  const { columns, season, seasons } = useComparison(teams, askedSeason);

  // Arriving from quick open's "Compare 254 with…": the next thing to type is the other team.
  // After App has moved focus to the heading, hence the frame's wait.
  const focusAdd = (location.state as CompareLocationState | null)?.focusAdd === true;
  useEffect(() => {
    if (!focusAdd) return;
    const frame = requestAnimationFrame(() => addRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [focusAdd, location.key]);

  // The address is written by hand so the teams read `254,1678`, not `254%2C1678`.
  const go = (next: readonly number[], nextSeason: string | null) => {
    const teamsPart = next.length === 0 ? '' : `teams=${next.join(',')}`;
    const seasonPart = nextSeason === null ? '' : `season=${encodeURIComponent(nextSeason)}`;
    const search = [teamsPart, seasonPart].filter((part) => part !== '').join('&');
    void navigate({ search: search === '' ? '' : `?${search}` });
  };
  const remove = (teamNumber: number) => {
    go(
      teams.filter((n) => n !== teamNumber),
      askedSeason,
    );
    // The column and its button are gone: the add field is where the person goes on.
    requestAnimationFrame(() => addRef.current?.focus());
  };

  const seasonOptions =
    season !== null && !seasons.all.includes(season) ? [season, ...seasons.all] : seasons.all;

  return (
    <div className="compare" data-testid="compare">
      <header className="page-header">
        <h1>Compare teams</h1>
        {season !== null && teams.length > 0 && (
          <span className="muted" data-testid="compare-season">
            {season}
          </span>
        )}
        <div className="actions">
          {teams.length >= 2 && (
            <ExportButton
              list={{ list: 'compare', teamNumbers: teams, season: season ?? undefined }}
            />
          )}
        </div>
      </header>
      <div className="filters compare-controls">
        {seasonOptions.length > 0 && (
          <label>
            Season
            <select
              className="select"
              value={season ?? ''}
              onChange={(event) => go(teams, event.target.value)}
              data-testid="compare-season-select"
            >
              {seasonOptions.map((option) => (
                <option key={option} value={option}>
                  {seasons.shared.has(option) ? option : `${option} (not every team)`}
                </option>
              ))}
            </select>
          </label>
        )}
        <AddTeamForm
          teams={teams}
          inputRef={addRef}
          onAdd={(teamNumber) => go([...teams, teamNumber], askedSeason)}
        />
      </div>
      {teams.length < 2 && <StateMessage kind="empty">{emptyText(teams)}</StateMessage>}
      {columns.length > 0 && (
        <>
          <CompareTable columns={columns} season={season} onRemove={remove} />
          {teams.length >= 2 && (
            <p className="compare-legend muted">
              <Trophy size={13} aria-hidden="true" /> <strong>Bold with a trophy</strong>: the best
              value of the row. Wins and losses are judged per match played, lower is better for
              losses and ranks, and matches and events are not judged; a dash means none.
            </p>
          )}
        </>
      )}
    </div>
  );
}
