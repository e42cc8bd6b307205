import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { formatTimestamp } from '../../shared/wire/formats';
import type {
  AnalysisQueries,
  AnalysisResponse,
  AnalysisWorkerData,
  QueryKind,
} from './worker/protocol';
import { analysisWorkerScript, type WorkerScript } from './worker-script';

export interface AnalysisClientOptions {
  /** The cache file the worker reads. */
  file: string;
  nativeBinding?: string;
  /** The app's clock, sent with every request. */
  now: () => Date;
  /** A crash, and each restart: the app's log. */
  reportError: (where: string, error: unknown) => void;
  /** A new worker is running; it knows nothing yet (its model starts empty). */
  onStart: () => void;
  /** Where the worker script is; found by `locate` at the first start when absent. */
  script?: WorkerScript;
  /** How to find it: from this code's location unless told (a test's bundle without it). */
  locate?: () => WorkerScript;
  /** Waits between restarts after crashes in a row: the first, doubled each time up to the last. */
  restartDelayMs?: { first: number; max: number };
  /** A request the worker has not answered in this long ends it as a crash (a stuck model). */
  stuckMs?: number;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const RESTART_DELAY_MS = { first: 250, max: 30_000 };
/** Far above the whole analysis of `large` (seconds): only a model that never returns. */
const STUCK_MS = 120_000;

/** Why a request got no answer from the worker. */
export class AnalysisUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisUnavailableError';
  }
}

/**
 * Main's side of the analysis worker: sends typed requests and matches the answers by id. A
 * worker that crashes (or one request that never comes back) fails every request it held, with
 * an error, never a hang, and is started again after a wait that grows with crashes in a row.
 */
export class AnalysisClient {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private crashesInARow = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Found at the first start: a build without the worker costs the analysis, never the app's start. */
  private script: WorkerScript | null;
  private missingReported = false;
  private readonly modulePath: string;

  constructor(private readonly options: AnalysisClientOptions) {
    this.script = options.script ?? null;
    this.modulePath = createRequire(import.meta.url).resolve('better-sqlite3');
  }

  /** Whether a worker is running (or starting) now. */
  get running(): boolean {
    return this.worker !== null;
  }

  /** Starts the worker unless it runs, or waits to restart. */
  start(): void {
    if (this.closed || this.worker !== null || this.restartTimer !== null) return;
    let script: WorkerScript;
    try {
      script = this.script ??= (this.options.locate ?? analysisWorkerScript)();
    } catch (error) {
      // Questions are answered "not running"; the log says why, once.
      if (!this.missingReported) this.options.reportError('analysis worker', error);
      this.missingReported = true;
      return;
    }
    const data: AnalysisWorkerData = {
      file: this.options.file,
      modulePath: this.modulePath,
      ...(this.options.nativeBinding === undefined
        ? {}
        : { nativeBinding: this.options.nativeBinding }),
    };
    const worker = new Worker(script.script, { workerData: data, eval: script.eval });
    // An idle worker never keeps the process alive: quitting does not wait for it.
    worker.unref();
    worker.on('message', (response: AnalysisResponse) => this.settle(response));
    worker.on('error', (error) => this.crashed(worker, error));
    worker.on('exit', (code) => this.crashed(worker, new Error(`it exited with code ${code}`)));
    this.worker = worker;
    this.options.onStart();
  }

  ask<Kind extends QueryKind>(
    kind: Kind,
    ask: AnalysisQueries[Kind]['ask'],
  ): Promise<AnalysisQueries[Kind]['answer']> {
    const worker = this.worker;
    if (worker === null) {
      return Promise.reject(new AnalysisUnavailableError('The analysis is not running.'));
    }
    const id = this.nextId++;
    const request = { ...ask, id, kind, now: formatTimestamp(this.options.now()) };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.crashed(worker, new Error(`it did not answer a ${kind} request`));
        void worker.terminate();
      }, this.options.stuckMs ?? STUCK_MS);
      timer.unref();
      this.pending.set(id, {
        resolve: (value) => resolve(value as AnalysisQueries[Kind]['answer']),
        reject,
        timer,
      });
      // Only while a request is out does the worker keep the process alive.
      worker.ref();
      worker.postMessage(request);
    });
  }

  /**
   * Ends the worker as a crash would, and lets it restart: what a stuck computation gets, and
   * how the tests prove a crash mid-way is survived.
   */
  async kill(): Promise<void> {
    const worker = this.worker;
    if (worker === null) return;
    this.crashed(worker, new Error('it was ended'));
    await worker.terminate();
  }

  /** Ends the worker for good; what it was asked fails. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.restartTimer !== null) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    const worker = this.worker;
    this.worker = null;
    this.failAll('The analysis has stopped.');
    await worker?.terminate();
  }

  private settle(response: AnalysisResponse): void {
    const pending = this.pending.get(response.id);
    if (response.id === 0 && !response.ok) {
      // The worker could not open the cache: its exit follows, and a restart tries again.
      this.options.reportError('analysis worker', new Error(response.message));
      return;
    }
    if (pending === undefined) return;
    this.pending.delete(response.id);
    clearTimeout(pending.timer);
    if (this.pending.size === 0) this.worker?.unref();
    // An answer means the worker runs well: a later crash starts the waits from the first again.
    this.crashesInARow = 0;
    if (response.ok) pending.resolve(response.value);
    else pending.reject(new Error(response.message));
  }

  private crashed(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failAll('The analysis stopped unexpectedly; it is starting again.');
    if (this.closed) return;
    const delays = this.options.restartDelayMs ?? RESTART_DELAY_MS;
    const delay = Math.min(delays.max, delays.first * 2 ** this.crashesInARow);
    this.crashesInARow += 1;
    this.options.reportError(
      'analysis worker',
      new Error(`The analysis worker stopped (${error.message}); restarting in ${delay} ms.`, {
        cause: error,
      }),
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.start();
    }, delay);
    this.restartTimer.unref();
  }

  private failAll(message: string): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new AnalysisUnavailableError(message));
    }
    this.pending.clear();
  }
}
