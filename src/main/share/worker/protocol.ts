import type { ShareClient } from '../../../shared/ipc/share';
import type { WorkerConnectionData } from '../../storage/worker-connection';

/*
 * The messages between main and the share's worker thread. Main starts one worker per sharing
 * session and tells it to stop; the worker says where it listens, who reads from it, and why it
 * could not start.
 */

export interface ShareWorkerData extends WorkerConnectionData {
  host: string;
  /** Asked first; any free port when another program holds it. */
  preferredPort: number;
}

export type ShareWorkerMessage =
  | { kind: 'started'; url: string; key: string; host: string; port: number }
  /** `code`: Node's error code (EADDRNOTAVAIL …), for main's words. */
  | { kind: 'failed'; code: string | null; message: string }
  /** The readers so far, sent at most twice a second while they read. */
  | { kind: 'clients'; clients: ShareClient[] }
  | { kind: 'stopped' };

export type ShareWorkerCommand = { kind: 'stop' };
