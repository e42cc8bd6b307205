import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * The worker's whole program. It is plain CommonJS evaluated from this string, so it needs no
 * bundler entry of its own: the app, the command line and the tests all start it the same way.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.modulePath);
const db = new Database(
  workerData.file,
  workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {},
);
db.pragma('busy_timeout = 5000');
parentPort.on('message', (mode) => {
  try {
    db.pragma('wal_checkpoint(' + mode + ')');
    parentPort.postMessage({ ok: true });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error && error.message) });
  }
});
`;

/** Past this much WAL, a checkpoint starts. SQLite's own default is about 4 MB too. */
const WAL_LIMIT_BYTES = 4 * 1024 * 1024;
/** How often the WAL's size is looked at: one stat call, nothing else. */
const POLL_MS = 250;

type Mode = 'PASSIVE' | 'TRUNCATE';

/**
 * Copies the WAL back into the database file on a worker thread. SQLite would otherwise do it
 * inside whichever COMMIT crosses its threshold, on the main thread, with an fsync: under disk
 * load that single commit blocked main for hundreds of milliseconds mid-sync.
 *
 * A PASSIVE checkpoint from another connection never blocks the writer or readers, and it is as
 * crash-safe as SQLite's own: a checkpoint cut off halfway is simply done again.
 */
export class Checkpointer {
  private readonly worker: Worker;
  private readonly timer: NodeJS.Timeout;
  private inFlight: Promise<void> | null = null;
  private pending: ((result: { ok: boolean; message?: string }) => void) | null = null;
  private closed = false;

  private constructor(
    private readonly file: string,
    nativeBinding: string | undefined,
    onFailure: () => void,
  ) {
    const modulePath = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, nativeBinding, modulePath },
    });
    this.worker.unref();
    this.worker.on('message', (result: { ok: boolean; message?: string }) => {
      const settle = this.pending;
      this.pending = null;
      settle?.(result);
    });
    this.worker.on('error', () => {
      // A worker that died (or never loaded SQLite) takes no more requests; `onFailure` turns
      // SQLite's own checkpoints back on, so nothing is lost but speed.
      if (this.closed) return;
      this.closed = true;
      clearInterval(this.timer);
      this.pending?.({ ok: false, message: 'checkpoint worker stopped' });
      this.pending = null;
      onFailure();
    });
    // Polling the file's size needs no hook in whoever writes: every writer is covered.
    this.timer = setInterval(() => this.poll(), POLL_MS);
    this.timer.unref();
  }

  /** Starts the worker, or returns `null` where worker threads or the module are unavailable. */
  static start(
    file: string,
    nativeBinding: string | undefined,
    onFailure: () => void,
  ): Checkpointer | null {
    try {
      return new Checkpointer(file, nativeBinding, onFailure);
    } catch {
      return null;
    }
  }

  /** Checkpoints in the background once the WAL has grown past the limit. */
  private poll(): void {
    if (this.closed || this.inFlight !== null) return;
    let size: number;
    try {
      size = statSync(`${this.file}-wal`).size;
    } catch {
      return;
    }
    if (size >= WAL_LIMIT_BYTES) void this.checkpoint('PASSIVE');
  }

  /** One checkpoint at a time; a request during one joins it. */
  checkpoint(mode: Mode = 'PASSIVE'): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.inFlight ??= new Promise<void>((resolve) => {
      this.pending = () => resolve();
      this.worker.ref();
      this.worker.postMessage(mode);
    }).finally(() => {
      this.inFlight = null;
      if (!this.closed) this.worker.unref();
    });
    return this.inFlight;
  }

  /** Stops the worker; a checkpoint it was running is simply redone by the next connection. */
  stop(): void {
    clearInterval(this.timer);
    this.closed = true;
    this.pending?.({ ok: false, message: 'stopped' });
    this.pending = null;
    void this.worker.terminate();
  }
}
