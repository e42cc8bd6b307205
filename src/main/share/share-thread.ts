import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { ShareClient } from '../../shared/ipc/share';
import { locateWorker, type WorkerScript } from '../analysis/worker-script';
import type { ShareWorkerData, ShareWorkerMessage } from './worker/protocol';

/** The share worker's built file: an input of electron-vite's main build beside the analysis's. */
export const BUILT_SHARE_WORKER = 'share-worker.js';

export function shareWorkerScript(here: string = import.meta.url): WorkerScript {
  return locateWorker(
    { name: 'share worker', built: BUILT_SHARE_WORKER, source: 'worker/share-worker.ts' },
    here,
  );
}

/** A refusal to start, with Node's error code for the words main gives it. */
export class ShareStartError extends Error {
  constructor(
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'ShareStartError';
  }
}

export interface ShareThreadOptions {
  file: string;
  nativeBinding?: string;
  host: string;
  preferredPort: number;
  /** Told of the readers so far, as the worker reports them. */
  onClients: (clients: ShareClient[]) => void;
  script?: WorkerScript;
}

/** A share running on its worker thread: where it listens, and how to stop it. */
export interface ShareThread {
  url: string;
  key: string;
  host: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts a share on a worker thread; resolves once it listens, rejects when it cannot. */
export function startShareThread(options: ShareThreadOptions): Promise<ShareThread> {
  const script = options.script ?? shareWorkerScript();
  const data: ShareWorkerData = {
    file: options.file,
    // better-sqlite3 as main resolves it: inside a packaged app's archive too.
    modulePath: createRequire(import.meta.url).resolve('better-sqlite3'),
    host: options.host,
    preferredPort: options.preferredPort,
    ...(options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding }),
  };
  const worker = new Worker(script.script, { workerData: data, eval: script.eval });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let started = false;
    worker.on('error', (error) => {
      if (!started) reject(new ShareStartError(null, error.message));
    });
    void exited.then(() => {
      if (!started) reject(new ShareStartError(null, 'the share worker ended before it listened'));
    });
    worker.on('message', (message: ShareWorkerMessage) => {
      if (message.kind === 'failed') {
        reject(new ShareStartError(message.code, message.message));
        void worker.terminate();
      } else if (message.kind === 'clients') {
        options.onClients(message.clients);
      } else if (message.kind === 'started') {
        started = true;
        resolve({
          url: message.url,
          key: message.key,
          host: message.host,
          port: message.port,
          stop: async () => {
            worker.postMessage({ kind: 'stop' });
            // A worker that does not end on its own within a few seconds is ended.
            const force = setTimeout(() => void worker.terminate(), 5_000);
            await exited;
            clearTimeout(force);
          },
        });
      }
    });
  });
}
