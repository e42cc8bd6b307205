import type { Winner } from '../../../../shared/wire/match';

export const OUTCOME_LABELS: Record<Winner, string> = {
  red: 'Red wins',
  blue: 'Blue wins',
  tie: 'Tie',
};

/** "Red wins Q42", "Tie in Q42": an outcome the analyst fixed. */
export function fixedText(winner: Winner, label: string): string {
  return winner === 'tie' ? `Tie in ${label}` : `${OUTCOME_LABELS[winner]} ${label}`;
}

/** "+12 pts", "−3 pts", "no change", "new": a top-8 chance against the run before. */
export function shareChange(before: number | undefined, now: number): string {
  if (before === undefined) return 'new';
  const points = Math.round((now - before) * 100);
  if (points === 0) return 'no change';
  return points > 0 ? `+${points} pts` : `−${-points} pts`;
}
