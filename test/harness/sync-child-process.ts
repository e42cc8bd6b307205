import { spawn, type ChildProcess } from 'node:child_process';
import { bundledEntry } from './bundled-entry';

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningChild {
  child: ChildProcess;
  /** When stdout said `started`, in `performance.now()` time; rejects if it exits first. */
  started: Promise<number>;
  /** Resolves when stdout says the `n`th write session began, `false` if it exits first. */
  session(n: number): Promise<boolean>;
  finished: Promise<ChildRun>;
}

export interface SyncChildOptions {
  dir: string;
  service: string;
  key: string | null;
  scope?: 'all' | 'default';
  now?: string;
  /** Pause after each write-session step, see sync-child.ts. */
  stepPauseMs?: number;
}

export interface SyncChildLauncher {
  start(options: SyncChildOptions): RunningChild;
}

/**
 * Starts `sync-child.ts` in processes of their own, bundled once per worker (see bundled-entry.ts)
 * so that each start costs a plain `node` start: the crash test starts it a few dozen times.
 */
export function syncChildLauncher(): SyncChildLauncher {
  const script = bundledEntry('test/harness/sync-child.ts');
  return {
    start(options) {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PITSIDE_CHILD_DIR: options.dir,
        PITSIDE_CHILD_SERVICE: options.service,
        PITSIDE_CHILD_SCOPE: options.scope ?? 'all',
      };
      delete env.PITSIDE_API_KEY;
      if (options.key !== null) env.PITSIDE_API_KEY = options.key;
      if (options.now !== undefined) env.PITSIDE_CHILD_NOW = options.now;
      if (options.stepPauseMs !== undefined)
        env.PITSIDE_CHILD_STEP_MS = String(options.stepPauseMs);
      const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let markStarted: (at: number) => void = () => undefined;
      const started = new Promise<number>((resolve) => (markStarted = resolve));
      const sessionWaiters: { n: number; resolve: (seen: boolean) => void }[] = [];
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.startsWith('started\n')) markStarted(performance.now());
        for (const waiter of [...sessionWaiters]) {
          if (!stdout.includes(`\nsession ${waiter.n}\n`)) continue;
          sessionWaiters.splice(sessionWaiters.indexOf(waiter), 1);
          waiter.resolve(true);
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const finished = new Promise<ChildRun>((resolve) =>
        child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
      );
      return {
        child,
        started: Promise.race([
          started,
          finished.then((run) => {
            throw new Error(`the sync child exited (${run.code}) before it started: ${run.stderr}`);
          }),
        ]),
        session: (n) =>
          new Promise<boolean>((resolve) => {
            if (stdout.includes(`\nsession ${n}\n`)) resolve(true);
            sessionWaiters.push({ n, resolve });
            void finished.then(() => resolve(false));
          }),
        finished,
      };
    },
  };
}
