import { useId, useState } from 'react';
import { Link } from 'react-router';
import { WHAT_IF_RUNS, type EventAnalysis } from '../../../../shared/ipc/analysis';
import type { Winner } from '../../../../shared/wire/match';
import { matchName } from '../../components/MatchTable';
import { StateMessage } from '../../components/StateMessage';
import { formatCount, formatScore } from '../../format/numbers';
import { paths } from '../../routes';
import { sameOutcomes, useWhatIf, whatIfOf } from '../../stores/analysis';
import { eventQueries } from '../../stores/reads';
import { basisLine, formatChance } from './analysis-words';
import { fixedText, OUTCOME_LABELS, shareChange } from './what-if-words';

const OUTCOMES: readonly Winner[] = ['red', 'blue', 'tie'];

/**
 * What if: the remaining qualification matches simulated from the Ratings (on the worker, so the
 * page stays usable and the run goes on if the analyst leaves), each team's chance of the top 8
 * and expected rank; outcomes the analyst fixes ("Red wins Q42") hold in every run.
 */
export function WhatIfPanel({ eventId, analysis }: { eventId: string; analysis: EventAnalysis }) {
  const id = useId();
  const state = useWhatIf((store) => whatIfOf(store, eventId));
  const { fix, run } = useWhatIf.getState();
  const matches = eventQueries.useQuery('allMatches', { eventId }).value?.data ?? [];
  const remaining = matches.filter(
    (match) => match.type === 'qualification' && match.status !== 'played',
  );
  const labels = new Map(matches.map((match) => [match.id, matchName(match)]));
  const [matchId, setMatchId] = useState('');
  const [winner, setWinner] = useState<Winner>('red');
  const picked = remaining.some((match) => match.id === matchId)
    ? matchId
    : (remaining.find((match) => !state.fixed.some((f) => f.matchId === match.id))?.id ?? '');
  const result = state.result;
  const outdated =
    result !== null && state.ranWith !== null && !sameOutcomes(state.ranWith, state.fixed);
  const before = new Map(state.previous?.teams.map((team) => [team.team, team.top8]) ?? []);

  return (
    <section className="what-if card" aria-labelledby={`${id}-heading`} data-testid="what-if">
      <h2 id={`${id}-heading`}>What if</h2>
      <p className="muted">
        Simulates the {formatCount(remaining.length)} qualification{' '}
        {remaining.length === 1 ? 'match' : 'matches'} still to play{' '}
        {formatCount(WHAT_IF_RUNS.default)} times from the Ratings.
      </p>

      <form
        className="what-if-fix"
        onSubmit={(event) => {
          event.preventDefault();
          if (picked !== '') fix(eventId, picked, winner);
        }}
      >
        <label>
          Match{' '}
          <select
            className="select"
            value={picked}
            onChange={(event) => setMatchId(event.target.value)}
            data-testid="what-if-match"
          >
            {remaining.map((match) => (
              <option key={match.id} value={match.id}>
                {matchName(match)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Outcome{' '}
          <select
            className="select"
            value={winner}
            onChange={(event) => setWinner(event.target.value as Winner)}
            data-testid="what-if-outcome"
          >
            {OUTCOMES.map((each) => (
              <option key={each} value={each}>
                {OUTCOME_LABELS[each]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button" disabled={picked === ''}>
          Fix outcome
        </button>
      </form>

      {state.fixed.length > 0 && (
        <ul className="what-if-fixed" aria-label="Fixed outcomes" data-testid="what-if-fixed">
          {state.fixed.map((each) => {
            const label = labels.get(each.matchId) ?? each.matchId;
            return (
              <li key={each.matchId}>
                {fixedText(each.winner, label)}{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => fix(eventId, each.matchId, null)}
                  aria-label={`Free ${label}`}
                >
                  Free
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <div className="what-if-run">
        <button
          type="button"
          className="button primary"
          onClick={() => void run(eventId)}
          disabled={state.running}
          data-testid="what-if-run"
        >
          Run {formatCount(WHAT_IF_RUNS.default)} simulations
        </button>
        <span className="muted" role="status" data-testid="what-if-status">
          {state.running
            ? `Simulating ${formatCount(WHAT_IF_RUNS.default)} runs… you can keep working meanwhile.`
            : outdated
              ? 'The outcomes changed since this run: run again to see their effect.'
              : result !== null
                ? `${formatCount(result.runs)} runs of ${formatCount(result.remaining)} remaining ${
                    result.remaining === 1 ? 'match' : 'matches'
                  }, ${basisLine(result.basis)}.`
                : ''}
        </span>
      </div>
      {state.error !== null && <StateMessage kind="error">{state.error}</StateMessage>}

      {result !== null && (
        <table className="data what-if-table" data-testid="what-if-table">
          <caption className="visually-hidden">Chances of finishing in the top 8</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Team
              </th>
              <th scope="col" className="num">
                Rank now
              </th>
              <th scope="col" className="num">
                Expected rank
              </th>
              <th scope="col" className="num">
                Top 8
              </th>
              {state.previous !== null && (
                <th scope="col" className="num">
                  Change
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {result.teams.map((team) => (
              <tr key={team.team} data-testid="what-if-row" data-team={team.team}>
                <td className="num">
                  <Link to={paths.team(team.team)}>{team.team}</Link>
                </td>
                <td className="num">{team.rankNow ?? '—'}</td>
                <td className="num">{formatScore(team.expectedRank)}</td>
                <td className="num" data-testid="what-if-top8">
                  {formatChance(team.top8)}
                </td>
                {state.previous !== null && (
                  <td className="num muted">{shareChange(before.get(team.team), team.top8)}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {analysis.basis.played === analysis.basis.total && analysis.basis.total > 0 && (
        <p className="muted">
          Every qualification match is played: the ranking above is final here.
        </p>
      )}
    </section>
  );
}
