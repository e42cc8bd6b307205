import { setMaxListeners } from 'node:events';
import type { ResourceKey } from '../../shared/ipc/resources';
import {
  type SyncProblem,
  type SyncScope,
  type SyncStatus,
  type SyncSummary,
  type UnreadableRecords,
} from '../../shared/ipc/sync';
import { missingRecordsWords } from '../../shared/missing-records';
import { formatTimestamp } from '../../shared/wire/formats';
import type { ApiClient } from '../api/client';
import type { WriteQueue } from '../cache/write-queue';
import { Outbox } from '../outbox/outbox';
import { OutboxWriter } from '../outbox/outbox-writer';
import type { RoleKnowledge } from '../outbox/role';
import { RoleLearner } from '../outbox/role-learner';
import { OutboxStopped, type OutboxSummary } from '../outbox/sender';
import type { SentCheckTiming } from '../outbox/sent-checks';
import { SettingsStore } from '../settings/settings-store';
import type { AppDatabase } from '../storage/database';
import { BatchWriter } from './batch-writer';
import { EditRuns } from './edit-runs';
import { Limiter } from './limiter';
import { eachLimited } from './pacing';
import { SyncPlanner } from './plan';
import { pullByKey } from './pulls/by-key';
import type { PullContext } from './pulls/context';
import { problemOf } from './problem';
import { SyncReporter } from './reporter';
import { RunPulls } from './run-pulls';
import { runInOrder } from './run-order';

export interface SyncEngineOptions {
  reader: AppDatabase;
  writer: AppDatabase;
  queue: WriteQueue;
  /** The API client for the configured service; throws SyncSetupError when there is none. */
  connect: () => Promise<ApiClient>;
  now?: () => Date;
  /**
   * The most requests in flight at once over the whole run; the client's pace keeps fewer while
   * the service limits the rate, and starts with fewer until answers come back.
   */
  concurrency?: number;
  /** How old a copy outside the priority tier may get before a scheduled run pulls it again. */
  maxAgeMs?: number;
  onStatus?: (status: SyncStatus) => void;
  /**
   * The service organizers' edits are made for (its URL, or the demo's name); none: no edits. Edits
   * of another service stay in the outbox untouched until that service is the current one again.
   */
  editScope?: () => string | null;
  /** Told when an event created here got its code from the service (after the commit). */
  onEventRenamed?: (from: string, to: string) => void;
  /** How the outbox waits between tries of an edit; real time when absent (tests skip it). */
  outboxSleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** How writes to a service without ETags are bounded and looked at again; tests shorten it. */
  sentChecks?: SentCheckTiming;
}

export interface RunOptions {
  scope?: SyncScope;
  /** Pull every resource of the scope, however fresh its copy. */
  force?: boolean;
  /** Send the organizers' edits and pull nothing: what a save asks for when it is online. */
  editsOnly?: boolean;
}

function missingProblem(unreadable: UnreadableRecords): SyncProblem | null {
  if (unreadable.count === 0) return null;
  return { code: 'invalid_response', message: missingRecordsWords(unreadable) };
}

/** Problems that mean the service cannot be reached from here for now, not that it is broken. */
const UNREACHABLE_CODES = new Set(['offline', 'timeout', 'captive_portal']);

const DEFAULTS = { concurrency: 24, maxAgeMs: 6 * 60 * 60_000 };
const NONE_UNREADABLE: UnreadableRecords = { count: 0, records: [] };
class Canceled extends Error {
  constructor() {
    super('The sync was canceled.');
    this.name = 'Canceled';
  }
}

/** What a run or fetch that started against the previous service gets when it tries to write. */
class StaleService extends Error {
  constructor() {
    super('The service changed; this answer belongs to the previous one and was not stored.');
    this.name = 'StaleService';
  }
}

/**
 * Every request in flight and every one waiting for its turn listens to its run's signal: dozens
 * at once is how a run works, not a leak, so Node's warning above ten is turned off for it.
 */
function runController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

interface BackgroundFetch {
  task: Promise<void>;
  controller: AbortController;
}

/**
 * Keeps the cache a copy of the service: one run at a time, in priority order (pinned and live
 * events, favorite teams, the lists, then the rest of the scope), each resource committed on its
 * own and atomically, progress and status reported as it goes, cancelable at any point.
 */
