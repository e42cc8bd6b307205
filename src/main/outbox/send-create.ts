import { ApiError } from '../api/errors';
import type { CreateEdit } from './edit';
import { findCreated, type CreateLookup } from './find-created';
import { requireRecord, type Outcome, type SendContext, type Try } from './send-context';

/**
 * One try of a create. One that went out before (its answer lost, the process killed, or given up
 * and sent again) may have made the event: it is looked for first, and always goes with the same
 * Idempotency-Key, so a service that honours one never makes it twice.
 */
export async function sendCreate(context: SendContext, attempt: Try<CreateEdit>): Promise<Outcome> {
  if (attempt.edit.sentAt !== null) {
    const found = await lookUp(context, attempt.edit);
    if (found.kind === 'found') {
      await context.settle.created(attempt.edit, found.record, found.etag);
      return 'done';
    }
  }
  return post(context, attempt);
}

/**
 * The look a create gets before it is given up: found, it is done; not found, it did not arrive
 * (`absent`). With no answer, it may have arrived (`unknown`), and is looked for again before it
 * is ever sent again.
 */
export async function lookBeforeGivingUp(
  context: SendContext,
  edit: CreateEdit,
): Promise<'done' | 'absent' | 'unknown'> {
  try {
    const found = await lookUp(context, edit);
    if (found.kind === 'absent') return 'absent';
    await context.settle.created(edit, found.record, found.etag);
    return 'done';
  } catch (error) {
    if (!(error instanceof ApiError) || context.signal?.aborted === true) throw error;
    return 'unknown';
  }
}

async function lookUp(context: SendContext, edit: CreateEdit): Promise<CreateLookup> {
  const claimed = await context.read(() => context.writer.claimedEventIds());
  return findCreated(context.client, edit, claimed, context.signal);
}

async function post(context: SendContext, attempt: Try<CreateEdit>): Promise<Outcome> {
  const edit = await attempt.claim(context);
  const answer = await context.client.createEvent(edit.payload, {
    idempotencyKey: edit.idempotencyKey,
    signal: context.signal,
  });
  await context.settle.created(edit, requireRecord(answer.value), answer.etag);
  return 'done';
}
