import { ArrowDown } from 'lucide-react';
import type { MatchRecord } from '../../../../shared/wire/match';
import { matchName, UP_NEXT_ROW_ID } from '../../components/MatchTable';

/** Brings the row marked "Up next" into view and focus, so the keyboard carries on from there. */
function jumpToUpNext(): void {
  const row = document.getElementById(UP_NEXT_ROW_ID);
  if (row === null) return;
  row.scrollIntoView({ block: 'center' });
  row.focus({ preventScroll: true });
}

/**
 * "Up next: Q38", a button to the first match not played yet; when every match is played it says
 * so instead, so the button's absence is never a question.
 */
export function UpNextJump({ next, any }: { next: MatchRecord | null; any: boolean }) {
  if (!any) return null;
  if (next === null) {
    return (
      <span className="muted" data-testid="up-next-none">
        Every match is played
      </span>
    );
  }
  return (
    <button
      type="button"
      className="button"
      onClick={jumpToUpNext}
      data-testid="up-next-jump"
      title="Scroll to the first match not played yet"
    >
      <ArrowDown size={14} aria-hidden="true" />
      Up next: {matchName(next)}
    </button>
  );
}
