import {
  AnalysisClient,
  AnalysisUnavailableError,
  type AnalysisClientOptions,
} from './analysis-client';
import type { AnalysisQueries, QueryKind } from './worker/protocol';

export type AnalysisServiceOptions = Omit<AnalysisClientOptions, 'onStart'> & {
  /** A refresh changed what the analysis answers: views re-read (`cache:changed` `analysis`). */
  updated: () => void;
};

/** No computation to answer from yet: the first is running (or the first after a restart). */
export const NOT_READY = Symbol('analysis not ready');

/**
 * The analysis as main runs it: a worker over the cache, started at the first question (a layer
 * nobody asks costs nothing), recomputing on change notices. Refreshes never pile up: while one
 * runs, the changes that arrive gather into the next one.
 */
export class AnalysisService {
  private readonly client: AnalysisClient;
  /** The running worker has finished a refresh, so its answers are real ones. */
  private ready = false;
  private readonly changes = new Set<string>();
  private refreshing = false;
  private started = false;
  private waiters: (() => void)[] = [];

  constructor(private readonly options: AnalysisServiceOptions) {
    this.client = new AnalysisClient({ ...options, onStart: () => this.workerStarted() });
  }

  /** Whether its worker runs (or starts) now. */
  get running(): boolean {
    return this.client.running;
  }

  /** Starts the worker now rather than at the first question (the bench, a warm start). */
  start(): void {
    this.started = true;
    this.client.start();
  }

  /** Change notices' resources: what they may have altered is recomputed. */
  changed(resources: readonly string[]): void {
    // Before the first question there is nothing to keep up to date: the first refresh reads all.
    if (!this.started) return;
    for (const resource of resources) if (resource !== 'analysis') this.changes.add(resource);
    this.pump();
  }

  /** The answer, or NOT_READY while no computation has finished (the caller answers `null`). */
  async query<Kind extends Exclude<QueryKind, 'refresh'>>(
    kind: Kind,
    ask: AnalysisQueries[Kind]['ask'],
  ): Promise<AnalysisQueries[Kind]['answer'] | typeof NOT_READY> {
    this.start();
    if (!this.ready) return NOT_READY;
    try {
      return await this.client.ask(kind, ask);
    } catch (error) {
      // The worker stopped under this question: a new one is starting and computes again.
      if (error instanceof AnalysisUnavailableError) return NOT_READY;
      throw error;
    }
  }

  /** Resolves once a worker runs and no refresh is running or waiting (tests, the bench). */
  settled(): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Ends the worker as a crash would (see AnalysisClient.kill). */
  kill(): Promise<void> {
    return this.client.kill();
  }

  close(): Promise<void> {
    this.changes.clear();
    for (const resolve of this.waiters.splice(0)) resolve();
    return this.client.close();
  }

  private workerStarted(): void {
    // A new worker's model is empty: the first refresh computes everything.
    this.ready = false;
    this.changes.clear();
    this.changes.add('all');
    this.pump();
  }

  private idle(): boolean {
    return this.client.running && !this.refreshing && this.changes.size === 0;
  }

  private pump(): void {
    if (this.idle()) {
      for (const resolve of this.waiters.splice(0)) resolve();
      return;
    }
    if (this.refreshing || !this.client.running) return;
    const changed = [...this.changes];
    this.changes.clear();
    this.refreshing = true;
    const first = !this.ready;
    this.client
      .ask('refresh', { changed })
      .then(
        (update) => {
          this.ready = true;
          if (first || update.events.length > 0 || update.seasons.length > 0) {
            this.options.updated();
          }
        },
        (error: unknown) => {
          // A crash is reported by the client, and the restarted worker computes everything.
          if (error instanceof AnalysisUnavailableError) return;
          this.options.reportError('analysis refresh', error);
        },
      )
      .finally(() => {
        this.refreshing = false;
        this.pump();
      });
  }
}
