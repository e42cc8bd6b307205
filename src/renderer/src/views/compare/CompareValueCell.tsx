import { Trophy } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One team's value in a comparison row: a dash read as "none" when there is none, and the best
 * marked by a trophy, the word and bold (never colour alone). `pending` stands in while the value
 * is still being read or computed.
 */
export function CompareValueCell({
  teamNumber,
  text,
  isBest,
  pending,
  note,
}: {
  teamNumber: number;
  /** The value as shown; null when the team has none. */
  text: string | null;
  isBest: boolean;
  pending?: ReactNode;
  /** A remark after the value (a provisional figure's match count). */
  note?: ReactNode;
}) {
  return (
    <td
      className={isBest ? 'num compare-value best' : 'num compare-value'}
      data-team={teamNumber}
      data-best={isBest}
    >
      {pending ??
        (text === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">none</span>
          </>
        ) : (
          <>
            {isBest && <Trophy size={13} className="best-icon" aria-hidden="true" />}
            {isBest && <span className="visually-hidden">best: </span>}
            {isBest ? <strong>{text}</strong> : text}
            {note}
          </>
        ))}
    </td>
  );
}
