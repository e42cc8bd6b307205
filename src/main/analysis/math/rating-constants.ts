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

/*
 * Pitside's own, not Statbotics': how sure a prediction may be. Chosen on the demo data with every
 * one of 40 events alone in a cache (no season before it, as a scout's first sync gives): calls
 * on teams with one or two results were right 51% of the time at a 69% average confidence, a
 * Brier score of 0.29, worse than a coin's 0.25. With these values no stretch of an event scores
 * worse than a coin (0.228 over all, from 0.245), at a cost to the whole demo's (0.173 to 0.185),
 * whose rookies now wait three matches for a call.
 */

/** A team new to the data gets no call before it has played this many matches this season. */
export const CALL_AFTER_MATCHES = 3;
/** How far off a never-seen team's Rating may be, as a multiple of its share σ²/size. */
export const TEAM_DOUBT = 2;
/** How many of this season's matches a team's earlier seasons count for in that doubt. */
export const EARLIER_SEASONS_EVIDENCE = 6;

/** The step factor after `matches` qualification matches this season. */
export function stepFactor(matches: number): number {
  if (matches <= EARLY_MATCHES) return STEP_SCALE * EARLY_K;
  if (matches >= LATE_MATCHES) return STEP_SCALE * LATE_K;
  const share = (matches - EARLY_MATCHES) / (LATE_MATCHES - EARLY_MATCHES);
  return STEP_SCALE * (EARLY_K + (LATE_K - EARLY_K) * share);
}
