import { Link } from 'react-router';
import type { EventAnalysis, EventTeamRow } from '../../../../shared/ipc/analysis';
import type { EventStatus } from '../../../../shared/wire/event';
import { formatCount, formatScore } from '../../format/numbers';
import { paths } from '../../routes';
import { useFavorites } from '../../stores/library';
import { analysisQueries } from '../../stores/analysis';
import { AnalysisState } from './AnalysisState';
import { basisLine, formatFigure, RANKING_DISCLAIMER } from './analysis-words';
import '../../styles/analysis.css';
import { ContributionFigure } from './Figure';
import { WhatIfPanel } from './WhatIfPanel';

function RankingRow({ row, favorite }: { row: EventTeamRow; favorite: boolean }) {
  return (
    <tr
      data-testid="ranking-row"
      data-team={row.team}
      className={favorite ? 'favorite' : undefined}
    >
      <td className="num">{row.rank}</td>
      <td className="num">
        <Link to={paths.team(row.team)}>{row.team}</Link>
        {favorite && <span className="visually-hidden"> (favorite)</span>}
      </td>
      <td className="num">
        {formatCount(row.wins)}–{formatCount(row.losses)}–{formatCount(row.ties)}
      </td>
      <td className="num">{formatCount(row.rankingPoints)}</td>
      <td className="num">{row.avgScore === null ? '—' : formatScore(row.avgScore)}</td>
      <td className="num" data-testid="ranking-opr">
        <ContributionFigure contribution={row.contribution} />
      </td>
      <td className="num">{row.rating === null ? '—' : formatFigure(row.rating)}</td>
    </tr>
  );
}

function RankingTable({ analysis }: { analysis: EventAnalysis }) {
  const favorites = useFavorites();
  if (analysis.teams.length === 0) {
    return (
      <p className="muted">
        No teams to rank yet: the event’s teams and matches come with the sync.
      </p>
    );
  }
  return (
    <table className="data rankings-table" data-testid="rankings-table">
      <caption className="visually-hidden">
        Rankings computed here, {basisLine(analysis.basis)}
      </caption>
      <thead>
        <tr>
          <th scope="col" className="num">
            Rank
          </th>
          <th scope="col" className="num">
            Team
          </th>
          <th scope="col" className="num" title="Wins, losses and ties in qualification matches">
            W-L-T
          </th>
          <th scope="col" className="num" title="Ranking points: 2 per win, 1 per tie">
            RP
          </th>
          <th scope="col" className="num">
            Avg score
          </th>
          <th
            scope="col"
            className="num"
            title="Offensive power rating: points the team adds to its alliance"
          >
            OPR
          </th>
          <th scope="col" className="num" title="The team’s season Rating, computed here">
            Rating
          </th>
        </tr>
      </thead>
      <tbody>
        {analysis.teams.map((row) => (
          <RankingRow key={row.team} row={row} favorite={favorites.includes(row.team)} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * The event's teams ranked by their qualification matches, computed on this computer from the
 * local copy; for a live event, the what-if below it.
 */
export function RankingsTab({ eventId, status }: { eventId: string; status: EventStatus }) {
  const analysis = analysisQueries.useQuery('event', { eventId });
  const basis = analysis.value?.data?.basis ?? null;
  return (
    <section aria-label="Rankings at this event" data-testid="event-rankings">
      <div className="tab-toolbar analysis-toolbar">
        <p className="muted" data-testid="rankings-disclaimer">
          {RANKING_DISCLAIMER}
          {basis !== null && <span data-testid="analysis-basis"> Built {basisLine(basis)}.</span>}
        </p>
      </div>
      <AnalysisState remote={analysis}>
        {(data) => (
          <>
            <RankingTable analysis={data} />
            {status === 'live' && <WhatIfPanel eventId={eventId} analysis={data} />}
          </>
        )}
      </AnalysisState>
    </section>
  );
}
