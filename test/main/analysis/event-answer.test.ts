import { describe, expect, it } from 'vitest';
import type { MatchInfo } from '../../../src/main/analysis/cache-read';
import { matchPredictions, predictionAccuracy } from '../../../src/main/analysis/event-answer';
import type { SeasonStart } from '../../../src/main/analysis/math/rating-state';
import { SeasonReplay } from '../../../src/main/analysis/math/season-replay';

/*
 * Whether a played match's prediction was right. A prediction the app shows as "Even" or "Too
 * early" picked nobody: it must not be counted right or wrong, nor in the share of calls right.
 */

/** Six teams known from a season before, all alike: their first match is an even call. */
const KNOWN: SeasonStart = {
  standing: new Map([1, 2, 3, 4, 5, 6].map((team) => [team, 0])),
  priors: new Map([[3, { mean: 90, spread: 25 }]]),
};
/** The same six new to the data: too early to call until each has played three matches. */
const NEW: SeasonStart = { standing: new Map(), priors: new Map() };

function played(
  id: string,
  number: number,
  red: number[],
  blue: number[],
  scores: [number, number],
): MatchInfo {
  const [redScore, blueScore] = scores;
  return {
    id,
    eventId: 'e',
    type: 'qualification',
    typeRank: 0,
    number,
    played: true,
    scheduledAt: null,
    playedAt: `2026-03-01T10:0${number}:00Z`,
    red,
    blue,
    redScore,
    blueScore,
    winner: redScore > blueScore ? 'red' : redScore < blueScore ? 'blue' : 'tie',
  };
}

function predicted(start: SeasonStart, matches: MatchInfo[]) {
  const replay = new SeasonReplay(start);
  replay.update(
    matches.map((match) => ({
      id: match.id,
      red: match.red,
      blue: match.blue,
      redScore: match.redScore ?? 0,
      blueScore: match.blueScore ?? 0,
      playoff: false,
    })),
    start,
  );
  return matchPredictions(matches, replay);
}

describe('a played match’s verdict', () => {
  const matches = [
    played('q1', 1, [1, 2, 3], [4, 5, 6], [120, 60]),
    played('q2', 2, [1, 2, 3], [4, 5, 6], [130, 50]),
    played('q3', 3, [4, 5, 6], [1, 2, 3], [140, 40]),
    played('q4', 4, [1, 2, 3], [4, 5, 6], [100, 100]),
  ];
  const predictions = predicted(KNOWN, matches);

  it('is none for a prediction shown as even, right or wrong for a call, wrong for a tie', () => {
    expect(predictions.map((each) => each.matchId)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(predictions.map((each) => each.tooEarly)).toEqual([false, false, false, false]);
    expect(predictions[0]?.redWinProbability).toBeCloseTo(0.5, 9);
    expect(predictions.map((each) => each.right)).toEqual([null, true, false, false]);
  });

  it('is none while a team new to the data has played fewer than three matches', () => {
    const early = predicted(NEW, matches);
    expect(early.map((each) => each.tooEarly)).toEqual([true, true, true, false]);
    expect(early.slice(0, 3).map((each) => each.redWinProbability)).toEqual([0.5, 0.5, 0.5]);
    expect(early.map((each) => each.right)).toEqual([null, null, null, false]);
    expect(predictionAccuracy(early)).toMatchObject({ matches: 4, called: 1, right: 0 });
  });

  it('counts every prediction in the Brier score and only the calls in the share right', () => {
    const accuracy = predictionAccuracy(predictions);
    expect(accuracy).toMatchObject({ matches: 4, called: 3, right: 1 });
    const squares = predictions.reduce((sum, each, i) => {
      const outcome = i === 3 ? 0.5 : each.winner === 'red' ? 1 : 0;
      return sum + (each.redWinProbability - outcome) ** 2;
    }, 0);
    expect(accuracy?.brier).toBeCloseTo(squares / 4, 12);
  });
});
