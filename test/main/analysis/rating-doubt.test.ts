import { describe, expect, it } from 'vitest';
import { emptyTally } from '../../../src/main/analysis/math/ranking-order';
import { RatingState, type SeasonStart } from '../../../src/main/analysis/math/rating-state';
import { simulate, type SimulatedMatch } from '../../../src/main/analysis/math/what-if';
import { redWinProbability } from '../../../src/main/analysis/math/win-probability';

/*
 * A Rating that rests on few matches is a guess: predictions from it are less sure, and the
 * what-if lets such a team turn out better or worse than its Rating in each run.
 */

const PRIORS = new Map([[3, { mean: 90, spread: 25 }]]);

function stateWith(standing: Map<number, number>, played: number): RatingState {
  const start: SeasonStart = { standing, priors: PRIORS };
  const state = new RatingState(start);
  for (let i = 0; i < played; i += 1) {
    state.play({
      id: `m${i}`,
      red: [1, 2, 3],
      blue: [4, 5, 6],
      redScore: 120,
      blueScore: 60,
      playoff: false,
    });
  }
  return state;
}

describe('a prediction’s sureness', () => {
  it('grows with the matches its teams played and with the seasons known before', () => {
    const earlier = new Map([1, 2, 3, 4, 5, 6].map((team) => [team, 0]));
    const fresh = stateWith(new Map(), 3);
    const seasoned = stateWith(earlier, 3);
    const veteran = stateWith(earlier, 12);
    expect(fresh.teamDoubt(1, 3)).toBeGreaterThan(seasoned.teamDoubt(1, 3));
    expect(seasoned.teamDoubt(1, 3)).toBeGreaterThan(veteran.teamDoubt(1, 3));
    // The same favourite, named less surely than from σ alone, and less so on less evidence.
    const surer = (state: RatingState) => {
      const prediction = state.predict([1, 2, 3], [4, 5, 6]);
      const { spread } = state.summary(3);
      const undoubted = redWinProbability(prediction.redScore, prediction.blueScore, spread);
      expect(prediction.redWinProbability).toBeGreaterThan(0.5);
      expect(prediction.redWinProbability).toBeLessThan(undoubted);
      return undoubted - prediction.redWinProbability;
    };
    expect(surer(fresh)).toBeGreaterThan(surer(veteran));
  });
});

describe('the what-if with doubtful Ratings', () => {
  // Twelve teams; team 0 is predicted far ahead in each of its four remaining matches.
  const teams = Array.from({ length: 12 }, (_, i) => i + 1);
  const matches: SimulatedMatch[] = Array.from({ length: 8 }, (_, i) => {
    const red = [(i * 3) % 12, (i * 3 + 1) % 12, (i * 3 + 2) % 12];
    const blue = [(i * 3 + 6) % 12, (i * 3 + 7) % 12, (i * 3 + 8) % 12];
    return {
      redSlots: Int32Array.from(red),
      blueSlots: Int32Array.from(blue),
      redScore: 90 + (red.includes(0) ? 60 : 0),
      blueScore: 90 + (blue.includes(0) ? 60 : 0),
      fixed: null,
    };
  });
  const run = (doubt: number) =>
    simulate({
      base: emptyTally(teams),
      matches,
      spread: 25,
      doubt: new Float64Array(teams.length).fill(doubt),
      runs: 4000,
      seed: 7,
    });

  it('gives a favourite a smaller lead when its Rating may be off', () => {
    const sure = run(0);
    const unsure = run(60);
    const first = (result: ReturnType<typeof run>) => result.expectedRank[0] ?? 0;
    expect(first(sure)).toBeLessThan(first(unsure));
    expect(first(unsure)).toBeGreaterThan(1.5);
    // Every run still ranks every team once: the expected ranks sum to 1 + 2 + … + 12.
    const sum = unsure.expectedRank.reduce((total, rank) => total + rank, 0);
    expect(sum).toBeCloseTo(78, 6);
  });
});
