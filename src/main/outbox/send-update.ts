import { patchValues, type UpdateEdit } from './edit';
import { compareUpdate, isApplied, toPatch, type Conflicts } from './compare';
import type { FieldValues } from './event-row';
import { REFUSED_TOGETHER, refusedMerge } from './refused-merge';
import { guarded, sendCompared, type ComparedKind, type Guard } from './send-compared';
import {
  editError,
  requireRecord,
  type CurrentRecord,
  type Outcome,
  type SendContext,
  type Try,
} from './send-context';
import type { NewSentCheck, SentFields } from './sent-check-rows';
import { lookTime, sentFields } from './sent-checks';

interface UpdatePlan extends Guard {
  payload: Record<string, unknown>;
  /** Fields both sides changed: held for the organizer, while the rest of the edit goes out. */
  held: Conflicts | null;
  /** Without a validator: what is sent, for its second look. */
  unguarded: SentFields | null;
  /** The service's record the payload was merged onto; `null` when sent straight from the base. */
  compared: CurrentRecord | null;
}

/**
 * One try of an update. Compared with the service's record where it must be, it sends only what
 * still needs sending: a field only someone else changed stays theirs, a field both changed is
 * held as a conflict. Sent without a validator, it gets a second look (`sent-checks.ts`).
 */
export function sendUpdate(context: SendContext, attempt: Try<UpdateEdit>): Promise<Outcome> {
  const { settle } = context;
  const secondLook = (edit: UpdateEdit, fields: SentFields | null): NewSentCheck | null =>
    fields === null
      ? null
      : {
          eventId: edit.eventId,
          fields,
          // Real time, not the service's: the bound is on how long requests take.
          checkAfter: new Date(
            lookTime(context.sentChecks) + context.sentChecks.afterMs,
          ).toISOString(),
        };

  const kind: ComparedKind<UpdateEdit, UpdatePlan> = {
    fromBase: (edit, ifMatch) => ({
      ifMatch,
      sendBy: null,
      payload: edit.payload,
      held: null,
      unguarded: null,
      compared: null,
    }),
    async compare(edit, current, unsure, checkedAt) {
      if (current === null) {
        await settle.failed(edit, {
          code: 'not_found',
          message: `Event ${edit.eventId} is no longer on the service; the change was not made.`,
          status: 404,
        });
        return 'next';
      }
      if (unsure && isApplied(edit, current.record)) {
        const sent = current.etag === null ? appliedFields(edit) : null;
        await settle.updated(edit, current.record, current.etag, secondLook(edit, sent));
        return 'done';
      }
      const verdict = compareUpdate(edit, current.record);
      const held = Object.keys(verdict.conflicts).length > 0 ? verdict.conflicts : null;
      if (Object.keys(verdict.patch).length === 0) {
        if (held === null) await settle.updated(edit, current.record, current.etag);
        else await settle.conflict(edit, held, current.record, current.etag);
        return held === null ? 'done' : 'blocked';
      }
      const unguarded = current.etag === null;
      return {
        ifMatch: current.etag,
        sendBy: unguarded ? checkedAt + context.sentChecks.sendByMs : null,
        payload: toPatch(verdict.patch),
        held,
        unguarded: unguarded ? sentFields(verdict.patch, current.record) : null,
        compared: current,
      };
    },
    async send(edit, plan) {
      let answer;
      try {
        answer = await context.client.updateEvent(
          edit.eventId,
          plan.payload,
          guarded(plan, context.signal),
        );
      } catch (error) {
        // Sent on top of someone else's change and refused as a whole: a conflict, not a refusal.
        const together =
          plan.compared === null
            ? null
            : refusedMerge(edit, plan.compared.record, plan.held, error);
        if (together === null || plan.compared === null) throw error;
        await settle.conflict(
          edit,
          together.conflicts,
          plan.compared.record,
          plan.compared.etag,
          null,
          {
            ...editError(together.error),
            code: 'conflict',
            message: REFUSED_TOGETHER,
          },
        );
        return 'blocked';
      }
      const record = requireRecord(answer.value);
      const sent = secondLook(edit, plan.unguarded);
      if (plan.held !== null) {
        await settle.conflict(edit, plan.held, record, answer.etag, sent);
        return 'blocked';
      }
      await settle.updated(edit, record, answer.etag, sent);
      return 'done';
    },
    keptChanging: 'The event kept changing on the service while it was sent.',
  };
  return sendCompared(context, attempt, kind);
}

/** An update found applied on a service without ETags: its fields, from its own base. */
function appliedFields(edit: UpdateEdit): SentFields {
  const fields: SentFields = {};
  const base: FieldValues = edit.base;
  for (const [field, mine] of Object.entries(patchValues(edit.payload))) {
    const name = field as keyof FieldValues;
    fields[name] = { base: base[name] ?? null, mine: mine ?? null };
  }
  return fields;
}
