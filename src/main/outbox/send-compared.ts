import { ApiError } from '../api/errors';
import { SendWindowMissed } from '../api/request';
import type { DeleteEdit, UpdateEdit } from './edit';
import {
  currentRecord,
  type CurrentRecord,
  type Outcome,
  type SendContext,
  type Try,
} from './send-context';

/** How a request of an update or delete is guarded: its validator, or the time it must leave by. */
export interface Guard {
  ifMatch: string | null;
  /** Epoch ms; set for a request without a validator (see `sent-checks.ts`). */
  sendBy: number | null;
}

/** What an update or a delete does at each step of the loop they share. */
export interface ComparedKind<Kind extends UpdateEdit | DeleteEdit, Plan extends Guard> {
  /** The plan straight from the edit's base, when it has a validator and surely did not go out. */
  fromBase(edit: Kind, ifMatch: string): Plan;
  /**
   * What to send, given the service's record now (`null`: it has none), or how the edit ends
   * without a request. `unsure`: it may have been applied already. `checkedAt`: when it was read.
   */
  compare(
    edit: Kind,
    current: CurrentRecord | null,
    unsure: boolean,
    checkedAt: number,
  ): Promise<Plan | Outcome>;
  /** Sends the plan and settles its answer. */
  send(edit: Kind, plan: Plan): Promise<Outcome>;
  /** Said when the record kept changing between the read and the request. */
  keptChanging: string;
}

/**
 * The loop an update and a delete share. With a validator from the edit's base the request goes
 * at once, `If-Match` on it; without one, or when the edit may have gone out already, the
 * service's record is read and compared first. A request the service turns down because the
 * record changed since (412), or one the rate limit held past the moment its comparison was good
 * for, goes round again from a fresh read: three rounds at most.
 */
export async function sendCompared<Kind extends UpdateEdit | DeleteEdit, Plan extends Guard>(
  context: SendContext,
  attempt: Try<Kind>,
  kind: ComparedKind<Kind, Plan>,
): Promise<Outcome> {
  let unsure = attempt.edit.state === 'sending';
  const baseEtag = attempt.edit.baseEtag;
  let plan: Plan | null =
    unsure || baseEtag === null ? null : kind.fromBase(attempt.edit, baseEtag);
  let heldBack = false;
  for (let round = 0; round < 3; round += 1) {
    if (plan === null) {
      const checkedAt = Date.now();
      const current = await currentRecord(context, attempt.edit.eventId);
      const next = await kind.compare(attempt.edit, current, unsure, checkedAt);
      if (typeof next === 'string') return next;
      plan = next;
    }
    const edit = await attempt.claim(context);
    try {
      return await kind.send(edit, plan);
    } catch (error) {
      if (!(error instanceof SendWindowMissed) && !isPreconditionFailed(error)) throw error;
      // Either way it was not applied: what is sent next comes from a fresh comparison.
      heldBack = error instanceof SendWindowMissed;
      unsure = false;
      plan = null;
    }
  }
  throw heldBack ? heldBackError() : new ApiError('server_error', kind.keptChanging);
}

/** The request options of a plan. */
export function guarded(plan: Guard, signal: AbortSignal | undefined) {
  return {
    ...(plan.ifMatch === null ? {} : { ifMatch: plan.ifMatch }),
    ...(plan.sendBy === null ? {} : { sendBy: plan.sendBy }),
    signal,
  };
}

/**
 * A write checked without a validator kept being held back by the rate limit past the moment its
 * check was good for: it went nowhere, and waits like any rate-limited request.
 */
function heldBackError(): ApiError {
  return new ApiError(
    'rate_limited',
    "The service's rate limit held the edit back too long after it was checked; it is checked again and sent on the next try.",
  );
}

function isPreconditionFailed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}
