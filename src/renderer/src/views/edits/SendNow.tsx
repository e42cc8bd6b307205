import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { editActions } from '../../stores/edits';
import { useSyncStatus } from '../../stores/sync-status';
import { ActionProblem } from './ActionProblem';
import { useEditAction } from './use-edit-action';

/** How long the answer to a press stays; after that the list itself shows what happened. */
const OUTCOME_SHOWN_MS = 8_000;

/** Said when a sync was already going: it sent the outbox as it began, not what came after. */
export const SYNC_ALREADY_RUNNING =
  'A sync is already running: it sent what was waiting when it began, and edits made since go out with the next one.';

/**
 * "Send now" for the whole outbox: it starts a sync, which sends the outbox first. What the
 * sync is doing is said before the click too, so nobody presses it waiting for a spinner.
 */
export function SendNow() {
  const syncState = useSyncStatus((state) => state.status?.state);
  const action = useEditAction();
  const [outcome, setOutcome] = useState<string | null>(null);
  useEffect(() => {
    if (outcome === null) return;
    const timer = window.setTimeout(() => setOutcome(null), OUTCOME_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const send = () =>
    void action.run(async () => {
      setOutcome(null);
      const { started } = await editActions.sendNow();
      setOutcome(
        started ? 'Sending now: each edit’s state changes here as it goes.' : SYNC_ALREADY_RUNNING,
      );
    });

  const situation =
    syncState === 'syncing'
      ? 'A sync is running now.'
      : syncState === 'offline'
        ? 'Offline: edits go out when the network is back.'
        : null;

  return (
    <div className="send-now">
      <button
        type="button"
        className="button primary"
        aria-disabled={action.busy}
        onClick={send}
        data-testid="send-now"
      >
        <Send size={14} aria-hidden="true" /> Send now
      </button>
      <p className="muted send-now-note" aria-live="polite">
        {outcome ?? situation}
      </p>
      <ActionProblem problem={action.problem} />
    </div>
  );
}
