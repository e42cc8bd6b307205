import type { SyncProblem, SyncScope, SyncSummary, UnreadableRecords } from '../../shared/ipc/sync';
import { missingRecordsWords } from '../../shared/missing-records';
import { formatTimestamp } from '../../shared/wire/formats';
import type { ApiClient } from '../api/client';
import type { Outbox } from '../outbox/outbox';
import { OutboxStopped, type OutboxSummary } from '../outbox/sender';
import type { SettingsStore } from '../settings/settings-store';
import type { EditRuns } from './edit-runs';
import { eachLimited } from './pacing';
import type { SyncPlanner } from './plan';
import type { PullContext } from './pulls/context';
import { problemOf } from './problem';
import type { SyncReporter } from './reporter';
import { RunPulls } from './run-pulls';
import { runInOrder } from './run-order';
import { Canceled } from './run-stops';
import type { ServiceReplacement } from './service-replacement';

export interface RunOptions {
  scope?: SyncScope;
  /** Pull every resource of the scope, however fresh its copy. */
  force?: boolean;
  /** Send the organizers' edits and pull nothing: what a save asks for when it is online. */
  editsOnly?: boolean;
}

/** What a run needs of the engine that runs it. */
export interface SyncRunHost {
  reporter: SyncReporter;
  planner: SyncPlanner;
  outbox: Outbox;
  editRuns: EditRuns;
  settingsStore: SettingsStore;
  /** Whether the copy is still another service's, until this one's first resource replaces it. */
  replacement: ServiceReplacement;
  connect: () => Promise<ApiClient>;
  editScope: () => string | null;
  now: () => Date;
  settings: { concurrency: number; maxAgeMs: number };
  /** The context the run's pulls share, its writes refused once the service has changed. */
  contextFor(
    client: ApiClient,
    signal: AbortSignal,
    requestsInFlight: number,
    requested: (count: number) => void,
    answered: () => void,
  ): PullContext;
}

function missingProblem(unreadable: UnreadableRecords): SyncProblem | null {
  if (unreadable.count === 0) return null;
  return { code: 'invalid_response', message: missingRecordsWords(unreadable) };
}

/** Problems that mean the service cannot be reached from here for now, not that it is broken. */
const UNREACHABLE_CODES = new Set(['offline', 'timeout', 'captive_portal']);

export const NONE_UNREADABLE: UnreadableRecords = { count: 0, records: [] };

/**
 * One run of the sync engine, from its start to its summary: the edits go out, the scope is
 * pulled in priority order, and the status says how it went at every step.
 */
export class SyncRun {
  private readonly scope: SyncScope;
  /** Read as the run starts, inside `execute`: whatever the clock throws rejects the run's promise. */
  private startedAt = '';
  private readonly pulls: RunPulls;
  private edits: OutboxSummary = { sent: 0, pending: 0, failed: 0, conflicts: 0, checking: 0 };
  /** A run that starts offline is offline until the service answers it. */
  private heard: boolean;

  constructor(
    private readonly host: SyncRunHost,
    private readonly options: RunOptions,
    private readonly controller: AbortController,
  ) {
    this.scope = options.scope ?? 'default';
    this.pulls = new RunPulls(controller);
    this.heard = host.reporter.status.state !== 'offline';
  }

  /** Runs to the end and says how it went: a sync that fails is a summary, not an error. */
  async execute(): Promise<SyncSummary> {
    this.startedAt = formatTimestamp(this.host.now());
    this.reportStart();
    // A copy still kept for another service takes none of this one's edits: they go on screen,
    // and out, once its own copy is in (the answers to them are written to the copy).
    const kept = this.host.replacement.pending;
    let client: ApiClient;
    try {
      // Edits stand on screen whatever happened to the copy since (a clear, a change of service).
      if (!kept) await this.restoreEdits();
      client = await this.host.connect();
    } catch (error) {
      const problem = problemOf(error);
      this.host.reporter.finish('error', problem);
      return this.summary('failed', problem);
    }
    const context = this.pullContext(client);
    try {
      // Edits go first: what an organizer changed offline reaches the service before the pulls
      // bring back its view of the same events.
      const editScope = this.host.editScope();
      if (editScope !== null && !kept) await this.sendEdits(client, editScope);
      if (this.options.editsOnly === true) {
        this.host.reporter.finish('idle', null);
        return this.summary('completed', null);
      }
      await this.pullScope(context);
      const replaced = kept && !this.host.replacement.pending;
      if (editScope !== null && replaced) {
        await this.restoreEdits();
        await this.sendEdits(client, editScope);
      }
      if (editScope !== null && !this.host.replacement.pending) {
        await this.findLostEdits(client, editScope);
      }
      return await this.conclude();
    } catch (error) {
      return this.stopped(error);
    }
  }

  private async restoreEdits(): Promise<void> {
    await this.host.outbox.restore();
    await this.host.outbox.settleHeld();
  }

