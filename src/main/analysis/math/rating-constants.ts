/*
 * The Rating's constants, from Statbotics' EPA (backend/src/models/epa): see the README's
 * "Rating" section for the formula they enter.
 */

/** Scales every step; Statbotics' value from 2016 on. */
export const STEP_SCALE = 2 / 3;
/** The step factor K: 0.5 up to EARLY_MATCHES qualification matches, falling to 0.3 at LATE_MATCHES. */
export const EARLY_K = 0.5;
export const LATE_K = 0.3;
export const EARLY_MATCHES = 6;
export const LATE_MATCHES = 12;
/** A playoff match moves ratings this much of a qualification match's step. */
export const PLAYOFF_WEIGHT = 1 / 3;
/** Weights of the last and the second-to-last season in a team's starting value. */
export const PREVIOUS_SEASON_WEIGHTS = [0.7, 0.3] as const;
/** Share of the distance to the mean a starting value gives up. */
export const PULL_TO_MEAN = 0.4;

/** The step factor after `matches` qualification matches this season. */
export function stepFactor(matches: number): number {
  if (matches <= EARLY_MATCHES) return STEP_SCALE * EARLY_K;
  if (matches >= LATE_MATCHES) return STEP_SCALE * LATE_K;
  const share = (matches - EARLY_MATCHES) / (LATE_MATCHES - EARLY_MATCHES);
  return STEP_SCALE * (EARLY_K + (LATE_K - EARLY_K) * share);
}
