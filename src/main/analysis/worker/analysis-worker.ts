import type BetterSqlite3 from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { createAnalysisModel } from '../model';
import { answer, errorMessage } from './answer';
import { openAnalysisConnection } from './connection';
import type { AnalysisRequest, AnalysisStartFailure, AnalysisWorkerData } from './protocol';

/*
 * The analysis worker's program: one read-only connection to the cache, one model, and answers
 * to main's requests in the order they came. Main never waits on it synchronously, so a
 * season-wide recomputation here leaves every IPC answer as fast as when idle.
 */

const port = parentPort;
if (port === null) throw new Error('the analysis worker runs only as a worker thread');
const data = workerData as AnalysisWorkerData;

let db: BetterSqlite3.Database;
try {
  db = openAnalysisConnection(data);
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
