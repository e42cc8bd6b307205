import { parentPort, workerData } from 'node:worker_threads';
import type { ServerConfig } from '../src/server/config';
import { startServer } from '../src/server/start';

/*
 * The reference service for the UI benchmark, on a worker thread of the benchmark's process: one
 * Node process as asked, but with an event loop of its own, so that the service's request handling
 * never shows up as a stall of the main thread, where the app's sync engine and the preview run.
 * In the app the service is another machine; only its CPU is still shared here.
 */
const port = parentPort;
if (port === null) throw new Error('ui-service-worker runs as a worker thread only');

const config = workerData as ServerConfig;
const server = await startServer(config);
port.postMessage({ url: server.url });
port.on('message', (message: unknown) => {
  if (message !== 'close') return;
  void server.close().then(() => port.close());
});
