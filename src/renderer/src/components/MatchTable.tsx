import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MatchRecord, MatchType, Winner } from '../../../shared/wire/match';
import { paths } from '../routes';
import { DateText } from './DateText';

const TYPE_LABELS: Record<MatchType, string> = {
  qualification: 'Qualification',
  semifinal: 'Semifinal',
  final: 'Final',
};
const TYPE_SHORT: Record<MatchType, string> = { qualification: 'Q', semifinal: 'SF', final: 'F' };

export const matchTypeLabel = (type: MatchType): string => TYPE_LABELS[type];
export const matchName = (match: MatchRecord): string => `${TYPE_SHORT[match.type]}${match.number}`;

function Teams({ teams, highlight }: { teams: readonly number[]; highlight?: number }) {
  return (
    <span>
      {teams.map((team, index) => (
        <span key={team}>
          {index > 0 && ' '}
          <Link
            to={paths.team(team)}
            className={team === highlight ? 'viewed-team' : undefined}
            aria-current={team === highlight ? 'page' : undefined}
          >
            {team}
          </Link>
        </span>
      ))}
    </span>
  );
}

/** The winner is said in words and weight, never by colour alone. */
function winnerText(winner: Winner | null): string {
  if (winner === null) return '';
  return winner === 'tie' ? 'Tie' : winner === 'red' ? 'Red wins' : 'Blue wins';
}

/** A column a view adds at the end of the table (the event's predictions). */
export interface ExtraColumn {
  header: string;
  cell: (match: MatchRecord) => ReactNode;
}

/**
 * Matches as a schedule reads: Match · Red teams · Red score · Blue score · Blue teams · result.
 * Red and blue are labelled, not only coloured; the viewed team's number is marked in every row
 * (on its own page every row is its match, so marking whole rows would say nothing).
 */
export function MatchTable({
  matches,
  highlightTeam,
  showEvent = false,
  caption,
  extra,
}: {
  matches: readonly MatchRecord[];
  highlightTeam?: number;
  showEvent?: boolean;
  caption: string;
  extra?: ExtraColumn;
}) {
  return (
    <table className="data" data-testid="match-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Match</th>
          {showEvent && <th scope="col">Event</th>}
          <th scope="col">Red alliance</th>
          <th scope="col" className="num">
            Red
          </th>
          <th scope="col" className="num">
            Blue
          </th>
          <th scope="col">Blue alliance</th>
          <th scope="col">Result</th>
          <th scope="col">When</th>
          {extra !== undefined && <th scope="col">{extra.header}</th>}
        </tr>
      </thead>
      <tbody>
        {matches.map((match) => {
          return (
            <tr key={match.id}>
              <td>
                <span title={matchTypeLabel(match.type)}>{matchName(match)}</span>
              </td>
              {showEvent && (
                <td>
                  <Link to={paths.event(match.eventId)}>{match.eventId}</Link>
                </td>
              )}
              <td>
                <span className="alliance red">Red </span>
                <Teams teams={match.red.teams} highlight={highlightTeam} />
              </td>
              <td className={`num${match.winner === 'red' ? ' winner' : ''}`}>
                {match.red.score ?? '–'}
              </td>
              <td className={`num${match.winner === 'blue' ? ' winner' : ''}`}>
                {match.blue.score ?? '–'}
              </td>
              <td>
                <span className="alliance blue">Blue </span>
                <Teams teams={match.blue.teams} highlight={highlightTeam} />
              </td>
              <td>
                {match.status === 'played' ? (
                  <span className="winner">{winnerText(match.winner)}</span>
                ) : (
                  <span className="muted">Scheduled</span>
                )}
              </td>
              <td>
                {match.playedAt !== null ? (
                  <DateText iso={match.playedAt} />
                ) : match.scheduledAt !== null ? (
                  <DateText iso={match.scheduledAt} />
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              {extra !== undefined && <td>{extra.cell(match)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
