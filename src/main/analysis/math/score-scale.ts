/*
 * A season's alliance scores, their mean and spread (σ), kept as they stand after each match so
 * that a prediction never uses a later score. One scale per alliance size: the two programs in the
 * data (alliances of 3 and of 2) play different games with different scores.
 *
 * The previous season's final scale counts as PRIOR_WEIGHT alliance scores, so the first matches
 * of a season are not predicted from nothing; games change between seasons, so it weighs little.
 */

export const PRIOR_WEIGHT = 12;
/** σ never falls below this many points. */
export const MIN_SPREAD = 1;
/**
 * With no season before it (a cache holding one event, a first season), the spread starts as this
 * share of the mean score, weighed like a previous season: from a handful of scores alone σ comes
 * out far too small, and every prediction near certain. Scores of robot games spread about a
 * fifth to a third of their mean.
 */
export const FALLBACK_RELATIVE_SPREAD = 0.25;

export interface ScaleSummary {
  mean: number;
  spread: number;
}

export class ScoreScale {
  constructor(
    /** Alliance scores seen (Welford's running mean and sum of squared deviations). */
    public count = 0,
    public mean = 0,
    public squares = 0,
    public readonly prior: ScaleSummary | null = null,
  ) {}

  add(score: number): void {
    this.count += 1;
    const delta = score - this.mean;
    this.mean += delta / this.count;
    this.squares += delta * (score - this.mean);
  }

  summary(): ScaleSummary {
    const { count } = this;
    const prior = this.prior ?? { mean: this.mean, spread: FALLBACK_RELATIVE_SPREAD * this.mean };
    const weight = PRIOR_WEIGHT + count;
    const mean = (PRIOR_WEIGHT * prior.mean + count * this.mean) / weight;
    // Pooled: each part's squares about its own mean, plus both means' distance to the pooled one.
    const squares =
      PRIOR_WEIGHT * (prior.spread ** 2 + (prior.mean - mean) ** 2) +
      this.squares +
      count * (this.mean - mean) ** 2;
    return { mean, spread: Math.max(MIN_SPREAD, Math.sqrt(squares / weight)) };
  }

  clone(): ScoreScale {
    return new ScoreScale(this.count, this.mean, this.squares, this.prior);
  }
}
