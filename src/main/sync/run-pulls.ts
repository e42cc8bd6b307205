import { UNREADABLE_LISTED, type SyncProblem, type UnreadableRecords } from '../../shared/ipc/sync';
import { ApiError } from '../api/errors';
import type { PullOutcome } from './pulls/context';
import { problemOf } from './problem';

/** These stop a run when nothing else gets through either. */
const FATAL_CODES = new Set([
  'offline',
  'timeout',
  'captive_portal',
  'unauthorized',
  'forbidden',
  'rate_limited',
]);

/**
 * The network failing one resource while others get through: a flaky link, not a lost one. These
 * stop the run only when no other pull has succeeded since the failed one began.
 */
const FLAKY_CODES = new Set(['offline', 'timeout', 'captive_portal']);

export interface RunTally {
  requests: number;
  pulled: number;
  changed: number;
  failed: number;
  records: number;
}

type Work = () => Promise<PullOutcome>;

/**
 * The pulls of one run: each counted once it has ended for good, the records the client could not
 * read collected, and what decides whether a failure stops the run.
 *
 * A pull that failed on something worth another try (the network, the service's health, a garbled
 * answer) after its request's own attempts is tried once more at the end of the run, when the
 * moment that failed it has likely passed: on a venue's wifi one resource in a thousand running
 * out of attempts must not cost the whole run.
 */
export class RunPulls {
  readonly tally: RunTally = { requests: 0, pulled: 0, changed: 0, failed: 0, records: 0 };
  readonly unreadable: UnreadableRecords = { count: 0, records: [] };
  private firstProblem: SyncProblem | null = null;
  /** Pulls that succeeded so far: a failure with more of them than when it began was not alone. */
  private succeeded = 0;
  private deferred: Work[] = [];

  constructor(private readonly controller: AbortController) {}

  /** Runs one pull and counts it; `null` when it failed (or waits for its second try). */
  readonly pull = async (work: Work, last = false): Promise<PullOutcome | null> => {
    const before = this.succeeded;
    try {
      const outcome = await work();
      this.succeeded += 1;
      this.counted(outcome);
      return outcome;
    } catch (error) {
      if (this.controller.signal.aborted) throw this.controller.signal.reason;
      const othersGotThrough = this.succeeded > before;
      if (error instanceof ApiError && FATAL_CODES.has(error.code)) {
        const flaky = FLAKY_CODES.has(error.code) && othersGotThrough;
        if (!flaky) return this.stop(error);
      }
      if (!last && error instanceof ApiError && error.isTransient) {
        this.deferred.push(work);
        return null;
      }
      this.tally.failed += 1;
      this.firstProblem ??= problemOf(error);
      return null;
    }
  };

  /** The pulls that failed on something transient, each tried a last time. */
  takeDeferred(): Work[] {
    return this.deferred.splice(0);
  }

  /** What went wrong, for a run that ends with failures; `null` when every pull succeeded. */
  problem(): SyncProblem | null {
    if (this.tally.failed === 0) return null;
    const { failed, pulled } = this.tally;
    return {
      code: this.firstProblem?.code ?? 'internal',
      message: `${failed} of ${pulled + failed} resources could not be synced; the cached copies of those are kept. First problem: ${this.firstProblem?.message ?? 'unknown'}`,
    };
  }

  private counted(outcome: PullOutcome): void {
    this.tally.pulled += 1;
    this.tally.records += outcome.records;
    if (outcome.changed) this.tally.changed += 1;
    for (const record of outcome.unreadable ?? []) {
      this.unreadable.count += 1;
      if (this.unreadable.records.length < UNREADABLE_LISTED) {
        this.unreadable.records.push(record);
      }
    }
  }

  private stop(error: ApiError): never {
    this.tally.failed += 1;
    this.firstProblem ??= problemOf(error);
    this.controller.abort(error);
    throw error;
  }
}
