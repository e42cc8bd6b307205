import { formatTimestamp } from '../../shared/wire/formats';
import { isLocalEventCode } from '../../shared/wire/local-code';
import type { ApiClient } from '../api/client';
import { backoffDelay, DEFAULT_BACKOFF } from '../api/backoff';
import { ApiError } from '../api/errors';
import { ServiceSilent } from '../api/request';
import type { WriteQueue } from '../cache/write-queue';
import type { Edit, EditError } from './edit';
import type { OutboxWriter } from './outbox-writer';
import type { RoleEvidence } from './role';
import { lookBeforeGivingUp, sendCreate } from './send-create';
import { ClaimLost, editError, Try, type Outcome, type SendContext } from './send-context';
import { sendDelete } from './send-delete';
import { leasesOf } from './send-leases';
import { sendUpdate } from './send-update';
import { checkSentEdits, SENT_CHECK_TIMING, type SentCheckTiming } from './sent-checks';
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
  writer: OutboxWriter;
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

const DEFAULTS = {
  concurrency: 4,
  triesPerRun: 3,
  maxAttempts: 8,
  maxWaitMs: 30_000,
  sentChecks: SENT_CHECK_TIMING as SentCheckTiming,
};
/** Answers that say the edit was refused as it is: sending it again would get the same. */
const REFUSALS = new Set(['forbidden', 'not_found', 'conflict', 'rejected']);

type Settings = typeof DEFAULTS &
  Pick<SenderOptions, 'onRoleEvidence'> & {
    now: () => Date;
    random: () => number;
    sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  };

/** What one event's chain of edits came to: how many went out, and whether the run must stop. */
interface ChainResult {
  sent: number;
  stopped: ApiError | null;
}

/**
 * Sends the outbox: each event's edits in the order they were made, events side by side. Every
 * edit is claimed on disk (`sending`) before its request leaves, so one that got no clear answer
 * (or whose process died) is checked on the service before it is ever sent again: a create is
 * looked for, an update compared, a delete confirmed. Creates also carry an idempotency key, for
 * services that honour one. An update or delete carries `If-Match` with the validator its edit
 * was based on; without one, the service's record is read and compared field by field first.
 */
export async function sendOutbox(options: SenderOptions): Promise<OutboxSummary> {
  const settings: Settings = {
    ...DEFAULTS,
    ...options,
    now: options.now ?? (() => new Date()),
    random: options.random ?? Math.random,
    sleep: options.sleep ?? defaultSleep,
  };
  const { writer, scope, signal } = options;
  const context = sendContext(options);

  await context.settle.releaseUnseen();
  const edits = await context.read(() => writer.outbox.all(scope));
  const chains = new Map<string, number[]>();
  for (const edit of edits) {
    const chain = chains.get(edit.eventId) ?? [];
    chain.push(edit.id);
    chains.set(edit.eventId, chain);
  }
  const waiting = [...chains.values()];
  // Once one chain finds the run must stop, no other edit starts: they wait for the next run.
  const stop = new AbortController();
  const results = await Promise.all(
    Array.from({ length: Math.min(settings.concurrency, waiting.length) }, async () => {
      const done: ChainResult[] = [];
      for (let chain = waiting.shift(); chain !== undefined; chain = waiting.shift()) {
        const result = await sendChain(context, settings, chain, stop.signal);
        done.push(result);
        if (result.stopped !== null) stop.abort(result.stopped);
      }
      return done;
    }),
  );
  if (signal?.aborted === true) throw signal.reason;
  const all = results.flat();
  const stopped = all.find((result) => result.stopped !== null)?.stopped ?? null;
  const checking =
    stopped === null
      ? await checkSentEdits({ ...context })
      : await context.read(() => writer.sentChecks.count(scope));

  const left = await context.read(() => writer.outbox.all(scope));
  const summary: OutboxSummary = {
    sent: all.reduce((sum, result) => sum + result.sent, 0),
    pending: left.filter((edit) => edit.state === 'pending' || edit.state === 'sending').length,
    failed: left.filter((edit) => edit.state === 'failed').length,
    conflicts: left.filter((edit) => edit.state === 'conflict').length,
    checking,
  };
  if (stopped !== null) throw new OutboxStopped(summary, stopped);
  return summary;
}

/** What sending, and looking at what was sent, need of a run's options. */
export function sendContext(options: SenderOptions): SendContext {
  const { client, writer, queue, scope, signal } = options;
  const now = options.now ?? (() => new Date());
  return {
    client,
    writer,
    scope,
    signal,
    read: (work) => queue.runFirst(work),
    sentChecks: options.sentChecks ?? DEFAULTS.sentChecks,
    leases: leasesOf(queue),
    settle: new Settle(
      writer,
      queue,
      scope,
      () => formatTimestamp(now()),
      options.currentScope ?? (() => scope),
      options.onRenamed,
    ),
  };
}

/** One event's edits, one after another, until one has to wait. */
async function sendChain(
  context: SendContext,
  settings: Settings,
  ids: readonly number[],
  stop: AbortSignal,
): Promise<ChainResult> {
  const result: ChainResult = { sent: 0, stopped: null };
  for (const id of ids) {
    if (context.signal?.aborted === true || stop.aborted) break;
    const edit = await context.read(() => context.writer.outbox.get(id, context.scope));
    if (edit === null || edit.state === 'failed') continue;
    // A conflict waits for the organizer, and the edits made after it wait with it.
    if (edit.state === 'conflict') break;
    if (edit.notBefore !== null && edit.notBefore > formatTimestamp(settings.now())) break;
    // Edits of an event created here wait for the create to give it a code.
    if (edit.kind !== 'create' && isLocalEventCode(edit.eventId)) break;
    try {
      const outcome = await sendWithRetries(context, settings, edit);
      if (outcome === 'done') result.sent += 1;
      if (outcome === 'blocked') break;
    } catch (error) {
      if (!(error instanceof StopRun)) throw error;
      result.stopped = error.reason;
      break;
    }
  }
  return result;
}