export class SyncEngine {
  private readonly writer: OutboxWriter;
  private readonly planner: SyncPlanner;
  private readonly now: () => Date;
  private readonly settings: { concurrency: number; maxAgeMs: number };
  private current: { promise: Promise<SyncSummary>; controller: AbortController } | null = null;
  private readonly reporter: SyncReporter;
  private readonly settingsStore: SettingsStore;
  private readonly background = new Map<ResourceKey, BackgroundFetch>();
  private schedule: { timer: NodeJS.Timeout | null; intervalMs: number } | null = null;
  /**
   * Moves on with every change of service (and at close). Each run and background fetch keeps
   * the generation it started in, and its writes are refused once that is not the current one.
   */
  private generation = 0;
  /** Set while a change of service empties the copy: nothing new starts meanwhile. */
  private switching: Promise<void> | null = null;
  private closed = false;
  /** Organizers' edits: queued here, sent at the start of every run. */
  readonly outbox: Outbox;
  private readonly editScope: () => string | null;
  private readonly roles: RoleLearner;
  private readonly editRuns: EditRuns;

  constructor(private readonly options: SyncEngineOptions) {
    this.editScope = options.editScope ?? (() => null);
    this.writer = new OutboxWriter(options.writer, options.queue.changes, this.editScope);
    this.planner = new SyncPlanner(options.reader);
    this.now = options.now ?? (() => new Date());
    this.settings = {
      concurrency: options.concurrency ?? DEFAULTS.concurrency,
      maxAgeMs: options.maxAgeMs ?? DEFAULTS.maxAgeMs,
    };
    this.settingsStore = new SettingsStore(options.reader, options.writer, options.queue);
    this.roles = new RoleLearner({
      writer: options.writer,
      queue: options.queue,
      scope: this.editScope,
      connect: options.connect,
      now: this.now,
    });
    this.editRuns = new EditRuns({
      host: {
        startEditsOnly: () => this.start({ editsOnly: true }),
        busy: () => this.current?.promise ?? this.switching,
        isClosed: () => this.closed,
      },
      writer: this.writer,
      queue: options.queue,
      roles: this.roles,
      editScope: this.editScope,
      now: this.now,
      onRenamed: options.onEventRenamed,
      sleep: options.outboxSleep,
      sentChecks: options.sentChecks,
    });
    this.outbox = new Outbox({
      writer: this.writer,
      reader: options.reader,
      queue: options.queue,
      scope: this.editScope,
      now: this.now,
    });
    this.reporter = new SyncReporter(
      {
        state: 'idle',
        scope: 'default',
        progress: null,
        problem: null,
        lastSuccessAt: this.settingsStore.lastSyncSuccess(),
        lastAttemptAt: null,
        unreadable: NONE_UNREADABLE,
      },
      options.onStatus,
    );
  }

  status(): SyncStatus {
    return this.reporter.status;
  }

