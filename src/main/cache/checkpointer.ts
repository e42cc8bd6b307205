import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { endianness } from 'node:os';
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
/** Past this much WAL, writes wait for a checkpoint between two of them (see `backlog`). */
export const WAL_BACKLOG_BYTES = 64 * 1024 * 1024;
/** Each WAL frame is a page behind a header of this size. */
const WAL_FRAME_HEADER_BYTES = 24;
/** The longest a write waits for that checkpoint: a stuck checkpoint never stops the writes. */
const BACKLOG_WAIT_MAX_MS = 2_000;
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
  private nextWaitAt: number;

  private constructor(
    private readonly file: string,
    nativeBinding: string | undefined,
    onFailure: () => void,
    private readonly backlogBytes: number,
  ) {
    this.nextWaitAt = backlogBytes;
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
    backlogBytes: number,
  ): Checkpointer | null {
    try {
      return new Checkpointer(file, nativeBinding, onFailure, backlogBytes);
    } catch {
      return null;
    }
  }

  /** Checkpoints in the background once the WAL has grown past the limit. */
  private poll(): void {
    if (this.closed || this.inFlight !== null) return;
    if (this.walSize() >= WAL_LIMIT_BYTES) void this.checkpoint('PASSIVE');
  }

  /**
   * A checkpoint for the next write to wait for, or `null` to write at once. While main commits
   * every few milliseconds (a sync of `large`), a checkpoint on this thread never ends complete:
   * new frames follow every frame it copies, so SQLite never restarts the WAL from its start, and
   * it grew to 719 MB beside a 67 MB database. One checkpoint with no write beside it ends
   * complete, and the next write restarts the WAL from its start. (The file is not trimmed after:
   * `journal_size_limit` trims inside a COMMIT on main, which then took 50-970 ms.)
   */
  backlog(): Promise<void> | null {
    if (this.closed) return null;
    // What the WAL holds, not its file's size: a restarted WAL writes over the file from its start.
    const size = this.walContentBytes();
    if (size >= this.nextWaitAt) {
      // A reader can keep the WAL from restarting: then wait again only after as much growth.
      this.nextWaitAt = size + this.backlogBytes;
      return Promise.race([
        this.checkpoint('PASSIVE'),
        new Promise<void>((resolve) => setTimeout(resolve, BACKLOG_WAIT_MAX_MS).unref()),
      ]);
    }
    if (size < this.backlogBytes) this.nextWaitAt = this.backlogBytes;
    return null;
  }

  /**
   * The bytes of the frames the WAL holds now, from the wal-index header in the -shm file (its
   * layout is part of SQLite's documented WAL format: the page size as a u16 at byte 14, 1 for
   * 65536, and the last valid frame as a u32 at byte 16, in the host's byte order). One read of
   * 20 bytes; 0 when there is no such file.
   */
  private walContentBytes(): number {
    const header = Buffer.alloc(20);
    let descriptor: number | null = null;
    try {
      descriptor = openSync(`${this.file}-shm`, 'r');
      if (readSync(descriptor, header, 0, 20, 0) < 20) return 0;
    } catch {
      return 0;
    } finally {
      if (descriptor !== null) closeSync(descriptor);
    }
    const little = endianness() === 'LE';
    const pageSize = little ? header.readUInt16LE(14) : header.readUInt16BE(14);
    const frames = little ? header.readUInt32LE(16) : header.readUInt32BE(16);
    return frames * ((pageSize === 1 ? 65536 : pageSize) + WAL_FRAME_HEADER_BYTES);
  }

  private walSize(): number {
    try {
      return statSync(`${this.file}-wal`).size;
    } catch {
      return 0;
    }
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
