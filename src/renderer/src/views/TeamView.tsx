import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { TEAM_NUMBER_MAX, TEAM_NUMBER_MIN } from '../../../shared/wire/formats';
import type { TeamSeasonStats } from '../../../shared/wire/stats';
import type { RankTotals } from '../../../shared/ipc/reads';
import type { TeamChartProps } from './teams/TeamChart';
import { ExportButton } from '../components/ExportButton';
import { Freshness } from '../components/Freshness';
import { Skeleton, StateMessage } from '../components/StateMessage';
import { useSyncOffer, type SyncOffer } from '../components/sync-offer';
import { Tabs } from '../components/Tabs';
import { pageParam } from '../routes';
import { useFavorites } from '../stores/library';
import { teamQueries } from '../stores/reads';
import { matchScores } from './teams/match-scores';
import { notKeptWords } from './teams/not-kept-words';
import { TeamAnalysisCards } from './analysis/TeamAnalysisCards';
import { SeasonSummary, type TeamPlace } from './teams/SeasonSummary';
import { seasonParam } from './teams/seasons';
import { TeamHeader } from './teams/TeamHeader';
import { TeamNote } from './teams/TeamNote';
import {
  clipSortParam,
  TeamClipsPanel,
  TeamEventsPanel,
  TeamMatchesPanel,
  useEventNames,
} from './teams/TeamPanels';
import '../styles/teams.css';
import { useAddressParams } from '../use-address-params';

const NO_TOTALS: RankTotals = { world: null, regional: null, state: null };

/** recharts is loaded with the first team page that has a chart to draw, not with the app. */
const TeamChart = lazy(() => import('./teams/TeamChart'));

/** Enough for a season's matches of one team, for the chart of this season's scores. */
const CHART_MATCHES = 100;

const TABS = ['events', 'matches', 'clips'] as const;
type TeamTab = (typeof TABS)[number];

function tabParam(text: string | null): TeamTab {
  return TABS.find((tab) => tab === text) ?? 'events';
}

function teamNumberParam(text: string | undefined): number | null {
  const number = Number(text);
  return Number.isInteger(number) && number >= TEAM_NUMBER_MIN && number <= TEAM_NUMBER_MAX
    ? number
    : null;
}

/** `#/teams/<teamNumber>`: one team's header, season at a glance, chart, and its lists in tabs. */
export function TeamView() {
  const { teamNumber: text } = useParams();
  const teamNumber = teamNumberParam(text);
  if (teamNumber === null) {
    return (
      <>
        <h1>Team not found</h1>
        <StateMessage kind="empty">
          “{text}” is not a team number; find a team from the teams list or with quick open.
        </StateMessage>
      </>
    );
  }
  return <TeamPage key={teamNumber} teamNumber={teamNumber} />;
}

type ParamName = 'season' | 'tab' | 'event' | 'sort' | 'page';