/**
 * The tries of one edit within a run, under this run's lease of it: while another sender of this
 * process has one, the edit is theirs to finish, and the event's later edits wait for it.
 */
async function sendWithRetries(
  context: SendContext,
  settings: Settings,
  first: Edit,
): Promise<Outcome> {
  if (!context.leases.take(first.id, context)) return 'blocked';
  try {
    return await tryUntilSettled(context, settings, first);
  } finally {
    context.leases.end(first.id, context, context.signal?.aborted === true);
  }
}

/** The tries of one edit within a run, with backoff between them. */
async function tryUntilSettled(
  context: SendContext,
  settings: Settings,
  first: Edit,
): Promise<Outcome> {
  const { settle, signal } = context;
  let edit = first;
  for (let tries = 1; ; tries += 1) {
    const attempt = new Try(edit);
    try {
      return await sendOnce(context, settings, attempt);
    } catch (error) {
      // Another sender has it: it is theirs to finish, and the event's later edits wait for it.
      if (error instanceof ClaimLost) return 'blocked';
      if (!(error instanceof ApiError)) throw error;
      if (signal?.aborted === true) throw error;
      const current = attempt.edit;
      // A 401 or a 429 is a clear "not done": the edit is as it was before this try (which may
      // have been unsure already), and the try costs none. Anything else without an answer may
      // have been applied.
      const turnedAway = error.code === 'unauthorized' || error.code === 'rate_limited';
      const maybeApplied = turnedAway ? edit.state === 'sending' : true;
      const refund = turnedAway && attempt.counted;
      const left = refund ? current.attempts - 1 : current.attempts;
      // A refused key, or a service that answers nothing, ends the run at once; a network that
      // keeps failing, after a few tries (one reset on a venue's wifi is no reason to leave every
      // other edit for the next run).
      if (
        error.code === 'unauthorized' ||
        error instanceof ServiceSilent ||
        (error.code === 'offline' && tries >= settings.triesPerRun)
      ) {
        await settle.retryLater(current, editError(error), null, maybeApplied, refund);
        throw new StopRun(error);
      }
      if (REFUSALS.has(error.code)) {
        await settle.failed(current, editError(error));
        return 'next';
      }
      if (!turnedAway && attempt.counted && current.attempts >= settings.maxAttempts) {
        return giveUp(context, attempt, error);
      }
      const waitMs = backoffDelay(tries, DEFAULT_BACKOFF, settings.random, error.retryAfterMs);
      // A wait longer than a run may take (a long Retry-After) is kept on disk, so that no run
      // sends before it is over; shorter ones are waited out here, or by the next run's start.
      const tooLong = waitMs > settings.maxWaitMs;
      const notBefore = tooLong
        ? formatTimestamp(new Date(settings.now().getTime() + waitMs))
        : null;
      await settle.retryLater(current, editError(error), notBefore, maybeApplied, refund);
      if (tooLong || tries >= settings.triesPerRun) return 'blocked';
      await settings.sleep(waitMs, signal);
      const reloaded = await context.read(() =>
        context.writer.outbox.get(current.id, context.scope),
      );
      if (reloaded === null) return 'next';
      // Claimed by another sender while this one waited: theirs to finish.
      if (reloaded.attempts !== left) return 'blocked';
      edit = reloaded;
    }
  }
}

/**
 * No clear answer after every try: given up, which is no refusal. A create is looked for once
 * more first, and the edit says what that found.
 */
async function giveUp(context: SendContext, attempt: Try, error: ApiError): Promise<Outcome> {
  let gaveUp: EditError['gaveUp'] = 'unknown';
  if (attempt.edit.kind === 'create') {
    const look = await lookBeforeGivingUp(context, attempt.edit);
    if (look === 'done') return 'done';
    gaveUp = look;
  }
  await context.settle.failed(attempt.edit, {
    ...editError(error),
    message: `Gave up after ${attempt.edit.attempts} tries without a clear answer: ${error.message}`,
    gaveUp,
  });
  return 'next';
}

/** One try of one edit, and what its answer says about the key's role. */
async function sendOnce(context: SendContext, settings: Settings, attempt: Try): Promise<Outcome> {
  const kind = attempt.edit.kind;
  try {
    const outcome = await sendKind(context, attempt);
    if (outcome === 'done') {
      await settings.onRoleEvidence?.(kind === 'delete' ? 'delete-allowed' : 'edit-allowed');
    }
    return outcome;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'forbidden') {
      await settings.onRoleEvidence?.(kind === 'delete' ? 'delete-forbidden' : 'edit-forbidden');
    }
    throw error;
  }
}

function sendKind(context: SendContext, attempt: Try): Promise<Outcome> {
  const edit = attempt.edit;
  switch (edit.kind) {
    case 'create':
      return sendCreate(context, attempt as Try<typeof edit>);
    case 'update':
      return sendUpdate(context, attempt as Try<typeof edit>);
    case 'delete':
      return sendDelete(context, attempt as Try<typeof edit>);
  }
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
