import { PREVIOUS_SEASON_WEIGHTS, PULL_TO_MEAN } from './rating-constants';
import type { SeasonStart } from './rating-state';
import type { ScaleSummary } from './score-scale';

/** How a season ended: each rated team's distance from the mean in σ, and the scales. */
export interface SeasonEnd {
  standing: ReadonlyMap<number, number>;
  scales: ReadonlyMap<number, ScaleSummary>;
}

/**
 * Where a season starts from the two before it: 0.7 of the last one's standing and 0.3 of the one
 * before (Statbotics), the weights of the seasons known rescaled to sum to 1; a team absent from a
 * known season counts as the mean there. Then pulled PULL_TO_MEAN toward the mean. Standings are
 * in σ, so they carry across seasons whose games score differently.
 */
export function seasonStart(last: SeasonEnd | null, beforeLast: SeasonEnd | null): SeasonStart {
  const known = [last, beforeLast]
    .map((end, i) => ({ end, weight: PREVIOUS_SEASON_WEIGHTS[i] ?? 0 }))
    .filter((entry): entry is { end: SeasonEnd; weight: number } => entry.end !== null);
  const total = known.reduce((sum, entry) => sum + entry.weight, 0);
  const standing = new Map<number, number>();
  for (const { end, weight } of known) {
    const share = ((1 - PULL_TO_MEAN) * weight) / total;
    for (const [team, value] of end.standing) {
      standing.set(team, (standing.get(team) ?? 0) + share * value);
    }
  }
  return { standing, priors: new Map(last?.scales ?? []) };
}