function TeamPage({ teamNumber }: { teamNumber: number }) {
  const [params, setParams] = useAddressParams();
  const offer = useSyncOffer();
  const favorite = useFavorites().includes(teamNumber);
  const team = teamQueries.useQuery('team', { teamNumber });
  const askedSeason = seasonParam(params.get('season'));
  const stats = teamQueries.useQuery(
    'stats',
    askedSeason === undefined ? { teamNumber } : { teamNumber, season: askedSeason },
    { keepPrevious: true },
  );
  const seasons = stats.value?.seasons ?? [];
  const everySeason = teamQueries.useQueries(
    'stats',
    seasons.map((each) => ({ teamNumber, season: each })),
  );
  const chartSeasons = everySeason
    .flatMap((answer) => {
      const stats = answer.value?.data ?? null;
      return stats === null ? [] : [stats];
    })
    .sort((a, b) => a.season.localeCompare(b.season));
  // A new season with no match played yet says nothing about a team: unless a season was asked
  // for, open on the latest one the team has played in.
  const playedSeason = chartSeasons.filter((each) => each.matches > 0).at(-1);
  const season = askedSeason ?? playedSeason?.season ?? stats.value?.data?.season ?? seasons[0];
  const shownStats =
    askedSeason === undefined && playedSeason !== undefined
      ? playedSeason
      : (stats.value?.data ?? null);
  const rankTotals = [stats, ...everySeason].find(
    (answer) => answer.value?.data?.season === shownStats?.season,
  )?.value?.rankTotals;
  // With one season there is nothing to compare across seasons: this season's matches instead.
  const acrossSeasons = chartSeasons.length >= 2;
  const seasonMatches = teamQueries.useQuery(
    'matches',
    !acrossSeasons && team.value !== null && season !== undefined
      ? { teamNumber, season, page: 1, perPage: CHART_MATCHES }
      : null,
  );
  const scores = matchScores(seasonMatches.value?.data ?? [], teamNumber);
  const eventNames = useEventNames(teamNumber, season);
  const chart: TeamChartProps | null = acrossSeasons
    ? { kind: 'seasons', seasons: chartSeasons, selected: season }
    : season !== undefined && scores.length > 0
      ? { kind: 'matches', season, matches: scores, eventNames }
      : null;

  /** Sets parameters of the address; any change but the page itself goes back to page 1. */
  function setParam(changes: Partial<Record<ParamName, string | undefined>>): void {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  if (team.value === null) {
    if (team.status === 'loading') {
      return (
        <>
          <h1>{teamNumber}</h1>
          <Skeleton rows={8} />
        </>
      );
    }
    return team.errorCode === 'not_found' ? (
      <>
        <h1>Team {teamNumber}</h1>
        <StateMessage kind="empty" action={offer.action}>
          {offer.offline
            ? `Team ${teamNumber} is not in the local copy; Pitside looks for it on the service once it can be reached.`
            : `Team ${teamNumber} is not in the local copy; sync now to look for it on the service.`}
        </StateMessage>
      </>
    ) : (
      <>
        <h1>Team {teamNumber}</h1>
        <StateMessage kind="error">
          Team {teamNumber} could not be read from the local copy: {team.error}
        </StateMessage>
      </>
    );
  }

  // Until the statistics say which season is the latest, the lists would read every season.
  const seasonKnown = askedSeason !== undefined || stats.status !== 'loading';
  const tab = tabParam(params.get('tab'));
  const eventId = params.get('event') ?? undefined;
  const page = pageParam(params.get('page'));
  const panel = {
    teamNumber,
    season,
    page,
    onPage: (next: number) => setParam({ page: next === 1 ? undefined : String(next) }),
  };
  const seasonOptions =
    askedSeason !== undefined && !seasons.includes(askedSeason)
      ? [askedSeason, ...seasons]
      : seasons;

  return (
    <div className="team-view">
      <TeamHeader team={team.value.data} freshness={team.value.freshness} />
      <TeamNote teamNumber={team.value.data.number} />

      <section
        className="team-season"
        aria-labelledby="team-season-heading"
        data-testid="team-summary"
      >
        <div className="season-bar">
          <h2 id="team-season-heading">Season</h2>
          {seasonOptions.length > 0 && (
            <label className="season-picker">
              <span className="visually-hidden">Season</span>
              <select
                className="select"
                value={season ?? ''}
                onChange={(event) => setParam({ season: event.target.value, event: undefined })}
                data-testid="team-season"
              >
                {seasonOptions.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </label>
          )}
          <span className="actions">
            <Freshness freshness={stats.value?.freshness} />
            {seasons.length > 0 && (
              <ExportButton list={{ list: 'teamStats', teamNumber }} label="Export statistics" />
            )}
          </span>
        </div>
        <SeasonBody
          place={team.value.data}
          rankTotals={rankTotals ?? NO_TOTALS}
          stats={shownStats}
          status={stats.status}
          error={stats.error}
          hasSeasons={seasons.length > 0}
          season={season}
          offer={offer}
          favorite={favorite}
        />
        <TeamAnalysisCards teamNumber={teamNumber} season={season} />
      </section>

      {chart !== null && (
        <Suspense fallback={<div className="team-chart card chart-loading" aria-hidden="true" />}>
          <TeamChart {...chart} />
        </Suspense>
      )}

      <section className="team-lists" aria-label="The team’s events, matches and clips">
        {seasonKnown ? (
          <Tabs
            label={`Team ${teamNumber}`}
            value={tab}
            onChange={(next) => setParam({ tab: next === 'events' ? undefined : next })}
            tabs={[
              { value: 'events', label: 'Events', content: <TeamEventsPanel {...panel} /> },
              {
                value: 'matches',
                label: 'Matches',
                content: (
                  <TeamMatchesPanel
                    {...panel}
                    eventId={eventId}
                    onEvent={(next) => setParam({ event: next })}
                  />
                ),
              },
              {
                value: 'clips',
                label: 'Clips',
                content: (
                  <TeamClipsPanel
                    {...panel}
                    eventId={eventId}
                    sort={clipSortParam(params.get('sort'))}
                    onEvent={(next) => setParam({ event: next })}
                    onSort={(next) => setParam({ sort: next === '-date' ? undefined : next })}
                  />
                ),
              },
            ]}
          />
        ) : (
          <Skeleton rows={6} />
        )}
      </section>
    </div>
  );
}

/** The picked season's figures, or why there are none and what to do. */
function SeasonBody({
  place,
  rankTotals,
  stats,
  status,
  error,
  hasSeasons,
  season,
  offer,
  favorite,
}: {
  place: TeamPlace;
  rankTotals: RankTotals;
  stats: TeamSeasonStats | null;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  hasSeasons: boolean;
  season: string | undefined;
  offer: SyncOffer;
  favorite: boolean;
}) {
  if (stats !== null) {
    return <SeasonSummary stats={stats} rankTotals={rankTotals} place={place} />;
  }
  if (status === 'loading') return <Skeleton rows={3} />;
  if (status === 'error') {
    return (
      <StateMessage kind="error">
        The statistics could not be read from the local copy: {error}
      </StateMessage>
    );
  }
  // Offline, a sync cannot help: say what would have kept them instead.
  if (offer.offline) {
    return (
      <StateMessage kind="empty">
        {notKeptWords({
          what: 'statistics',
          favorite,
          season: hasSeasons ? season : undefined,
        })}
      </StateMessage>
    );
  }
  if (!hasSeasons) {
    return (
      <StateMessage kind="empty" action={offer.action}>
        No statistics synced for this team yet.
      </StateMessage>
    );
  }
  return (
    <StateMessage kind="empty" action={offer.action}>
      No statistics for {season} in the local copy; pick another season or sync now.
    </StateMessage>
  );
}
