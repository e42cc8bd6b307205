import type { Winner } from '../../../shared/wire/match';
import { emptyTally, rankingOrder, slotsInOrder, tallyAlliance } from './ranking-order';

/*
 * An event's qualification ranking, computed here from its played qualification matches (the
 * official ranking may differ: real games add bonus ranking points).
 */

export interface PlayedQualification {
  red: readonly number[];
  blue: readonly number[];
  redScore: number;
  blueScore: number;
  winner: Winner;
}

export interface TeamStanding {
  team: number;
  rank: number;
  wins: number;
  losses: number;
  ties: number;
  rankingPoints: number;
  avgScore: number | null;
  highScore: number | null;
}

const POINTS: Readonly<Record<'win' | 'tie' | 'loss', number>> = { win: 2, tie: 1, loss: 0 };

function outcome(winner: Winner, side: 'red' | 'blue'): 'win' | 'tie' | 'loss' {
  if (winner === 'tie') return 'tie';
  return winner === side ? 'win' : 'loss';
}

/** Every registered or playing team, ranked; teams without a played match last, by number. */
export function rankEvent(
  registered: readonly number[],
  played: readonly PlayedQualification[],
): TeamStanding[] {
  const teams = new Set(registered);
  for (const match of played) for (const team of [...match.red, ...match.blue]) teams.add(team);
  const list = [...teams].sort((a, b) => a - b);
  const slot = new Map(list.map((team, i) => [team, i]));
  const tally = emptyTally(list);
  const records = list.map(() => ({ win: 0, tie: 0, loss: 0 }));
  for (const match of played) {
    for (const side of ['red', 'blue'] as const) {
      const result = outcome(match.winner, side);
      const slots = match[side].map((team) => slot.get(team) ?? 0);
      tallyAlliance(
        tally,
        slots,
        side === 'red' ? match.redScore : match.blueScore,
        POINTS[result],
      );
      for (const s of slots) {
        const record = records[s];
        if (record !== undefined) record[result] += 1;
      }
    }
  }
  const order = rankingOrder(tally, slotsInOrder(list.length));
  return Array.from(order, (s, position): TeamStanding => {
    const played = tally.matches[s] ?? 0;
    const record = records[s] ?? { win: 0, tie: 0, loss: 0 };
    return {
      team: list[s] ?? 0,
      rank: position + 1,
      wins: record.win,
      losses: record.loss,
      ties: record.tie,
      rankingPoints: tally.rankingPoints[s] ?? 0,
      avgScore: played === 0 ? null : (tally.scoreSum[s] ?? 0) / played,
      highScore: played === 0 ? null : (tally.highScore[s] ?? 0),
    };
  });
}
