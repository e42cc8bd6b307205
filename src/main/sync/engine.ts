import type { ResourceKey } from '../../shared/ipc/resources';
import { parseResourceKey } from '../../shared/ipc/resources';
import type { SyncProblem, SyncScope, SyncStatus, SyncSummary } from '../../shared/ipc/sync';
import { formatTimestamp } from '../../shared/wire/formats';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { WriteQueue } from '../cache/write-queue';
import { CacheWriter } from '../cache/writes';
import type { AppDatabase } from '../storage/database';
import { BatchWriter } from './batch-writer';
import { Limiter } from './limiter';
import { UnstableListError } from './list-pull';
import { EVENT_PARTS, SyncPlanner } from './plan';
import {
  pullEvent,
  pullEventList,
  pullEventPart,
  pullTeam,
  pullTeamList,
  pullTeamPart,
  pullTeamStats,
  type PullContext,
  type PullOutcome,
} from './pulls';
import { SyncSetupError } from './setup-error';

export interface SyncEngineOptions {
  reader: AppDatabase;
  writer: AppDatabase;
  queue: WriteQueue;
  /** The API client for the configured service; throws SyncSetupError when there is none. */
  connect: () => Promise<ApiClient>;
  now?: () => Date;
  /** Requests in flight at once over the whole run. */
  concurrency?: number;
  /** How old a copy outside the priority tier may get before a scheduled run pulls it again. */
  maxAgeMs?: number;
  onStatus?: (status: SyncStatus) => void;
  /** Resources whose committed copy changed, coalesced. */
  onChange?: (keys: ResourceKey[]) => void;
}

export interface RunOptions {
  scope?: SyncScope;
  /** Pull every resource of the scope, however fresh its copy. */
  force?: boolean;
}

/** These stop a run: nothing else would get through either. */
const FATAL_CODES = new Set(['offline', 'timeout', 'unauthorized', 'forbidden', 'rate_limited']);

const DEFAULTS = { concurrency: 6, maxAgeMs: 6 * 60 * 60_000 };
const LAST_SUCCESS_SETTING = 'sync.lastSuccessAt';
const STATUS_INTERVAL_MS = 100;

class Canceled extends Error {
  constructor() {
    super('The sync was canceled.');
    this.name = 'Canceled';
  }
}

/**
 * Keeps the cache a copy of the service: one run at a time, in priority order (pinned and live
 * events, favorite teams, the lists, then the rest of the scope), each resource committed on its
 * own and atomically, progress and status reported as it goes, cancelable at any point.
 */
export class SyncEngine {
  private readonly writer: CacheWriter;
  private readonly planner: SyncPlanner;
  private readonly now: () => Date;
  private readonly settings: { concurrency: number; maxAgeMs: number };
  private current: { promise: Promise<SyncSummary>; controller: AbortController } | null = null;
  private state: SyncStatus;
  private statusTimer: NodeJS.Timeout | null = null;
  private readonly pendingChanges = new Set<ResourceKey>();
  private changeTimer: NodeJS.Timeout | null = null;
  private readonly background = new Map<ResourceKey, Promise<void>>();
  private schedule: { timer: NodeJS.Timeout | null; intervalMs: number } | null = null;

  constructor(private readonly options: SyncEngineOptions) {
    this.writer = new CacheWriter(options.writer);
    this.planner = new SyncPlanner(options.reader);
    this.now = options.now ?? (() => new Date());
    this.settings = {
      concurrency: options.concurrency ?? DEFAULTS.concurrency,
      maxAgeMs: options.maxAgeMs ?? DEFAULTS.maxAgeMs,
    };
    const lastSuccess = options.reader
      .prepare<[string], string>('SELECT value FROM settings WHERE name = ?')
      .pluck()
      .get(LAST_SUCCESS_SETTING);
    this.state = {
      state: 'idle',
      scope: 'default',
      progress: null,
      problem: null,
      lastSuccessAt: lastSuccess ?? null,
      lastAttemptAt: null,
    };
  }

