/*
 * Red's chance to win from the two predicted scores (Statbotics' EPA): a logistic curve in the
 * predicted margin, measured in the season's alliance-score spread σ, so that a margin of one σ
 * gives 1 / (1 + 10^(−5/8)) ≈ 81%.
 */
export const WIN_PROBABILITY_SLOPE = 5 / 8;

export function redWinProbability(redScore: number, blueScore: number, spread: number): number {
  return 1 / (1 + 10 ** ((-WIN_PROBABILITY_SLOPE * (redScore - blueScore)) / spread));
}
