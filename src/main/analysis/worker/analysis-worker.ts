import type BetterSqlite3 from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { createAnalysisModel } from '../model';
import { answer, errorMessage } from './answer';
import { openWorkerConnection } from '../../storage/worker-connection';
import { lowerThreadPriority } from './thread-priority';
import type { AnalysisRequest, AnalysisStartFailure, AnalysisWorkerData } from './protocol';

/*
 * The analysis worker's program: one read-only connection to the cache, one model, and answers
 * to main's requests in the order they came. Main never waits on it synchronously, so a
 * season-wide recomputation here leaves every IPC answer as fast as when idle.
 */

const port = parentPort;
if (port === null) throw new Error('the analysis worker runs only as a worker thread');

// On two cores main and this thread each take one, and the garbage collector's helper threads
// then wait for a turn, main's among them: a page's round trip p95 went to 1.36-5.2 times idle
// while the whole analysis ran. Ten steps lower, it was 0.93-1.13 times idle, for about 6% more
// time here (three runs each on the same cache).
lowerThreadPriority();
const data = workerData as AnalysisWorkerData;

let db: BetterSqlite3.Database;
try {
  db = openWorkerConnection(data);
} catch (error) {
  const failure: AnalysisStartFailure = { id: 0, ok: false, message: errorMessage(error) };
  port.postMessage(failure);
  process.exit(1);
}

// The clock is the app's: each request says what time it is in main.
let now = new Date();
const model = createAnalysisModel(db, () => now);
port.on('message', (request: AnalysisRequest) => {
  now = new Date(request.now);
  port.postMessage(answer(model, request, () => now));
});
