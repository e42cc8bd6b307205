import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from 'node:worker_threads';

/*
 * The worker's whole program. It is plain CommonJS evaluated from this string, so it needs no
 * bundler entry of its own: the app, the command line and the tests all start it the same way.
 * Each answer also says what the WAL still holds, from SQLite's own reply to the checkpoint: the
 * one safe way to learn it (see `walContentBytes`).
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.modulePath);
const db = new Database(
  workerData.file,
  workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {},
);
db.pragma('busy_timeout = 5000');
const frameBytes = db.pragma('page_size', { simple: true }) + ${24};
const answers = workerData.answers;
answers.on('message', (mode) => {
  try {
    // A truncating checkpoint waits for no one: while readers are still on the WAL it copies
    // what it can, as a passive one would, and leaves the file as it is.
    if (mode === 'TRUNCATE') db.pragma('busy_timeout = 0');
    const [reply] = db.pragma('wal_checkpoint(' + mode + ')');
    // 'log' counts the frames the WAL holds, copied or not: a WAL all copied is still written on
    // after its end until a write can start it again from its start.
    answers.postMessage({ ok: true, walBytes: Math.max(0, reply ? reply.log : 0) * frameBytes });
  } catch (error) {
    answers.postMessage({ ok: false, message: String(error && error.message) });
  } finally {
    db.pragma('busy_timeout = 5000');
  }
});
`;

/** Past this much WAL, a checkpoint starts. SQLite's own default is about 4 MB too. */
const WAL_LIMIT_BYTES = 4 * 1024 * 1024;
/** Past this much WAL, writes wait for a checkpoint between two of them (see `backlog`). */
export const WAL_BACKLOG_BYTES = 64 * 1024 * 1024;
/** The longest a write waits for that checkpoint: a stuck checkpoint never stops the writes. */
const BACKLOG_WAIT_MAX_MS = 2_000;
/** How often the WAL's size is looked at: one stat call, nothing else. */
const POLL_MS = 250;

type Mode = 'PASSIVE' | 'TRUNCATE';

interface CheckpointAnswer {
  ok: boolean;
  message?: string;
  /** The bytes of frames the WAL held as the checkpoint ended; absent on failure. */
  walBytes?: number;
}

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
  /** The worker's requests and answers; answers are also taken synchronously (`takeAnswers`). */
  private readonly port: MessagePort;
  private readonly timer: NodeJS.Timeout;
  /** The checkpoint under way, and who waits for it; one at a time. */
  private inFlight: { done: Promise<void>; settle: () => void } | null = null;
  /** What the WAL held at the last answer, and its file's size then (see `walContentBytes`). */
  private walAtAnswer = { contentBytes: 0, fileBytes: 0 };
  private closed = false;
  private nextWaitAt: number;

  private constructor(
    private readonly file: string,
    nativeBinding: string | undefined,
    private readonly onFailure: () => void,
    private readonly backlogBytes: number,
  ) {
    this.nextWaitAt = backlogBytes;
    const modulePath = createRequire(import.meta.url).resolve('better-sqlite3');
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, nativeBinding, modulePath, answers: port2 },
      transferList: [port2],
    });
    this.worker.unref();
    this.port.unref();
    this.port.on('message', (answer: CheckpointAnswer) => this.answered(answer));
    this.worker.on('error', () => {
      // A worker that died (or never loaded SQLite) takes no more requests; `onFailure` turns
      // SQLite's own checkpoints back on, so nothing is lost but speed.
      if (this.closed) return;
      this.shutDown();
      this.onFailure();
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

  /**
   * Checkpoints in the background once the WAL file has grown past the limit (half the backlog
   * where that is smaller, as in tests). Each answer is also what `walContentBytes` counts from,
   * so while the file is that large a checkpoint is always under way or just answered.
   */
  private poll(): void {
    this.takeAnswers();
    if (this.closed || this.inFlight !== null) return;
    const limit = Math.min(WAL_LIMIT_BYTES, this.backlogBytes / 2);
    if (this.walSize() >= limit) void this.checkpoint('PASSIVE');
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
    // Every write asks for a fresh answer too: between two answers a restarted WAL is written
    // over unseen, and the timer alone answers too seldom for a writer that commits every
    // millisecond.
    this.poll();
    const size = this.walContentBytes();
    if (size >= this.nextWaitAt) {
      // A reader can keep the WAL from restarting: then wait again only after as much growth.
      this.nextWaitAt = size + this.backlogBytes;
      // One begun while writes went on beside it ends short of the WAL's end: the wait is for
      // one that starts after it, with no write beside it. It also empties the file, so that
      // until the WAL next starts over, all it holds shows as the file's size.
      const current = this.inFlight?.done ?? Promise.resolve();
      return Promise.race([
        current.then(() => this.checkpoint('TRUNCATE')),
        new Promise<void>((resolve) => setTimeout(resolve, BACKLOG_WAIT_MAX_MS).unref()),
      ]);
    }
    if (size < this.backlogBytes) this.nextWaitAt = this.backlogBytes;
    return null;
  }

  /**
   * The bytes of the frames the WAL holds: what SQLite said it held at the last answer, plus
   * what its file grew by since.
   * Frames written over a restarted WAL's start go uncounted until the next answer, which a
   * write asks for whenever none is under way (see `backlog`).
   *
   * It used to be read from the -shm file's header, with fs. Closing that descriptor dropped
   * every POSIX lock this process held on the file, SQLite's included; the next connection of
   * another process then took the file for unused and rebuilt the -shm under the writer's memory
   * map, which killed the writer (SIGBUS). Only SQLite opens SQLite's files (design.md, rule 8).
   */
  private walContentBytes(): number {
    const grown = Math.max(0, this.walSize() - this.walAtAnswer.fileBytes);
    return this.walAtAnswer.contentBytes + grown;
  }

  private walSize(): number {
    try {
      return statSync(`${this.file}-wal`).size;
    } catch {
      return 0;
    }
  }

  /**
   * Takes the answers that have arrived without waiting for the event loop to deliver them: a
   * writer that commits in a loop of promises would otherwise count from an answer long gone.
   */
  private takeAnswers(): void {
    if (this.closed) return;
    for (
      let taken = receiveMessageOnPort(this.port);
      taken;
      taken = receiveMessageOnPort(this.port)
    ) {
      this.answered(taken.message as CheckpointAnswer);
    }
  }

  private answered(answer: CheckpointAnswer): void {
    if (answer.ok && answer.walBytes !== undefined) {
      this.walAtAnswer = { contentBytes: answer.walBytes, fileBytes: this.walSize() };
    }
    const settled = this.inFlight;
    this.inFlight = null;
    if (!this.closed) this.worker.unref();
    settled?.settle();
  }

  /** One checkpoint at a time; a request during one joins it. */
  checkpoint(mode: Mode = 'PASSIVE'): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.inFlight === null) {
      let settle = (): void => undefined;
      const done = new Promise<void>((resolve) => (settle = resolve));
      this.inFlight = { done, settle };
      this.worker.ref();
      this.port.postMessage(mode);
    }
    return this.inFlight.done;
  }

  private shutDown(): void {
    clearInterval(this.timer);
    this.closed = true;
    this.port.close();
    const settled = this.inFlight;
    this.inFlight = null;
    settled?.settle();
  }

  /** Stops the worker; a checkpoint it was running is simply redone by the next connection. */
  stop(): void {
    this.shutDown();
    void this.worker.terminate();
  }
}
