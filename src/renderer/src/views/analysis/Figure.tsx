import type { Contribution } from '../../../../shared/ipc/analysis';
import { formatFigure, provisionalNote } from './analysis-words';

/**
 * An OPR (or DPR, CCWM) with its provisional mark: a guess steadied by the prior says so in words
 * beside the number ("from 2 matches"), readable by everyone, not only by a symbol or colour.
 */
export function ContributionFigure({
  contribution,
  pick = 'opr',
}: {
  contribution: Contribution | null;
  pick?: 'opr' | 'dpr' | 'ccwm';
}) {
  if (contribution === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">none</span>
      </>
    );
  }
  const note = provisionalNote(contribution);
  return (
    <span className={note === null ? undefined : 'provisional'} data-provisional={note !== null}>
      {formatFigure(contribution[pick])}
      {note !== null && (
        <span className="provisional-note">
          <span className="visually-hidden">, provisional </span>
          <span aria-hidden="true"> ≈ </span>
          {note}
        </span>
      )}
    </span>
  );
}