  /** What the key in use may do at the current service, as far as its answers have shown. */
  role(): Promise<RoleKnowledge> {
    return this.roles.known();
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** Runs a sync, or joins the one under way, and resolves with its summary. */
  run(options: RunOptions = {}): Promise<SyncSummary> {
    if (this.closed) return Promise.reject(new Error('The sync engine is closed.'));
    if (this.switching !== null) return this.switching.then(() => this.run(options));
    if (this.current !== null) return this.current.promise;
    const controller = runController();
    const promise = this.execute(options, controller).finally(() => {
      this.current = null;
      this.armSchedule();
    });
    this.current = { promise, controller };
    return promise;
  }

  /** Starts a run in the background; `false` when one is already going. */
  start(options: RunOptions = {}): boolean {
    if (this.current !== null || this.switching !== null || this.closed) return false;
    void this.run(options);
    return true;
  }

  /** Sends the saved edits within a moment, in a run of the edits alone (see `EditRuns.soon`). */
  sendEditsSoon(delayMs?: number): void {
    this.editRuns.soon(delayMs);
  }

  /** When the next second look at a write sent without a validator is due (an ISO time); null: none. */
  nextSentCheck(): Promise<string | null> {
    return this.editRuns.nextLook();
  }

  cancel(): boolean {
    if (this.current === null) return false;
    this.current.controller.abort(new Canceled());
    return true;
  }

  /**
   * Fetches one resource a view asked for and the cache cannot answer whole (a team's matches when
   * its events are not all synced). Never awaited by the view: it is told when the copy changes.
   */
  fetchInBackground(key: ResourceKey): void {
    // Offline, every view read would start a request bound to time out; the sync that runs when
    // the network returns fills the gap instead.
    if (this.background.has(key) || this.reporter.status.state === 'offline') return;
    if (this.switching !== null || this.closed) return;
    const controller = runController();
    const task = this.fetchOne(key, controller.signal, this.generation)
      .catch(() => undefined)
      .finally(() => this.background.delete(key));
    this.background.set(key, { task, controller });
  }

  /**
   * Changes the service: stops the run and every background fetch, waits until none of them can
   * write any more, then runs `apply` (forget the old copy, store the new address). Whatever was
   * started against the old service and still answers is refused at the write.
   */
  async changeService(apply: () => Promise<void>): Promise<void> {
    while (this.switching !== null) await this.switching;
    const switching = this.stopEverything().then(apply);
    this.switching = switching.then(
      () => undefined,
      () => undefined,
    );
    try {
      await switching;
    } finally {
      this.switching = null;
    }
  }

  /** Stops for good: no run or fetch starts again, and none is left that could write. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopSchedule();
    this.editRuns.stop();
    while (this.switching !== null) await this.switching;
    await this.stopEverything();
  }

  /**
   * Syncs after `startupDelayMs` (the cached UI is on screen by then) and every `intervalMs`
   * after each run; an offline run retries sooner. `networkChanged(true)` syncs at once.
   */
  startSchedule(options: {
    startupDelayMs: number;
    intervalMs: number;
    /** Read at each run, so a changed setting applies to the next one. */
    scope?: () => SyncScope;
  }): void {
    this.stopSchedule();
    this.schedule = { timer: null, intervalMs: options.intervalMs };
    this.scheduledScope = options.scope;
    this.arm(options.startupDelayMs);
  }

  stopSchedule(): void {
    const timer = this.schedule?.timer ?? null;
    if (timer !== null) clearTimeout(timer);
    this.schedule = null;
  }

  networkChanged(online: boolean): void {
    if (online && this.reporter.status.state === 'offline' && !this.running) {
      this.start({ scope: this.scheduledScope?.() });
    }
  }

  /**
   * Waits until no run and no background fetch is under way (including any that start
   * meanwhile) and every write they queued has committed; the engine stays usable.
   */
  async idle(): Promise<void> {
    while (this.current !== null || this.background.size > 0) {
      await this.current?.promise.catch(() => undefined);
      await Promise.allSettled([...this.background.values()].map((fetch) => fetch.task));
    }
    await this.roles.idle();
    await this.options.queue.idle();
  }

  /** Everything started so far is refused at its next write; waits until all of it has ended. */
  private async stopEverything(): Promise<void> {
    this.generation += 1;
    this.current?.controller.abort(new Canceled());
    for (const fetch of this.background.values()) fetch.controller.abort(new StaleService());
    await this.idle();
  }

  private scheduledScope: (() => SyncScope) | undefined;

  private armSchedule(): void {
    if (this.schedule === null) return;
    const offline = this.reporter.status.state === 'offline';
    this.arm(offline ? Math.min(30_000, this.schedule.intervalMs) : this.schedule.intervalMs);
  }

  private arm(delayMs: number): void {
    if (this.schedule === null) return;
    if (this.schedule.timer !== null) clearTimeout(this.schedule.timer);
    this.schedule.timer = setTimeout(() => {
      if (this.schedule !== null) this.schedule.timer = null;
      this.start({ scope: this.scheduledScope?.() });
    }, delayMs);
    this.schedule.timer.unref();
  }

  private async execute(options: RunOptions, controller: AbortController): Promise<SyncSummary> {
    const scope = options.scope ?? 'default';
    const force = options.force ?? false;
    const generation = this.generation;
    const startedAt = formatTimestamp(this.now());
    const pulls = new RunPulls(controller);
    const { tally, unreadable } = pulls;
    let edits: OutboxSummary = { sent: 0, pending: 0, failed: 0, conflicts: 0, checking: 0 };
    // A run that starts offline is offline until the service answers it: "Syncing edits" while
    // nothing can be sent would not be true, and the run mostly ends offline again.
    const { state: before, problem: offlineProblem } = this.reporter.status;
    let heard = before !== 'offline';
    const heardFrom = () => {
      if (heard) return;
      heard = true;
      this.reporter.update({ state: 'syncing', problem: null });
    };
    this.reporter.update({
      state: heard ? 'syncing' : 'offline',
      scope,
      progress: null,
      problem: heard ? null : offlineProblem,
      lastAttemptAt: startedAt,
      unreadable: NONE_UNREADABLE,
    });

    const summary = (
      outcome: SyncSummary['outcome'],
      problem: SyncProblem | null,
    ): SyncSummary => ({
      outcome,
      scope,
      startedAt,
      finishedAt: formatTimestamp(this.now()),
      requests: tally.requests,
      resources: { pulled: tally.pulled, changed: tally.changed, failed: tally.failed },
      records: tally.records,
      problem,
      unreadable,
      outbox: edits,
    });

    let client: ApiClient;
    try {
      // Edits stand on screen whatever happened to the copy since (a clear, a change of service).
      await this.outbox.restore();
      await this.outbox.settleHeld();
      client = await this.options.connect();
    } catch (error) {
      const problem = problemOf(error);
      this.reporter.finish('error', problem);
      return summary('failed', problem);
    }

    const context = this.contextFor(
      client,
      controller.signal,
      generation,
      this.settings.concurrency,
      (count) => {
        tally.requests += count;
      },
      heardFrom,
    );

    const phase = async <Item>(
      name: string,
      items: readonly Item[],
      work: (item: Item) => Promise<unknown>,
    ) => {
      let done = 0;
      this.reporter.update({ progress: { phase: name, done, total: items.length } });
      // More workers than request slots: a worker waiting for its write to commit must not leave
      // a slot idle, so others keep the requests in flight meanwhile.
      await eachLimited(items, this.settings.concurrency * 2, controller.signal, async (item) => {
        await work(item);
        done += 1;
        this.reporter.update({ progress: { phase: name, done, total: items.length } });
      });
      // The end of a phase is news on its own, not one more update to coalesce.
      this.reporter.pushStatus();
    };

    try {
      // Edits go first: what an organizer changed offline reaches the service before the pulls
      // bring back its view of the same events.
      const editScope = this.editScope();
      if (editScope !== null) {
        this.reporter.update({ progress: { phase: 'edits', done: 0, total: 0 } });
        try {
          edits = await this.editRuns.send(client, editScope, controller.signal);
          if (edits.sent > 0) heardFrom();
        } catch (error) {
          if (!(error instanceof OutboxStopped)) throw error;
          edits = error.summary;
          throw error.reason;
        }
      }
      if (options.editsOnly === true) {
        this.reporter.finish('idle', null);
        return summary('completed', null);
      }
      await runInOrder({
        scope,
        force,
        context,
        planner: this.planner,
        maxAgeMs: this.settings.maxAgeMs,
        pull: pulls.pull,
        phase,
      });
      const deferred = pulls.takeDeferred();
      if (deferred.length > 0) {
        await phase('second tries', deferred, (work) => pulls.pull(work, true));
      }
      await context.batch.write(() => undefined);
      if (editScope !== null) {
        edits = await this.editRuns.findLost(client, editScope, controller.signal, edits);
      }
      const failures = pulls.problem();
      if (failures === null) {
        const finishedAt = formatTimestamp(this.now());
        await this.settingsStore.setLastSyncSuccess(finishedAt);
        this.reporter.update({ lastSuccessAt: finishedAt });
      }
      // A record the run could not read leaves the copy short of it (or holding an old version):
      // the run is partial, and says which records, until a run reads them (their pages keep no
      // validator, so every run asks for them again). Nothing got through: that is a failed run,
      // not a partial one, whatever the reasons.
      const problem = failures ?? missingProblem(unreadable);
      this.reporter.update({ unreadable });
      const outcome = problem === null ? 'completed' : tally.pulled === 0 ? 'failed' : 'partial';
      this.reporter.finish(outcome === 'failed' ? 'error' : 'idle', problem);
      return summary(outcome, problem);
    } catch (error) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof Canceled) {
        this.reporter.finish('idle', null);
        return summary('canceled', null);
      }
      const problem = problemOf(reason);
      this.reporter.finish(UNREACHABLE_CODES.has(problem.code) ? 'offline' : 'error', problem);
      return summary('failed', problem);
    }
  }

  /**
   * The key changed (set, cleared, or given on connecting): views re-read what it may do, which
   * starts unknown for a new key and is asked again.
   */
  keyChanged(): Promise<void> {
    return this.options.queue.run(() => this.options.queue.changes.record('outbox'));
  }

  /** Asks the service in the background what the key may do, when that is unknown or old. */
  learnRoleInBackground(): void {
    if (!this.closed) this.roles.learnInBackground();
  }

  private async fetchOne(key: ResourceKey, signal: AbortSignal, generation: number) {
    const client = await this.options.connect();
    // A background fetch is one resource a view asked for: two requests in flight at most, and
    // its own signal so canceling a run does not cancel what a view is waiting to show.
    await pullByKey(
      this.contextFor(
        client,
        signal,
        generation,
        2,
        () => undefined,
        () => undefined,
      ),
      key,
    );
  }

  /** The context every pull of a run (or a background fetch) shares. */
  private contextFor(
    client: ApiClient,
    signal: AbortSignal,
    generation: number,
    requestsInFlight: number,
    requested: (count: number) => void,
    answered: () => void,
  ): PullContext {
    const guard = () => {
      signal.throwIfAborted();
      if (generation !== this.generation) throw new StaleService();
    };
    return {
      client,
      reader: this.options.reader,
      writer: this.writer,
      queue: this.options.queue,
      batch: new BatchWriter(this.options.writer, this.options.queue, guard),
      limiter: new Limiter(requestsInFlight),
      signal,
      guard,
      now: this.now,
      requested,
      answered,
    };
  }
}
