import { ApiError } from '../api/errors';
import type { DeleteEdit } from './edit';
import { compareDelete } from './compare';
import { guarded, sendCompared, type ComparedKind, type Guard } from './send-compared';
import type { Outcome, SendContext, Try } from './send-context';

/**
 * One try of a delete. A delete asked for one state of the event: a field someone changed since
 * is shown as a conflict before the event goes, since deleting it would delete their change too.
 * An event already gone is what the delete asked for.
 */
export function sendDelete(context: SendContext, attempt: Try<DeleteEdit>): Promise<Outcome> {
  const { settle } = context;
  const kind: ComparedKind<DeleteEdit, Guard> = {
    fromBase: (_edit, ifMatch) => ({ ifMatch, sendBy: null }),
    async compare(edit, current, _unsure, checkedAt) {
      if (current === null) {
        await settle.deleted(edit);
        return 'done';
      }
      const conflicts = compareDelete(edit, current.record);
      if (Object.keys(conflicts).length > 0) {
        await settle.conflict(edit, conflicts, current.record, current.etag);
        return 'blocked';
      }
      // Bounded like an update without a validator, so that the writer it may cross sees it.
      const sendBy = current.etag === null ? checkedAt + context.sentChecks.sendByMs : null;
      return { ifMatch: current.etag, sendBy };
    },
    async send(edit, plan) {
      try {
        await context.client.deleteEvent(edit.eventId, guarded(plan, context.signal));
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'not_found') throw error;
      }
      await settle.deleted(edit);
      return 'done';
    },
    keptChanging: 'The event kept changing on the service while it was deleted.',
  };
  return sendCompared(context, attempt, kind);
}
