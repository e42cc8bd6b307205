import { cholesky, choleskySolve } from './cholesky';

/*
 * OPR, DPR and CCWM (The Blue Alliance's least squares): one row per played qualification
 * alliance with a 1 for each of its teams, fitted to the alliance's score (OPR), its opponent's
 * score (DPR) and the margin (CCWM), through the normal equations AᵀA·x = Aᵀs.
 *
 * Early in an event AᵀA is singular (fewer independent alliances than teams). Then, and for a team
 * with fewer than 3 matches, the values come from a ridge (MMSE) prior toward the event's mean
 * contribution per team: (AᵀA + λI)·x = Aᵀs + λ·mean, λ = RIDGE_WEIGHT.
 */

/** Weight of the prior: as if each team had played one more match scoring the event's mean. */
export const RIDGE_WEIGHT = 1;
/** Fewer played matches than this keep a team's values provisional. */
export const STEADY_MATCHES = 3;

export interface AllianceResult {
  teams: readonly number[];
  score: number;
  opponentScore: number;
}

export interface TeamContribution {
  opr: number;
  dpr: number;
  ccwm: number;
  matches: number;
  provisional: boolean;
}

interface NormalSystem {
  size: number;
  matrix: Float64Array;
  /** Aᵀ·score and Aᵀ·opponent score. */
  scores: Float64Array;
  opponents: Float64Array;
}

function normalSystem(
  index: Map<number, number>,
  alliances: readonly AllianceResult[],
): NormalSystem {
  const size = index.size;
  const matrix = new Float64Array(size * size);
  const scores = new Float64Array(size);
  const opponents = new Float64Array(size);
  for (const alliance of alliances) {
    const rows = alliance.teams.map((team) => index.get(team) ?? 0);
    for (const i of rows) {
      scores[i] = (scores[i] ?? 0) + alliance.score;
      opponents[i] = (opponents[i] ?? 0) + alliance.opponentScore;
      for (const j of rows) matrix[i * size + j] = (matrix[i * size + j] ?? 0) + 1;
    }
  }
  return { size, matrix, scores, opponents };
}

/** The ridge system's solution, pulled toward `mean` per team. */
function ridgeSolve(system: NormalSystem, mean: number): [Float64Array, Float64Array] {
  const { size } = system;
  const matrix = system.matrix.slice();
  const scores = system.scores.slice();
  const opponents = system.opponents.slice();
  for (let i = 0; i < size; i++) {
    matrix[i * size + i] = (matrix[i * size + i] ?? 0) + RIDGE_WEIGHT;
    scores[i] = (scores[i] ?? 0) + RIDGE_WEIGHT * mean;
    opponents[i] = (opponents[i] ?? 0) + RIDGE_WEIGHT * mean;
  }
  // Positive definite by construction: the ridge adds λ to every eigenvalue.
  const lower = cholesky(matrix, size);
  if (lower === null) throw new Error('the ridge system is not positive definite');
  return [choleskySolve(lower, size, scores), choleskySolve(lower, size, opponents)];
}

/**
 * Each team's OPR, DPR and CCWM from the played alliances of one event (all of one size).
 * `exactOnly` turns the prior off: teams get exact values when the system has full rank, none
 * otherwise (for tests and benchmarks).
 */
export function contributions(
  alliances: readonly AllianceResult[],
  exactOnly = false,
): Map<number, TeamContribution> {
  const matches = new Map<number, number>();
  for (const alliance of alliances) {
    for (const team of alliance.teams) matches.set(team, (matches.get(team) ?? 0) + 1);
  }
  const teams = [...matches.keys()].sort((a, b) => a - b);
  if (teams.length === 0) return new Map();
  const index = new Map(teams.map((team, i) => [team, i]));
  const system = normalSystem(index, alliances);
  const lower = cholesky(system.matrix, system.size);
  const exact =
    lower === null
      ? null
      : [
          choleskySolve(lower, system.size, system.scores),
          choleskySolve(lower, system.size, system.opponents),
        ];
  const needsPrior =
    !exactOnly &&
    (exact === null || teams.some((team) => (matches.get(team) ?? 0) < STEADY_MATCHES));
  let ridge: Float64Array[] | null = null;
  if (needsPrior) {
    let perTeam = 0;
    for (const alliance of alliances) perTeam += alliance.score / alliance.teams.length;
    ridge = ridgeSolve(system, perTeam / Math.max(1, alliances.length));
  }

  const result = new Map<number, TeamContribution>();
  teams.forEach((team, i) => {
    const count = matches.get(team) ?? 0;
    const steady = exact !== null && count >= STEADY_MATCHES;
    const source = steady || ridge === null ? exact : ridge;
    if (source === null) return;
    const opr = source[0]?.[i] ?? 0;
    const dpr = source[1]?.[i] ?? 0;
    result.set(team, { opr, dpr, ccwm: opr - dpr, matches: count, provisional: !steady });
  });
  return result;
}
