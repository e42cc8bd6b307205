import type { EventRecord } from '../../shared/wire/event';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import { failureWords } from '../failure-words';
import type { Edit, EditError } from './edit';
import type { OutboxWriter } from './outbox-writer';
import type { SentCheckTiming } from './sent-checks';
import type { SendLeases } from './send-leases';
import type { Settle } from './settle';

/** What one try of one edit leads to: done, the event's later edits wait, or on to the next. */
export type Outcome = 'done' | 'blocked' | 'next';

/** What every edit kind's sending needs from the run; nothing in it changes while the run goes. */
export interface SendContext {
  client: ApiClient;
  writer: OutboxWriter;
  settle: Settle;
  scope: string;
  /** Reads on the write lane, so they see what this run's settles committed. */
  read: <Result>(work: () => Result) => Promise<Result>;
  signal?: AbortSignal;
  sentChecks: SentCheckTiming;
  /** The edits this process has a try under way for; the context itself is the holder. */
  leases: SendLeases;
}

/** Another sender took the edit (or it changed) between reading it and handing it over. */
export class ClaimLost extends Error {
  constructor(readonly editId: number) {
    super(`Edit ${editId} was taken by another sender.`);
    this.name = 'ClaimLost';
  }
}

/**
 * One try of one edit: the edit as it last stood on disk, and whether the try has counted (a try
 * counts once, however many requests a change of the record on the way makes it send).
 */
export class Try<Kind extends Edit = Edit> {
  counted = false;

  constructor(public edit: Kind) {}

  /** Claims the edit before a request leaves; see `OutboxRows.claim`. */
  async claim(context: SendContext): Promise<Kind> {
    const claimed = await context.settle.claim(this.edit, !this.counted);
    if (claimed === null) throw new ClaimLost(this.edit.id);
    context.leases.sending(claimed.id, context);
    this.counted = true;
    this.edit = claimed as Kind;
    return this.edit;
  }
}

export interface CurrentRecord {
  record: EventRecord;
  etag: string | null;
}

/** The service's record of the event now, or `null` when it has none. */
export async function currentRecord(
  context: SendContext,
  eventId: string,
): Promise<CurrentRecord | null> {
  try {
    const answer = await context.client.getEvent(eventId, { signal: context.signal });
    return { record: requireRecord(answer.value), etag: answer.etag };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  }
}

export function requireRecord(value: { data: EventRecord } | undefined): EventRecord {
  if (value === undefined) {
    throw new ApiError('invalid_response', 'The service answered the edit without the event.');
  }
  return value.data;
}

/** The one mapping from a failed request to what the organizer reads about their edit. */
export function editError(error: ApiError): EditError {
  return {
    code: error.code,
    message: failureWords(error),
    ...(error.serviceCode === undefined ? {} : { serviceCode: error.serviceCode }),
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.details === undefined ? {} : { details: error.details }),
  };
}
