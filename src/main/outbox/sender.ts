import type { EventRecord } from '../../shared/wire/event';
import type { ApiClient } from '../api/client';
import { backoffDelay, DEFAULT_BACKOFF } from '../api/backoff';
import { ApiError } from '../api/errors';
import { SendWindowMissed } from '../api/request';
import { failureWords } from '../failure-words';
import type { WriteQueue } from '../cache/write-queue';
import type { CacheWriter } from '../cache/writes';
import { compareDelete, compareUpdate, isApplied, toPatch, type Conflicts } from './compare';
import { REFUSED_TOGETHER, refusedMerge } from './refused-merge';
import {
  isLocalEventId,
  patchValues,
  type CreateEdit,
  type DeleteEdit,
  type Edit,
  type EditError,
  type UpdateEdit,
} from './edit';
import type { FieldValues } from './event-row';
import { findCreated } from './find-created';
import type { RoleEvidence } from './role';
import type { NewSentCheck, SentFields } from './sent-check-rows';
import { checkSentEdits, SENT_CHECK_TIMING, sentFields, type SentCheckTiming } from './sent-checks';
import { Settle } from './settle';

export interface OutboxSummary {
  /** Edits the service took in this run (or that were found already applied). */
  sent: number;
  /** Edits still to go: waiting, or sent without a clear answer. */
  pending: number;
  failed: number;
  conflicts: number;
  /** Sent without a validator, their second look still to come (see `sent-checks.ts`). */
  checking: number;
}

export interface SenderOptions {
  client: ApiClient;
  writer: CacheWriter;
  queue: WriteQueue;
  /** The service the client talks to; only its edits are sent. */
  scope: string;
  /** The service edits are made for now (it changes when the person switches service). */
  currentScope?: () => string | null;
  /** Told when an event created here got the service's code (views showing it move along). */
  onRenamed?: (from: string, to: string) => void;
  /** Told what each answer to a write says about the key's role. */
  onRoleEvidence?: (evidence: RoleEvidence) => Promise<void>;
  now?: () => Date;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Events whose edits go out side by side; one event's edits always go one after another. */
  concurrency?: number;
  /** Tries of one edit within a run before it waits for the next run. */
  triesPerRun?: number;
  /** Tries of one edit, over all runs, that got no clear answer before it is given up as failed. */
  maxAttempts?: number;
  /** A Retry-After longer than this is not waited out within the run. */
  maxWaitMs?: number;
  /** How writes without a validator are bounded and looked at again; tests shorten it. */
  sentChecks?: SentCheckTiming;
}

/** The network is gone or the key is refused: no other edit can go out in this run either. */
class StopRun extends Error {
  constructor(readonly reason: ApiError) {
    super(reason.message);
    this.name = 'StopRun';
  }
}

type Outcome = 'done' | 'blocked' | 'next';

const DEFAULTS = {
  concurrency: 4,
  triesPerRun: 3,
  maxAttempts: 8,
  maxWaitMs: 30_000,
  sentChecks: SENT_CHECK_TIMING as SentCheckTiming,
};
/** Answers that say the edit was refused as it is: sending it again would get the same. */
const REFUSALS = new Set(['forbidden', 'not_found', 'conflict', 'rejected']);

function stamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The one mapping from a failed request to what the organizer reads about their edit. */
function editError(error: ApiError): EditError {
  return {
    code: error.code,
    message: failureWords(error),
    ...(error.serviceCode === undefined ? {} : { serviceCode: error.serviceCode }),
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.details === undefined ? {} : { details: error.details }),
  };
}

function hasConflicts(conflicts: Conflicts): boolean {
  return Object.keys(conflicts).length > 0;
}

/**
 * Sends the outbox: each event's edits in the order they were made, events side by side. Every
 * edit is marked `sending` on disk before its request leaves, so one that got no clear answer
 * (or whose process died) is checked on the service before it is ever sent again: a create is
 * looked for, an update compared, a delete confirmed. Creates also carry an idempotency key, for
 * services that honour one. An update or delete carries `If-Match` with the validator its edit
 * was based on; without one, the service's record is read and compared field by field first.
 */
