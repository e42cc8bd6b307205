import type { ResourceKey } from '../../shared/ipc/resources';
import type { SyncScope, SyncStatus, SyncSummary } from '../../shared/ipc/sync';
import type { ApiClient } from '../api/client';
import type { WriteQueue } from '../cache/write-queue';
import { Outbox } from '../outbox/outbox';
import { OutboxWriter } from '../outbox/outbox-writer';
import type { RoleKnowledge } from '../outbox/role';
import { RoleLearner } from '../outbox/role-learner';
import type { SentCheckTiming } from '../outbox/sent-checks';
import { SettingsStore } from '../settings/settings-store';
import type { AppDatabase } from '../storage/database';
import { BatchWriter } from './batch-writer';
import { SourceTimes } from './pulls/source-times';
import { EditRuns } from './edit-runs';
import { Limiter } from './limiter';
import { SyncPlanner } from './plan';
import { pullByKey } from './pulls/by-key';
import type { PullContext } from './pulls/context';
import { SyncReporter } from './reporter';
import { Canceled, runController, StaleService } from './run-stops';
import { ServiceReplacement } from './service-replacement';
import { NONE_UNREADABLE, SyncRun, type RunOptions } from './sync-run';

/**
 * Told when each run starts and ends (the log writes a line; the digest seals the run's lines).
 * `syncFinished` is awaited before the run's promise resolves, so a caller that awaits a run
 * reads what it sealed.
 */
export interface RunWatcher {
  syncStarted(options: RunOptions): void;
  syncFinished(summary: SyncSummary): void | Promise<void>;
}

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
  /** Told as each run starts and ends (the app's log, the digest). */
  onRun?: RunWatcher;
  /** Told when an event created here got its code from the service (after the commit). */
  onEventRenamed?: (from: string, to: string) => void;
  /** How the outbox waits between tries of an edit; real time when absent (tests skip it). */
  outboxSleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** How writes to a service without ETags are bounded and looked at again; tests shorten it. */
  sentChecks?: SentCheckTiming;
}

const DEFAULTS = { concurrency: 24, maxAgeMs: 6 * 60 * 60_000 };

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
  private readonly replacement: ServiceReplacement;
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
    this.replacement = new ServiceReplacement(options.reader, options.writer, options.queue);
    this.planner = new SyncPlanner(options.reader, this.replacement);
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
    this.options.onRun?.syncStarted(options);
    const promise = this.execute(options, controller)
      .then(async (summary) => {
        await this.options.onRun?.syncFinished(summary);
        return summary;
      })
      .finally(() => {
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
    // The copy is still another service's: a gap in it is not this service's to fill, and the
    // run that replaces it brings this service's copy whole.
    if (this.replacement.pending) return;
    const controller = runController();
    const task = this.fetchOne(key, controller.signal, this.generation)
      .catch(() => undefined)
      .finally(() => this.background.delete(key));
    this.background.set(key, { task, controller });
  }

  /**
   * Changes the service: stops the run and every background fetch, waits until none of them can
   * write any more, then runs `apply` (store the new address, or forget the copy). Whatever was
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

  /** One run, with the generation it started in: its writes are refused once that is gone. */
  private execute(options: RunOptions, controller: AbortController): Promise<SyncSummary> {
    const generation = this.generation;
    const run = new SyncRun(
      {
        reporter: this.reporter,
        planner: this.planner,
        outbox: this.outbox,
        editRuns: this.editRuns,
        settingsStore: this.settingsStore,
        replacement: this.replacement,
        connect: () => this.options.connect(),
        editScope: this.editScope,
        now: this.now,
        settings: this.settings,
        contextFor: (client, signal, requestsInFlight, requested, answered) =>
          this.contextFor(client, signal, generation, requestsInFlight, requested, answered),
      },
      options,
      controller,
    );
    return run.execute();
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
      batch: new BatchWriter(this.options.writer, this.options.queue, guard, this.replacement),
      limiter: new Limiter(requestsInFlight),
      signal,
      guard,
      now: this.now,
      requested,
      answered,
      sourceTimes: new SourceTimes(this.now),
      replacement: this.replacement,
    };
  }
}
