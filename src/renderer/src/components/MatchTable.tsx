import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MatchRecord, MatchType, Winner } from '../../../shared/wire/match';
import { paths } from '../routes';
import { DateText } from './DateText';
import { resultFor } from './match-result';

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

/** The id of the row marked "Up next", which the jump to it scrolls to and focuses. */
export const UP_NEXT_ROW_ID = 'up-next-row';

/** The result column: from the viewed team's side where there is one, else the alliance's. */
function Result({ match, team }: { match: MatchRecord; team: number | undefined }) {
  if (match.status !== 'played') return <span className="muted">Scheduled</span>;
  const own = team === undefined ? null : resultFor(match, team);
  if (own === null) return <span className="winner">{winnerText(match.winner)}</span>;
  return (
    <span className={`team-result ${own.toLowerCase()}`} data-testid="team-result">
      {own}
    </span>
  );
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
  eventNames,
  upNextId,
  caption,
  extra,
}: {
  matches: readonly MatchRecord[];
  highlightTeam?: number;
  showEvent?: boolean;
  /** Events' names by code, for the Event column; a code not in it shows as itself. */
  eventNames?: ReadonlyMap<string, string>;
  /** The match to mark "Up next". */
  upNextId?: string;
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
          const upNext = match.id === upNextId;
          return (
            <tr
              key={match.id}
              id={upNext ? UP_NEXT_ROW_ID : undefined}
              className={upNext ? 'up-next' : undefined}
              tabIndex={upNext ? -1 : undefined}
              data-match-id={match.id}
            >
              <td>
                <span title={matchTypeLabel(match.type)}>{matchName(match)}</span>
                {upNext && <span className="badge up-next-badge">Up next</span>}
              </td>
              {showEvent && (
                <td className="match-event">
                  <Link to={paths.event(match.eventId)} title={match.eventId}>
                    {eventNames?.get(match.eventId) ?? match.eventId}
                  </Link>
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
                <Result match={match} team={highlightTeam} />
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