export async function sendOutbox(options: SenderOptions): Promise<OutboxSummary> {
  const settings = { ...DEFAULTS, ...options };
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? defaultSleep;
  const { client, writer, queue, scope, signal } = options;
  const settle = new Settle(
    writer,
    queue,
    scope,
    () => stamp(now()),
    options.currentScope ?? (() => scope),
    options.onRenamed,
  );
  const read = <Result>(work: () => Result) => queue.runFirst(work);
  let sent = 0;
  // Set from inside the workers; an object, so the checks below see what they set.
  const run: { stopped: StopRun | null } = { stopped: null };

  const edits = await read(() => writer.outbox.all(scope));
  const chains = new Map<string, number[]>();
  for (const edit of edits) {
    const chain = chains.get(edit.eventId) ?? [];
    chain.push(edit.id);
    chains.set(edit.eventId, chain);
  }

  async function sendChain(ids: readonly number[]): Promise<void> {
    for (const id of ids) {
      if (run.stopped !== null || signal?.aborted === true) return;
      const edit = await read(() => writer.outbox.get(id, scope));
      if (edit === null || edit.state === 'failed') continue;
      // A conflict waits for the organizer, and the edits made after it wait with it.
      if (edit.state === 'conflict') return;
      if (edit.notBefore !== null && edit.notBefore > stamp(now())) return;
      // Edits of an event created here wait for the create to give it a code.
      if (edit.kind !== 'create' && isLocalEventId(edit.eventId)) return;
      const outcome = await sendWithRetries(edit);
      if (outcome === 'blocked') return;
    }
  }

  async function sendWithRetries(first: Edit): Promise<Outcome> {
    let edit = first;
    for (let tries = 1; ; tries += 1) {
      try {
        const outcome = await sendOnce(edit);
        if (outcome === 'done') sent += 1;
        return outcome;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (signal?.aborted === true) throw error;
        // A 401 or a 429 is a clear "not done": the edit is as it was before this try (which may
        // have been unsure already). Anything else without an answer may have been applied.
        const turnedAway = error.code === 'unauthorized' || error.code === 'rate_limited';
        const maybeApplied = turnedAway ? edit.state === 'sending' : true;
        // A refused key ends the run at once; a network that keeps failing, after a few tries (one
        // reset on a venue's wifi is no reason to leave every other edit for the next run).
        if (
          error.code === 'unauthorized' ||
          (error.code === 'offline' && tries >= settings.triesPerRun)
        ) {
          await settle.retryLater(edit, editError(error), null, maybeApplied);
          throw new StopRun(error);
        }
        if (REFUSALS.has(error.code)) {
          await settle.failed(edit, editError(error));
          return 'next';
        }
        const attempts = edit.attempts + 1;
        if (!turnedAway && attempts >= settings.maxAttempts) {
          await settle.failed(edit, {
            ...editError(error),
            message: `Gave up after ${attempts} tries without a clear answer: ${error.message}`,
          });
          return 'next';
        }
        const waitMs = backoffDelay(tries, DEFAULT_BACKOFF, random, error.retryAfterMs);
        // A wait longer than a run may take (a long Retry-After) is kept on disk, so that no run
        // sends before it is over; shorter ones are waited out here, or by the next run's start.
        const tooLong = waitMs > settings.maxWaitMs;
        const notBefore = tooLong ? stamp(new Date(now().getTime() + waitMs)) : null;
        await settle.retryLater(edit, editError(error), notBefore, maybeApplied);
        if (tooLong || tries >= settings.triesPerRun) return 'blocked';
        await sleep(waitMs, signal);
        const reloaded = await read(() => writer.outbox.get(edit.id, scope));
        if (reloaded === null) return 'next';
        edit = reloaded;
      }
    }
  }

  /** One try of one edit: the check a possibly applied edit needs, then its request. */
  async function sendOnce(edit: Edit): Promise<Outcome> {
    const allowed = edit.kind === 'delete' ? 'delete-allowed' : 'edit-allowed';
    const forbidden = edit.kind === 'delete' ? 'delete-forbidden' : 'edit-forbidden';
    try {
      const outcome = await sendKind(edit);
      if (outcome === 'done') await options.onRoleEvidence?.(allowed);
      return outcome;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'forbidden') {
        await options.onRoleEvidence?.(forbidden);
      }
      throw error;
    }
  }

  function sendKind(edit: Edit): Promise<Outcome> {
    switch (edit.kind) {
      case 'create':
        return sendCreate(edit);
      case 'update':
        return sendUpdate(edit);
      case 'delete':
        return sendDelete(edit);
    }
  }

  async function sendCreate(edit: CreateEdit): Promise<Outcome> {
    if (edit.state === 'sending') {
      const claimed = await read(() => writer.claimedEventIds());
      const found = await findCreated(client, edit, claimed, signal);
      if (found !== null) {
        await settle.created(edit, found.record, found.etag);
        return 'done';
      }
    }
    await settle.sending(edit);
    const answer = await client.createEvent(edit.payload, {
      idempotencyKey: edit.idempotencyKey,
      signal,
    });
    await settle.created(edit, requireRecord(answer.value), answer.etag);
    return 'done';
  }

  async function sendUpdate(edit: UpdateEdit): Promise<Outcome> {
    let ifMatch = edit.baseEtag;
    let payload: Record<string, unknown> = edit.payload;
    // Unsure whether it went out, or no validator to send: compare with the service's record.
    let mustCompare = edit.state === 'sending' || ifMatch === null;
    // Fields both sides changed: held for the organizer, while the rest of the edit goes out.
    let held: Conflicts | null = null;
    // Without a validator: what was sent, for its second look, and the time it must leave by.
    let unguarded: { fields: SentFields; sendBy: number } | null = null;
    let heldBack = false;
    // The service's record the edit was last compared with, and merged into.
    let compared: { record: EventRecord; etag: string | null } | null = null;
    for (let round = 0; round < 3; round += 1) {
      if (mustCompare) {
        const checkedAt = Date.now();
        const current = await currentRecord(edit.eventId);
        if (current === null) return gone(edit);
        compared = current;
        if (edit.state === 'sending' && isApplied(edit, current.record)) {
          const sent = current.etag === null ? appliedFields(edit) : null;
          await settle.updated(edit, current.record, current.etag, secondLook(edit, sent));
          return 'done';
        }
        const verdict = compareUpdate(edit, current.record);
        held = hasConflicts(verdict.conflicts) ? verdict.conflicts : null;
        if (Object.keys(verdict.patch).length === 0) {
          if (held === null) await settle.updated(edit, current.record, current.etag);
          else await settle.conflict(edit, held, current.record, current.etag);
          return held === null ? 'done' : 'blocked';
        }
        payload = toPatch(verdict.patch);
        ifMatch = current.etag;
        unguarded =
          ifMatch === null
            ? {
                fields: sentFields(verdict.patch, current.record),
                sendBy: checkedAt + settings.sentChecks.sendByMs,
              }
            : null;
      }
      await settle.sending(edit);
      edit = { ...edit, state: 'sending', attempts: edit.attempts + 1 };
      try {
        const answer = await client.updateEvent(edit.eventId, payload, {
          ...(ifMatch === null ? {} : { ifMatch }),
          ...(unguarded === null ? {} : { sendBy: unguarded.sendBy }),
          signal,
        });
        const record = requireRecord(answer.value);
        const sent = secondLook(edit, unguarded?.fields ?? null);
        if (held !== null) {
          await settle.conflict(edit, held, record, answer.etag, sent);
          return 'blocked';
        }
        await settle.updated(edit, record, answer.etag, sent);
        return 'done';
      } catch (error) {
        const together =
          compared === null ? null : refusedMerge(edit, compared.record, held, error);
        if (together !== null && compared !== null) {
          await settle.conflict(edit, together.conflicts, compared.record, compared.etag, null, {
            ...editError(together.error),
            code: 'conflict',
            message: REFUSED_TOGETHER,
          });
          return 'blocked';
        }
        // Held back past the time it had to leave by: the check is stale, so it is made again.
        // Changed since the edit's base: compare, merge what merges, and try again.
        if (!(error instanceof SendWindowMissed) && !isPreconditionFailed(error)) throw error;
        heldBack = error instanceof SendWindowMissed;
        mustCompare = true;
        edit = { ...edit, state: 'pending' };
      }
    }
    throw heldBack
      ? heldBackError()
      : new ApiError('server_error', 'The event kept changing on the service while it was sent.');
  }

  /** The second look at fields written without a validator; none for a guarded write. */
  function secondLook(edit: Edit, fields: SentFields | null): NewSentCheck | null {
    if (fields === null) return null;
    return {
      eventId: edit.eventId,
      fields,
      // Real time, not the service's: the bound is on how long requests take.
      checkAfter: new Date(Date.now() + settings.sentChecks.afterMs).toISOString(),
    };
  }

  async function sendDelete(edit: DeleteEdit): Promise<Outcome> {
    let ifMatch = edit.baseEtag;
    let mustCompare = edit.state === 'sending' || ifMatch === null;
    let sendBy: number | null = null;
    let heldBack = false;
    for (let round = 0; round < 3; round += 1) {
      if (mustCompare) {
        const checkedAt = Date.now();
        const current = await currentRecord(edit.eventId);
        if (current === null) {
          await settle.deleted(edit);
          return 'done';
        }
        const conflicts = compareDelete(edit, current.record);
        if (hasConflicts(conflicts)) {
          await settle.conflict(edit, conflicts, current.record, current.etag);
          return 'blocked';
        }
        ifMatch = current.etag;
        // Bounded like an update without a validator, so that the writer it may cross sees it.
        sendBy = ifMatch === null ? checkedAt + settings.sentChecks.sendByMs : null;
      }
      await settle.sending(edit);
      try {
        await client.deleteEvent(edit.eventId, {
          ...(ifMatch === null ? {} : { ifMatch }),
          ...(sendBy === null ? {} : { sendBy }),
          signal,
        });
        await settle.deleted(edit);
        return 'done';
      } catch (error) {
        // Already gone: what the delete asked for is so.
        if (error instanceof ApiError && error.code === 'not_found') {
          await settle.deleted(edit);
          return 'done';
        }
        if (!(error instanceof SendWindowMissed) && !isPreconditionFailed(error)) throw error;
        heldBack = error instanceof SendWindowMissed;
        mustCompare = true;
        edit = { ...edit, state: 'pending' };
      }
    }
    throw heldBack
      ? heldBackError()
      : new ApiError(
          'server_error',
          'The event kept changing on the service while it was deleted.',
        );
  }

  async function currentRecord(
    eventId: string,
  ): Promise<{ record: EventRecord; etag: string | null } | null> {
    try {
      const answer = await client.getEvent(eventId, { signal });
      return { record: requireRecord(answer.value), etag: answer.etag };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') return null;
      throw error;
    }
  }

  async function gone(edit: Edit): Promise<Outcome> {
    await settle.failed(edit, {
      code: 'not_found',
      message: `Event ${edit.eventId} is no longer on the service; the change was not made.`,
      status: 404,
    });
    return 'next';
  }

  const queueOfChains = [...chains.values()];
  const workers = Array.from(
    { length: Math.min(settings.concurrency, queueOfChains.length) },
    async () => {
      for (let chain = queueOfChains.shift(); chain !== undefined; chain = queueOfChains.shift()) {
        try {
          await sendChain(chain);
        } catch (error) {
          if (error instanceof StopRun) run.stopped ??= error;
          else throw error;
        }
      }
    },
  );
  await Promise.all(workers);
  if (signal?.aborted === true) throw signal.reason;
  const checking =
    run.stopped === null
      ? await checkSentEdits({ client, writer, settle, scope, read, signal })
      : await read(() => writer.sentChecks.count(scope));

  const left = await read(() => writer.outbox.all(scope));
  const summary: OutboxSummary = {
    sent,
    pending: left.filter((edit) => edit.state === 'pending' || edit.state === 'sending').length,
    failed: left.filter((edit) => edit.state === 'failed').length,
    conflicts: left.filter((edit) => edit.state === 'conflict').length,
    checking,
  };
  if (run.stopped !== null) throw new OutboxStopped(summary, run.stopped.reason);
  return summary;
}

/** The run could not go on (no network, key refused); what was done is in `summary`. */
export class OutboxStopped extends Error {
  constructor(
    readonly summary: OutboxSummary,
    readonly reason: ApiError,
  ) {
    super(reason.message);
    this.name = 'OutboxStopped';
  }
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

function requireRecord(value: { data: EventRecord } | undefined): EventRecord {
  if (value === undefined) {
    throw new ApiError('invalid_response', 'The service answered the edit without the event.');
  }
  return value.data;
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

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}
