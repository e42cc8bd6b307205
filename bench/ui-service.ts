import { Worker } from 'node:worker_threads';
import type { ServerConfig } from '../src/server/config';

export interface ServiceOnWorker {
  url: string;
  close(): Promise<void>;
}

const WORKER = new URL('./ui-service-worker.ts', import.meta.url).href;

/**
 * Starts the reference service with `config` on a worker thread. The worker loads TypeScript
 * through tsx's API: a worker thread does not inherit the `tsx` loader of the main thread.
 */
export function startServiceOnWorker(
  config: ServerConfig,
  timeoutMs: number,
): Promise<ServiceOnWorker> {
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER)}); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: config });
  const exited = new Promise<void>((done) => worker.once('exit', () => done()));
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      fail(new Error(`the service did not start within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    worker.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    worker.once('message', (message: { url: string }) => {
      clearTimeout(timer);
      ready({
        url: message.url,
        close: async () => {
          worker.postMessage('close');
          const stopped = await Promise.race([
            exited.then(() => true),
            new Promise<boolean>((done) => setTimeout(() => done(false), 5_000).unref()),
          ]);
          if (!stopped) await worker.terminate();
        },
      });
    });
  });
}
