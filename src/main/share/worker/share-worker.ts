import type BetterSqlite3 from 'better-sqlite3';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { openWorkerConnection } from '../../storage/worker-connection';
import { startShare, type RunningShare } from '../share-server';
import type { ShareWorkerCommand, ShareWorkerData, ShareWorkerMessage } from './protocol';

/*
 * A venue share on a thread of its own: answering other laptops' syncs (thousands of reads) never
 * takes the main thread from the person using the app, and the share's read-only connection is
 * this thread's alone. Main starts it per session and stops it; it reports where it listens and
 * who reads from it.
 */

function parent(): MessagePort {
  if (parentPort === null) throw new Error('the share worker runs only as a worker thread');
  return parentPort;
}

const port = parent();
const data = workerData as ShareWorkerData;
const send = (message: ShareWorkerMessage) => port.postMessage(message);

/** Readers are told to main at most this often: a sync reads hundreds of times a second. */
const CLIENTS_EVERY_MS = 500;

function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

async function listen(db: BetterSqlite3.Database): Promise<RunningShare> {
  let timer: NodeJS.Timeout | null = null;
  let share: RunningShare | null = null;
  const options = {
    db,
    host: data.host,
    onRead: () => {
      timer ??= setTimeout(() => {
        timer = null;
        if (share !== null) send({ kind: 'clients', clients: share.clients() });
      }, CLIENTS_EVERY_MS);
    },
  };
  try {
    share = await startShare({ ...options, port: data.preferredPort });
  } catch (error) {
    if (codeOf(error) !== 'EADDRINUSE') throw error;
    share = await startShare({ ...options, port: 0 });
  }
  return share;
}

async function main(): Promise<void> {
  let db: BetterSqlite3.Database;
  let share: RunningShare;
  try {
    db = openWorkerConnection(data);
  } catch (error) {
    send({ kind: 'failed', code: codeOf(error), message: String(error) });
    return;
  }
  try {
    share = await listen(db);
  } catch (error) {
    db.close();
    send({ kind: 'failed', code: codeOf(error), message: String(error) });
    return;
  }
  send({ kind: 'started', url: share.url, key: share.key, host: share.host, port: share.port });
  port.on('message', (command: ShareWorkerCommand) => {
    if (command.kind !== 'stop') return;
    void share.close().finally(() => {
      db.close();
      send({ kind: 'stopped' });
      port.close();
    });
  });
}

void main();