  status(): SyncStatus {
    return this.state;
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** Runs a sync, or joins the one under way, and resolves with its summary. */
  run(options: RunOptions = {}): Promise<SyncSummary> {
    if (this.current !== null) return this.current.promise;
    const controller = new AbortController();
    const promise = this.execute(options, controller).finally(() => {
      this.current = null;
      this.armSchedule();
    });
    this.current = { promise, controller };
    return promise;
  }

  /** Starts a run in the background; `false` when one is already going. */
  start(options: RunOptions = {}): boolean {
    if (this.current !== null) return false;
    void this.run(options);
    return true;
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
    if (this.background.has(key)) return;
    const task = this.fetchOne(key)
      .catch(() => undefined)
      .finally(() => this.background.delete(key));
    this.background.set(key, task);
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
    if (online && this.state.state === 'offline' && !this.running) {
      this.start({ scope: this.scheduledScope?.() });
    }
  }

  /** Waits for runs and background fetches to finish; the engine stays usable. */
  async idle(): Promise<void> {
    await this.current?.promise.catch(() => undefined);
    await Promise.all(this.background.values());
    await this.options.queue.idle();
  }

  private scheduledScope: (() => SyncScope) | undefined;

  private armSchedule(): void {
    if (this.schedule === null) return;
    const offline = this.state.state === 'offline';
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
    const startedAt = formatTimestamp(this.now());
    const tally = { requests: 0, pulled: 0, changed: 0, failed: 0, records: 0 };
    const problems: { first: SyncProblem | null } = { first: null };
    this.setStatus({
      state: 'syncing',
      scope,
      progress: null,
      problem: null,
      lastAttemptAt: startedAt,
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
    });

    let client: ApiClient;
    try {
      client = await this.options.connect();
    } catch (error) {
      const problem = problemOf(error);
      this.finishStatus('error', problem);
      return summary('failed', problem);
    }

    const context: PullContext = {
      client,
      reader: this.options.reader,
      writer: this.writer,
      queue: this.options.queue,
      batch: new BatchWriter(this.options.writer, this.options.queue),
      limiter: new Limiter(this.settings.concurrency),
      signal: controller.signal,
      now: this.now,
      changed: (key) => this.noteChange(key),
      requested: (count) => {
        tally.requests += count;
      },
    };

    /** Runs one pull, counting it; a fatal error stops the whole run. */
    const pull = async (work: () => Promise<PullOutcome>): Promise<PullOutcome | null> => {
      try {
        const outcome = await work();
        tally.pulled += 1;
        tally.records += outcome.records;
        if (outcome.changed) tally.changed += 1;
        return outcome;
      } catch (error) {
        if (controller.signal.aborted) throw controller.signal.reason;
        tally.failed += 1;
        const problem = problemOf(error);
        problems.first ??= problem;
        if (error instanceof ApiError && FATAL_CODES.has(error.code)) {
          controller.abort(error);
          throw error;
        }
        return null;
      }
    };

    const phase = async <Item>(
      name: string,
      items: readonly Item[],
      work: (item: Item) => Promise<unknown>,
    ) => {
      let done = 0;
      this.setStatus({ progress: { phase: name, done, total: items.length } });
      // More workers than request slots: a worker waiting for its write to commit must not leave
      // a slot idle, so others keep the requests in flight meanwhile.
      await eachLimited(items, this.settings.concurrency * 4, controller.signal, async (item) => {
        await work(item);
        done += 1;
        this.setStatus({ progress: { phase: name, done, total: items.length } });
      });
      // The end of a phase is news on its own, not one more update to coalesce.
      this.emitStatus();
    };

    try {
      await this.plan(scope, force, context, pull, phase);
      await context.batch.write(() => undefined);
      const problem: SyncProblem | null =
        tally.failed === 0
          ? null
          : {
              code: problems.first?.code ?? 'internal',
              message: `${tally.failed} of ${tally.pulled + tally.failed} resources could not be synced; the cached copies of those are kept. First problem: ${problems.first?.message ?? 'unknown'}`,
            };
      if (problem === null) {
        const finishedAt = formatTimestamp(this.now());
        await this.options.queue.run(() =>
          this.options.writer
            .prepare(
              `INSERT INTO settings (name, value) VALUES (?, ?)
               ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
            )
            .run(LAST_SUCCESS_SETTING, finishedAt),
        );
        this.state = { ...this.state, lastSuccessAt: finishedAt };
      }
      this.finishStatus('idle', problem);
      return summary(problem === null ? 'completed' : 'partial', problem);
    } catch (error) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof Canceled) {
        this.finishStatus('idle', null);
        return summary('canceled', null);
      }
      const problem = problemOf(reason);
      this.finishStatus(
        problem.code === 'offline' || problem.code === 'timeout' ? 'offline' : 'error',
        problem,
      );
      return summary('failed', problem);
    } finally {
      this.flushChanges();
    }
  }

  /** The order of a run: what a person is most likely to open first is committed first. */
  private async plan(
    scope: SyncScope,
    force: boolean,
    context: PullContext,
    pull: (work: () => Promise<PullOutcome>) => Promise<PullOutcome | null>,
    phase: <Item>(
      name: string,
      items: readonly Item[],
      work: (item: Item) => Promise<unknown>,
    ) => Promise<void>,
  ): Promise<void> {
    const planner = this.planner;
    const fullEvent = async (eventId: string) => {
      const record = await pull(() => pullEvent(context, eventId));
      if (record === null || !this.writer.hasEvent(eventId)) return;
      await Promise.all(
        EVENT_PARTS.map((part) => pull(() => pullEventPart(context, eventId, part))),
      );
    };

    const pinned = planner.pinnedEvents();
    await phase('pinned events', pinned, fullEvent);

    const changedSeasons = new Set<string>();
    await phase('events', ['events'], async () => {
      const outcome = await pull(() => pullEventList(context));
      for (const season of outcome?.seasons ?? []) changedSeasons.add(season);
    });
    const done = new Set(pinned);
    const live = planner.liveEvents(this.now()).filter((id) => !done.has(id));
    await phase('live events', live, fullEvent);
    for (const id of live) done.add(id);

    const favorites = planner.favoriteTeams();
    await phase('favorite teams', favorites, async (teamNumber) => {
      await pull(() => pullTeam(context, teamNumber));
      // With every event synced in full (scope all) these derive from the event tables.
      if (scope === 'default') {
        await Promise.all(
          (['events', 'matches', 'clips'] as const).map((part) =>
            pull(() => pullTeamPart(context, teamNumber, part)),
          ),
        );
      }
    });

    await phase('teams', ['teams'], () => pull(() => pullTeamList(context)));

    if (scope === 'all') {
      await breathe();
      planner.refresh();
      await breathe();
      const parts = planner.dueEventParts(this.now(), this.settings.maxAgeMs, force, done);
      await phase('events in full', parts, async ({ eventId, part }) => {
        const outcome = await pull(() => pullEventPart(context, eventId, part));
        if (outcome?.changed === true && part !== 'clips') {
          const season = planner.seasonOf(eventId);
          if (season !== undefined) changedSeasons.add(season);
        }
      });
    }

    // Planning reads tens of thousands of rows at `all`; it gives the event loop back every few
    // thousand so a view's IPC call is never held up by it for long.
    await breathe();
    planner.refresh();
    await breathe();
    const now = this.now();
    const statsWanted = new Map<string, { teamNumber: number; season: string | undefined }>();
    let planned = 0;
    const want = async (teamNumber: number, season: string | undefined, always: boolean) => {
      if ((planned += 1) % 2_000 === 0) await breathe();
      const key = `${teamNumber} ${season ?? ''}`;
      if (statsWanted.has(key)) return;
      const due =
        always ||
        force ||
        season === undefined ||
        changedSeasons.has(season) ||
        planner.isDue(`team:${teamNumber}:stats:${season}`, now, this.settings.maxAgeMs);
      if (due) statsWanted.set(key, { teamNumber, season });
    };
    for (const teamNumber of favorites) {
      await want(teamNumber, undefined, true);
      for (const season of planner.seasonsOf(teamNumber)) await want(teamNumber, season, true);
    }
    for (const eventId of pinned) {
      const season = planner.seasonOf(eventId);
      for (const teamNumber of planner.teamsAtEvent(eventId)) await want(teamNumber, season, true);
    }
    if (scope === 'all') {
      const pairs = planner.allTeamSeasons();
      await breathe();
      for (const { teamNumber, season } of pairs) await want(teamNumber, season, false);
    }
    // Seasons we hold that the registrations no longer explain (a team's last event of the season
    // went away) are asked again, so their now-empty statistics replace the stale ones.
    const held = planner.heldStats();
    await breathe();
    for (const { teamNumber, season } of held) await want(teamNumber, season, false);
    await phase('team statistics', [...statsWanted.values()], ({ teamNumber, season }) =>
      pull(() => pullTeamStats(context, teamNumber, season)),
    );
  }

  private async fetchOne(key: ResourceKey): Promise<void> {
    const parsed = parseResourceKey(key);
    if (parsed === null) return;
    const client = await this.options.connect();
    const controller = new AbortController();
    const context: PullContext = {
      client,
      reader: this.options.reader,
      writer: this.writer,
      queue: this.options.queue,
      batch: new BatchWriter(this.options.writer, this.options.queue),
      limiter: new Limiter(2),
      signal: controller.signal,
      now: this.now,
      changed: (changedKey) => this.noteChange(changedKey),
      requested: () => undefined,
    };
    switch (parsed.kind) {
      case 'events':
        await pullEventList(context);
        break;
      case 'teams':
        await pullTeamList(context);
        break;
      case 'event':
        await pullEvent(context, parsed.eventId);
        break;
      case 'eventPart':
        await pullEventPart(context, parsed.eventId, parsed.part);
        break;
      case 'team':
        await pullTeam(context, parsed.teamNumber);
        break;
      case 'teamPart':
        await pullTeamPart(context, parsed.teamNumber, parsed.part);
        break;
      case 'teamStats':
        await pullTeamStats(context, parsed.teamNumber, parsed.season);
        break;
    }
    this.flushChanges();
  }

  private noteChange(key: ResourceKey): void {
    this.pendingChanges.add(key);
    this.changeTimer ??= setTimeout(() => this.flushChanges(), STATUS_INTERVAL_MS);
  }

  private flushChanges(): void {
    if (this.changeTimer !== null) clearTimeout(this.changeTimer);
    this.changeTimer = null;
    if (this.pendingChanges.size === 0) return;
    const keys = [...this.pendingChanges];
    this.pendingChanges.clear();
    this.options.onChange?.(keys);
  }

  /** Status pushes are coalesced: progress of thousands of small pulls is a few a second. */
  private setStatus(update: Partial<SyncStatus>): void {
    this.state = { ...this.state, ...update };
    this.statusTimer ??= setTimeout(() => this.emitStatus(), STATUS_INTERVAL_MS);
  }

  private finishStatus(state: SyncStatus['state'], problem: SyncProblem | null): void {
    this.state = { ...this.state, state, problem, progress: null };
    this.emitStatus();
  }

  private emitStatus(): void {
    if (this.statusTimer !== null) clearTimeout(this.statusTimer);
    this.statusTimer = null;
    this.options.onStatus?.(this.state);
  }
}

/** Lets timers, IPC and network callbacks run before the next piece of synchronous work. */
function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs `work` over `items` with at most `workers` at once, stopping when `signal` aborts. */
async function eachLimited<Item>(
  items: readonly Item[],
  workers: number,
  signal: AbortSignal,
  work: (item: Item) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      signal.throwIfAborted();
      const item = items[next] as Item;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, items.length) }, worker));
  signal.throwIfAborted();
}

export function problemOf(error: unknown): SyncProblem {
  if (error instanceof SyncSetupError) return { code: error.code, message: error.message };
  if (error instanceof ApiError) {
    return { code: error.code, message: error.message };
  }
  if (error instanceof UnstableListError) return { code: 'unstable', message: error.message };
  return {
    code: 'internal',
    message: error instanceof Error ? error.message : 'The sync failed unexpectedly.',
  };
}
