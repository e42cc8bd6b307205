import { describe, expect, it } from 'vitest';
import { FALLBACK_RELATIVE_SPREAD, ScoreScale } from '../../../src/main/analysis/math/score-scale';

/*
 * The season's spread of alliance scores (σ) sets how sure every prediction is. A cache often holds
 * one event and no season before it: σ from its first few scores alone came out near zero, and the
 * predictions near certain (the demo's Leeds Open, alone in a cache, scored a Brier of 0.277,
 * worse than a coin flip).
 */
describe('the score scale without a season before it', () => {
  it('starts from a spread in proportion to the mean, not from the first few scores', () => {
    const scale = new ScoreScale();
    for (const score of [100, 101, 102]) scale.add(score);
    const { mean, spread } = scale.summary();
    expect(mean).toBeCloseTo(101, 6);
    // Three scores within a point of each other say little about how scores spread.
    expect(spread).toBeGreaterThan(0.8 * FALLBACK_RELATIVE_SPREAD * mean);
  });

  it('comes to the scores’ own spread once many are known', () => {
    const scale = new ScoreScale();
    // 2,000 scores alternating 90 and 110: a spread of 10 about 100.
    for (let index = 0; index < 2000; index += 1) scale.add(index % 2 === 0 ? 90 : 110);
    const { mean, spread } = scale.summary();
    expect(mean).toBeCloseTo(100, 6);
    expect(spread).toBeGreaterThan(9.5);
    expect(spread).toBeLessThan(11);
  });

  it('pools a previous season’s scale as before', () => {
    const scale = new ScoreScale(0, 0, 0, { mean: 80, spread: 20 });
    expect(scale.summary()).toEqual({ mean: 80, spread: 20 });
  });
});
