import { describeError } from '../api';
import { showNotice } from './actions';
import { editActions } from './edits';
import { createPendingDeletes } from './pending-deletes';

/** The app's deletions in their undo window, held in the outbox until it ends. */
export const eventDeletes = createPendingDeletes({
  remove: editActions.removeHeld,
  discard: editActions.discard,
  onQueued: ({ eventName }) =>
    showNotice('info', `“${eventName}” deleted here; it goes to the service with the next sync.`),
  onUndone: ({ eventName }) => showNotice('info', `Kept “${eventName}”: nothing was deleted`),
  onFailed: ({ eventName }, error) =>
    showNotice('error', `Could not delete “${eventName}”: ${describeError(error)}`),
});
