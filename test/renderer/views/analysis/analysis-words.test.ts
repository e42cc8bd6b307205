import { describe, expect, it } from 'vitest';
import type { MatchPrediction } from '../../../../src/shared/ipc/analysis';
import {
  accuracyLine,
  basisLine,
  favoriteText,
  formatChance,
  formatFigure,
  predictedScores,
  provisionalNote,
  rankOf,
  verdictText,
} from '../../../../src/renderer/src/views/analysis/analysis-words';
import { localClock } from '../../../../src/renderer/src/format/dates';
import { fixedText, shareChange } from '../../../../src/renderer/src/views/analysis/what-if-words';

const NOW = new Date(2026, 2, 14, 15, 0);
const AS_OF = new Date(2026, 2, 14, 14, 2).toISOString();
/** "14:02" or "02:02 PM", as this machine's locale writes the time: the day is left out today. */
const CLOCK = localClock(AS_OF, NOW);

function prediction(change: Partial<MatchPrediction> = {}): MatchPrediction {
  return {
    matchId: 'm',
    redScore: 131.4,
    blueScore: 117.6,
    redWinProbability: 0.734,
    tooEarly: false,
    winner: null,
    right: null,
    ...change,
  };
}

describe('basisLine', () => {
  it('says how many of the matches were played and when it was computed', () => {
    expect(CLOCK).toMatch(/02/);
    expect(basisLine({ played: 37, total: 50, asOf: AS_OF }, NOW)).toBe(
      `from 37 of 50 played matches, as of ${CLOCK}`,
    );
    expect(basisLine({ played: 0, total: 0, asOf: AS_OF }, NOW)).toBe(
      `from no matches yet, as of ${CLOCK}`,
    );
  });
});

describe('provisionalNote', () => {
  const contribution = { opr: 1, dpr: 1, ccwm: 0, matches: 2, provisional: true };
  it('gives the count a provisional value comes from, and nothing for an exact one', () => {
    expect(provisionalNote(contribution)).toBe('from 2 matches');
    expect(provisionalNote({ ...contribution, matches: 1 })).toBe('from 1 match');
    expect(provisionalNote({ ...contribution, matches: 0 })).toBe('no match played yet');
    expect(provisionalNote({ ...contribution, matches: 5, provisional: false })).toBeNull();
  });
});

describe('predictions', () => {
  it('names the favourite and its chance, never 0% or 100%', () => {
    expect(favoriteText(prediction())).toBe('Red 73%');
    expect(favoriteText(prediction({ redWinProbability: 0.39 }))).toBe('Blue 61%');
    expect(favoriteText(prediction({ redWinProbability: 0.502 }))).toBe('Even');
    expect(favoriteText(prediction({ redWinProbability: 0.4951 }))).toBe('Even');
    expect(favoriteText(prediction({ redWinProbability: 0.505 }))).toBe('Red 51%');
    expect(favoriteText(prediction({ redWinProbability: 0.5, tooEarly: true }))).toBe('Too early');
    expect(formatChance(0.9996)).toBe('>99%');
    expect(formatChance(0.001)).toBe('<1%');
  });

  it('gives the predicted scores red first, whole', () => {
    expect(predictedScores(prediction())).toBe('131–118');
  });

  it('says whether a played match was predicted right; a tie never is', () => {
    expect(verdictText(prediction())).toBeNull();
    expect(verdictText(prediction({ winner: 'red', right: true }))).toBe('right');
    expect(verdictText(prediction({ winner: 'blue', right: false }))).toBe('wrong');
    expect(verdictText(prediction({ winner: 'tie', right: false }))).toBe('tie');
  });

  it('gives accuracy and Brier score against a coin flip', () => {
    expect(accuracyLine({ matches: 40, called: 40, right: 31, brier: 0.1824 })).toBe(
      'Right in 31 of 40 played matches (78%) · Brier score 0.182 (a coin flip scores 0.25; lower is better)',
    );
    expect(accuracyLine(null)).toBe('No played match to judge the predictions by yet.');
    expect(accuracyLine({ matches: 0, called: 0, right: 0, brier: 0 })).toBe(
      'No played match to judge the predictions by yet.',
    );
  });

  it('leaves matches too early or even to call out of the share right: they picked nobody', () => {
    expect(accuracyLine({ matches: 40, called: 38, right: 30, brier: 0.19 })).toBe(
      'Right in 30 of 38 played matches it called (79%; 2 not called) · Brier score 0.190 (a coin flip scores 0.25; lower is better)',
    );
    expect(accuracyLine({ matches: 2, called: 1, right: 1, brier: 0.2 })).toMatch(
      /^Right in 1 of 1 played match it called \(100%; 1 not called\) · /,
    );
    expect(accuracyLine({ matches: 1, called: 0, right: 0, brier: 0.25 })).toBe(
      'No played match was called yet (too early, or even) · Brier score 0.250 (a coin flip scores 0.25; lower is better)',
    );
  });
});

describe('figures', () => {
  it('give one decimal and a true minus sign', () => {
    expect(formatFigure(12.345)).toBe('12.3');
    expect(formatFigure(-4.25)).toMatch(/^−4\.[23]$/);
    expect(rankOf(12, 600)).toBe('#12 of 600');
  });
});

describe('what-if words', () => {
  it('say a fixed outcome and a change of chance', () => {
    expect(fixedText('red', 'Q42')).toBe('Red wins Q42');
    expect(fixedText('tie', 'Q42')).toBe('Tie in Q42');
    expect(shareChange(0.4, 0.52)).toBe('+12 pts');
    expect(shareChange(0.4, 0.37)).toBe('−3 pts');
    expect(shareChange(0.4, 0.401)).toBe('no change');
    expect(shareChange(undefined, 0.4)).toBe('new');
  });
});
