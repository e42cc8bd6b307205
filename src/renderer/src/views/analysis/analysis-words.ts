import {
  favouredSide,
  type AnalysisBasis,
  type Contribution,
  type MatchPrediction,
  type PredictionAccuracy,
} from '../../../../shared/ipc/analysis';
import { localClock } from '../../format/dates';
import { formatCount, formatScore } from '../../format/numbers';

/*
 * How the analysis' figures read. Everything here is computed on this computer from the local
 * copy, so each figure says what it was built from and where it is still a guess.
 */

/** Before the first computation answers: said in words, never a spinner. */
export const COMPUTING = 'Computing…';

export const RANKING_DISCLAIMER =
  'Ranked here from the matches in the local copy; the official ranking may differ.';

/** "from 37 of 50 played matches, as of 14:02". */
export function basisLine(basis: AnalysisBasis, now = new Date()): string {
  const asOf = `as of ${localClock(basis.asOf, now)}`;
  if (basis.total === 0) return `from no matches yet, ${asOf}`;
  const noun = basis.total === 1 ? 'match' : 'matches';
  return `from ${formatCount(basis.played)} of ${formatCount(basis.total)} played ${noun}, ${asOf}`;
}

/** OPR, DPR, CCWM and Rating: one decimal, a minus sign that reads as one. */
export function formatFigure(value: number): string {
  return formatScore(value).replace('-', '−');
}

/** "from 2 matches": why a provisional figure is a guess; null when it is not one. */
export function provisionalNote(contribution: Contribution): string | null {
  if (!contribution.provisional) return null;
  if (contribution.matches === 0) return 'no match played yet';
  return `from ${formatCount(contribution.matches)} ${contribution.matches === 1 ? 'match' : 'matches'}`;
}

/** 0.734 → "73%"; never "0%" or "100%", which a model that can be wrong should not claim. */
export function formatChance(probability: number): string {
  const percent = Math.round(probability * 100);
  if (percent <= 0) return '<1%';
  if (percent >= 100) return '>99%';
  return `${percent}%`;
}

/** Why a match has no call yet, for the prediction's tooltip. */
export const TOO_EARLY_TITLE =
  'No call yet: a team new to this copy has played fewer than 3 matches this season';

/** The favourite and its chance: "Red 73%"; an even match says so, as does one too early to call. */
export function favoriteText(
  prediction: Pick<MatchPrediction, 'redWinProbability' | 'tooEarly'>,
): string {
  if (prediction.tooEarly) return 'Too early';
  const p = prediction.redWinProbability;
  const side = favouredSide(p);
  if (side === null) return 'Even';
  return side === 'red' ? `Red ${formatChance(p)}` : `Blue ${formatChance(1 - p)}`;
}

/** "131–118": the predicted scores, red first as in the schedule. */
export function predictedScores(prediction: MatchPrediction): string {
  return `${Math.round(prediction.redScore)}–${Math.round(prediction.blueScore)}`;
}

/**
 * A played match: whether the prediction picked its winner, short enough for a schedule's cell
 * ("a tie is never right").
 */
export function verdictText(prediction: MatchPrediction): string | null {
  if (prediction.right === null) return null;
  if (prediction.winner === 'tie') return 'tie';
  return prediction.right ? 'right' : 'wrong';
}

/**
 * "Right in 31 of 40 played matches (78%) · Brier score 0.182 (a coin flip scores 0.25; lower is
 * better)"; matches too early to call or predicted even picked nobody, so they count in the Brier
 * score only, at 50% ("Right in 30 of 38 played matches it called (79%; 2 not called) · …").
 */
export function accuracyLine(accuracy: PredictionAccuracy | null): string {
  if (accuracy === null || accuracy.matches === 0) {
    return 'No played match to judge the predictions by yet.';
  }
  const brier = `Brier score ${accuracy.brier.toFixed(3)} (a coin flip scores 0.25; lower is better)`;
  const { called, right } = accuracy;
  if (called === 0) {
    return `No played match was called yet (too early, or even) · ${brier}`;
  }
  const share = Math.round((right / called) * 100);
  const matches = `played ${called === 1 ? 'match' : 'matches'}`;
  const uncalled = accuracy.matches - called;
  const judged =
    uncalled === 0
      ? `${matches} (${share}%)`
      : `${matches} it called (${share}%; ${formatCount(uncalled)} not called)`;
  return `Right in ${formatCount(right)} of ${formatCount(called)} ${judged} · ${brier}`;
}

/** "#12 of 600". */
export function rankOf(rank: number, of: number): string {
  return `#${formatCount(rank)} of ${formatCount(of)}`;
}
