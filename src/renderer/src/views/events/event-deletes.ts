import { describeError } from '../../api';
import { showNotice } from '../../stores/actions';
import { editActions } from '../../stores/edits';
import { createPendingDeletes } from './pending-deletes';

/** The app's deletions waiting out their undo window, queued through the outbox when it ends. */
export const eventDeletes = createPendingDeletes({
  remove: editActions.remove,
  onQueued: ({ eventName }, queued) =>
    showNotice(
      'info',
      // `null`: the event was created here and never sent, so the outbox simply dropped it.
      queued === null
        ? `“${eventName}” deleted; it had never been sent, so the service never hears of it.`
        : `“${eventName}” deleted here; it goes to the service with the next sync.`,
    ),
  onFailed: ({ eventName }, error) =>
    showNotice('error', `Could not delete “${eventName}”: ${describeError(error)}`),
});

// The organizer confirmed: closing the window during the undo time must not drop the deletion.
window.addEventListener('pagehide', () => eventDeletes.getState().flush());
