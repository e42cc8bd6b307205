/*
 * The qualification ranking's order, shared by the event's Rankings and the what-if runs: ranking
 * points (2 a win, 1 a tie), then average score, then high score, then the lower team number.
 * Teams without a played match rank last, by number. Typed arrays, indexed by a team's slot.
 */

export interface RankingTally {
  teams: Int32Array;
  rankingPoints: Float64Array;
  scoreSum: Float64Array;
  matches: Int32Array;
  highScore: Float64Array;
}

export function emptyTally(teams: readonly number[]): RankingTally {
  const size = teams.length;
  return {
    teams: Int32Array.from(teams),
    rankingPoints: new Float64Array(size),
    scoreSum: new Float64Array(size),
    matches: new Int32Array(size),
    highScore: new Float64Array(size),
  };
}

/** Adds one alliance's result to its teams' tallies; `points` 2, 1 or 0. */
export function tallyAlliance(
  tally: RankingTally,
  slots: ArrayLike<number>,
  score: number,
  points: number,
): void {
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] ?? 0;
    tally.rankingPoints[slot] = (tally.rankingPoints[slot] ?? 0) + points;
    tally.scoreSum[slot] = (tally.scoreSum[slot] ?? 0) + score;
    const played = tally.matches[slot] ?? 0;
    tally.highScore[slot] = played === 0 ? score : Math.max(tally.highScore[slot] ?? 0, score);
    tally.matches[slot] = played + 1;
  }
}

/** Negative when the team in slot `a` ranks above the one in slot `b`. */
export function compareSlots(tally: RankingTally, a: number, b: number): number {
  const playedA = tally.matches[a] ?? 0;
  const playedB = tally.matches[b] ?? 0;
  const teamOrder = (tally.teams[a] ?? 0) - (tally.teams[b] ?? 0);
  if (playedA === 0 || playedB === 0)
    return playedA === playedB ? teamOrder : playedA === 0 ? 1 : -1;
  return (
    (tally.rankingPoints[b] ?? 0) - (tally.rankingPoints[a] ?? 0) ||
    (tally.scoreSum[b] ?? 0) / playedB - (tally.scoreSum[a] ?? 0) / playedA ||
    (tally.highScore[b] ?? 0) - (tally.highScore[a] ?? 0) ||
    teamOrder
  );
}

/**
 * Puts the slots of `order` in ranking order, in place. A what-if run passes the previous run's
 * order, nearly right already, which the engine's merge sort (TimSort) takes in few comparisons. The
 * order is total (team numbers differ), so the result does not depend on where it started.
 */
export function rankingOrder(tally: RankingTally, order: number[]): number[] {
  return order.sort((a, b) => compareSlots(tally, a, b));
}

/** The slots 0…size−1, to start an order from. */
export function slotsInOrder(size: number): number[] {
  return Array.from({ length: size }, (_, i) => i);
}
