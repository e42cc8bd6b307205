import type { Winner } from '../../../shared/wire/match';
import { SeededRandom } from './prng';
import { rankingOrder, slotsInOrder, tallyAlliance, type RankingTally } from './ranking-order';
import { WIN_PROBABILITY_SLOPE } from './win-probability';

/*
 * The rest of an event's qualification schedule, played many times over. Each alliance's score is
 * drawn around its predicted score with a spread of NOISE_SHARE·σ each, chosen so that the chance
 * the red score comes out higher matches the win probability's slope at an even match:
 * 1/(2·s·√π) = (5/8)·ln 10 / (4σ). A fixed outcome keeps the drawn scores, swapped (or evened for a
 * tie) to agree with it, so averages stay realistic. Rankings follow the same rules as the event's.
 *
 * A team whose Rating rests on few matches may be better or worse than it: each run first draws
 * how far off each team's Rating is (its `doubt`, in points), and that offset holds for every
 * match of the run, as a team's real strength would.
 */

export const NOISE_SHARE = 2 / (Math.sqrt(Math.PI) * WIN_PROBABILITY_SLOPE * Math.LN10);
export const TOP = 8;

export interface SimulatedMatch {
  redSlots: Int32Array;
  blueSlots: Int32Array;
  redScore: number;
  blueScore: number;
  fixed: Winner | null;
}

export interface SimulationInput {
  /** Played qualifications already tallied. */
  base: RankingTally;
  matches: readonly SimulatedMatch[];
  /** The season's alliance-score spread σ. */
  spread: number;
  /** Per slot: the spread of the team's true strength about its Rating, in points. */
  doubt: Float64Array;
  runs: number;
  seed: number;
}

export interface SimulationResult {
  /** Per slot: mean final rank and share of runs in the top 8. */
  expectedRank: Float64Array;
  top: Float64Array;
}

function copyTally(from: RankingTally, to: RankingTally): void {
  to.rankingPoints.set(from.rankingPoints);
  to.scoreSum.set(from.scoreSum);
  to.matches.set(from.matches);
  to.highScore.set(from.highScore);
}

function blankLike(tally: RankingTally): RankingTally {
  const size = tally.teams.length;
  return {
    teams: tally.teams,
    rankingPoints: new Float64Array(size),
    scoreSum: new Float64Array(size),
    matches: new Int32Array(size),
    highScore: new Float64Array(size),
  };
}

function allianceOffset(offset: Float64Array, slots: Int32Array): number {
  let sum = 0;
  for (const slot of slots) sum += offset[slot] ?? 0;
  return sum;
}

export function simulate(input: SimulationInput): SimulationResult {
  const { base, matches, spread, doubt, runs, seed } = input;
  const size = base.teams.length;
  const random = new SeededRandom(seed);
  const noise = NOISE_SHARE * spread;
  const work = blankLike(base);
  const order = slotsInOrder(size);
  const offset = new Float64Array(size);
  const rankSum = new Float64Array(size);
  const top = new Float64Array(size);
  for (let run = 0; run < runs; run++) {
    copyTally(base, work);
    for (let slot = 0; slot < size; slot++) offset[slot] = (doubt[slot] ?? 0) * random.normal();
    for (const match of matches) {
      const redMean = match.redScore + allianceOffset(offset, match.redSlots);
      const blueMean = match.blueScore + allianceOffset(offset, match.blueSlots);
      let red = Math.max(0, redMean + noise * random.normal());
      let blue = Math.max(0, blueMean + noise * random.normal());
      if (match.fixed === 'tie') {
        red = blue = (red + blue) / 2;
      } else if (match.fixed !== null) {
        const low = Math.min(red, blue);
        // A drawn tie still has to go the fixed way: one point apart.
        const high = Math.max(red, blue, low + 1);
        red = match.fixed === 'red' ? high : low;
        blue = match.fixed === 'red' ? low : high;
      }
      const redPoints = red > blue ? 2 : red === blue ? 1 : 0;
      tallyAlliance(work, match.redSlots, red, redPoints);
      tallyAlliance(work, match.blueSlots, blue, 2 - redPoints);
    }
    rankingOrder(work, order);
    for (let position = 0; position < size; position++) {
      const slot = order[position] ?? 0;
      rankSum[slot] = (rankSum[slot] ?? 0) + position + 1;
      if (position < TOP) top[slot] = (top[slot] ?? 0) + 1;
    }
  }
  for (let slot = 0; slot < size; slot++) {
    rankSum[slot] = (rankSum[slot] ?? 0) / runs;
    top[slot] = (top[slot] ?? 0) / runs;
  }
  return { expectedRank: rankSum, top };
}