  private reportStart(): void {
    // "Syncing edits" while nothing can be sent would not be true, and a run that starts offline
    // mostly ends offline again.
    const { problem: offlineProblem } = this.host.reporter.status;
    this.host.reporter.update({
      state: this.heard ? 'syncing' : 'offline',
      scope: this.scope,
      progress: null,
      problem: this.heard ? null : offlineProblem,
      lastAttemptAt: this.startedAt,
      unreadable: NONE_UNREADABLE,
    });
  }

  private readonly heardFrom = (): void => {
    if (this.heard) return;
    this.heard = true;
    this.host.reporter.update({ state: 'syncing', problem: null });
  };

  private async sendEdits(client: ApiClient, editScope: string): Promise<void> {
    this.host.reporter.update({ progress: { phase: 'edits', done: 0, total: 0 } });
    try {
      this.edits = await this.host.editRuns.send(client, editScope, this.controller.signal);
      if (this.edits.sent > 0) this.heardFrom();
    } catch (error) {
      if (!(error instanceof OutboxStopped)) throw error;
      this.edits = error.summary;
      throw error.reason;
    }
  }

  /** The context the run's pulls share: its requests counted, its answers heard. */
  private pullContext(client: ApiClient): PullContext {
    const { tally } = this.pulls;
    return this.host.contextFor(
      client,
      this.controller.signal,
      this.host.settings.concurrency,
      (count) => {
        tally.requests += count;
      },
      this.heardFrom,
    );
  }

  private async pullScope(context: PullContext): Promise<void> {
    await runInOrder({
      scope: this.scope,
      force: this.options.force ?? false,
      context,
      planner: this.host.planner,
      maxAgeMs: this.host.settings.maxAgeMs,
      pull: this.pulls.pull,
      phase: this.phase,
      secondTries: this.secondTries,
    });
    await this.secondTries();
    await context.batch.note(() => undefined);
  }

  /** The pulls that failed on something transient so far, each tried a last time. */
  private readonly secondTries = async (): Promise<void> => {
    const deferred = this.pulls.takeDeferred();
    if (deferred.length > 0) {
      await this.phase('second tries', deferred, (work) => this.pulls.pull(work, true));
    }
  };

  private readonly phase = async <Item>(
    name: string,
    items: readonly Item[],
    work: (item: Item) => Promise<unknown>,
  ): Promise<void> => {
    const { reporter, settings } = this.host;
    let done = 0;
    reporter.update({ progress: { phase: name, done, total: items.length } });
    // More workers than request slots: a worker waiting for its write to commit must not leave
    // a slot idle, so others keep the requests in flight meanwhile.
    await eachLimited(items, settings.concurrency * 2, this.controller.signal, async (item) => {
      await work(item);
      done += 1;
      reporter.update({ progress: { phase: name, done, total: items.length } });
    });
    // The end of a phase is news on its own, not one more update to coalesce.
    reporter.pushStatus();
  };

  private async findLostEdits(client: ApiClient, editScope: string): Promise<void> {
    const { signal } = this.controller;
    this.edits = await this.host.editRuns.findLost(client, editScope, signal, this.edits);
  }

  private async conclude(): Promise<SyncSummary> {
    const { tally, unreadable } = this.pulls;
    const failures = this.pulls.problem();
    if (failures === null) {
      const finishedAt = formatTimestamp(this.host.now());
      await this.host.settingsStore.setLastSyncSuccess(finishedAt);
      this.host.reporter.update({ lastSuccessAt: finishedAt });
    }
    // A record the run could not read leaves the copy short of it (or holding an old version):
    // the run is partial, and says which records, until a run reads them (their pages keep no
    // validator, so every run asks for them again). Nothing got through: that is a failed run,
    // not a partial one, whatever the reasons.
    const problem = failures ?? missingProblem(unreadable);
    this.host.reporter.update({ unreadable });
    const outcome = problem === null ? 'completed' : tally.pulled === 0 ? 'failed' : 'partial';
    this.host.reporter.finish(outcome === 'failed' ? 'error' : 'idle', problem);
    return this.summary(outcome, problem);
  }

  private stopped(error: unknown): SyncSummary {
    const { signal } = this.controller;
    const reason: unknown = signal.aborted ? signal.reason : error;
    if (reason instanceof Canceled) {
      this.host.reporter.finish('idle', null);
      return this.summary('canceled', null);
    }
    const problem = problemOf(reason);
    this.host.reporter.finish(UNREACHABLE_CODES.has(problem.code) ? 'offline' : 'error', problem);
    return this.summary('failed', problem);
  }

  private summary(outcome: SyncSummary['outcome'], problem: SyncProblem | null): SyncSummary {
    const { tally, unreadable } = this.pulls;
    return {
      outcome,
      scope: this.scope,
      startedAt: this.startedAt,
      finishedAt: formatTimestamp(this.host.now()),
      requests: tally.requests,
      resources: { pulled: tally.pulled, changed: tally.changed, failed: tally.failed },
      records: tally.records,
      problem,
      unreadable,
      outbox: this.edits,
    };
  }
}
