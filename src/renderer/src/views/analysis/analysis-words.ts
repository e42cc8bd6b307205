import type {
  AnalysisBasis,
  Contribution,
  MatchPrediction,
  PredictionAccuracy,
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

/** The favourite and its chance: "Red 73%"; an even match says so. */
export function favoriteText(prediction: Pick<MatchPrediction, 'redWinProbability'>): string {
  const p = prediction.redWinProbability;
  if (Math.round(p * 100) === 50) return 'Even';
  return p > 0.5 ? `Red ${formatChance(p)}` : `Blue ${formatChance(1 - p)}`;
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
 * better)".
 */
export function accuracyLine(accuracy: PredictionAccuracy | null): string {
  if (accuracy === null || accuracy.matches === 0) {
    return 'No played match to judge the predictions by yet.';
  }
  const share = Math.round((accuracy.right / accuracy.matches) * 100);
  return (
    `Right in ${formatCount(accuracy.right)} of ${formatCount(accuracy.matches)} played ` +
    `${accuracy.matches === 1 ? 'match' : 'matches'} (${share}%) · Brier score ` +
    `${accuracy.brier.toFixed(3)} (a coin flip scores 0.25; lower is better)`
  );
}

/** "#12 of 600". */
export function rankOf(rank: number, of: number): string {
  return `#${formatCount(rank)} of ${formatCount(of)}`;
}
