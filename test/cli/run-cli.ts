import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { testNowIso } from '../harness/clock';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunningCli {
  child: ChildProcess;
  /** Resolves once stderr holds a line that matches. */
  stderrLine(pattern: RegExp): Promise<string>;
  /** Resolves once stdout holds `count` whole lines, with them. */
  stdoutLines(count: number): Promise<string[]>;
  finished: Promise<CliRun>;
}

/** The `pitside` bin: it runs the command line in its own process, so a signal sent to it lands. */
export const LAUNCHER = join(process.cwd(), 'bin', 'pitside.mjs');

/**
 * Starts the command line as a person would run it, in its own process. The caller's
 * PITSIDE_API_KEY never leaks in: each test says which key, if any, the run gets.
 */
export function startCli(args: string[], env: Record<string, string> = {}): RunningCli {
  return startCommand(process.execPath, [LAUNCHER, ...args], env);
}

/**
 * Starts any command (`npm`, `npx`, the `pitside` launcher) in its own process, in the repository
 * unless `cwd` says otherwise. npm_config_* variables are dropped: an npm that started the tests
 * exports its settings that way, and the npm under test must read only the project's .npmrc. The
 * command line's clock is the tests' (PITSIDE_NOW), as the services they start are pinned to it.
 */
export function startCommand(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cwd = process.cwd(),
): RunningCli {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)),
  );
  delete inherited.PITSIDE_API_KEY;
  const child = spawn(command, args, {
    cwd,
    env: { ...inherited, PITSIDE_NOW: testNowIso(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const lineWaiters: { count: number; resolve: (lines: string[]) => void }[] = [];
  // Looked at on every chunk and when a waiter comes: a line may be there before it is asked for.
  const settle = () => {
    for (const waiter of [...waiters]) {
      const line = stderr.split('\n').find((candidate) => waiter.pattern.test(candidate));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
    const lines = stdout.split('\n').slice(0, -1);
    for (const waiter of [...lineWaiters]) {
      if (lines.length >= waiter.count) {
        lineWaiters.splice(lineWaiters.indexOf(waiter), 1);
        waiter.resolve(lines.slice(0, waiter.count));
      }
    }
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    settle();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    settle();
  });
  const finished = new Promise<CliRun>((resolve) => {
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    // A command that cannot be started at all ends the run instead of leaving the test to time out.
    child.once('error', (error) =>
      resolve({ code: null, stdout, stderr: `${stderr}${error.message}\n` }),
    );
  });
  return {
    child,
    finished,
    stderrLine: (pattern) =>
      new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve });
        settle();
        void finished.then((run) =>
          reject(new Error(`exited (${run.code}) before printing ${pattern}: ${run.stderr}`)),
        );
      }),
    stdoutLines: (count) =>
      new Promise((resolve, reject) => {
        lineWaiters.push({ count, resolve });
        settle();
        void finished.then((run) =>
          reject(new Error(`exited (${run.code}) before ${count} lines: ${run.stderr}`)),
        );
      }),
  };
}

export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return startCli(args, env).finished;
}

export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cwd?: string,
): Promise<CliRun> {
  return startCommand(command, args, env, cwd).finished;
}

/**
 * `export` of one resource of a data directory, event status computed at `now` (the local clock
 * without it): what two copies are compared by, record for record. Anything on stderr, or a
 * status but 0, fails the caller.
 */
export async function exportOf(
  dataDir: string,
  resource: string,
  { format = 'json', now }: { format?: 'json' | 'csv'; now?: string } = {},
): Promise<string> {
  const run = await runCli([
    'export',
    '--data-dir',
    dataDir,
    '--resource',
    resource,
    '--format',
    format,
    ...(now === undefined ? [] : ['--now', now]),
  ]);
  if (run.code !== 0 || run.stderr !== '') {
    throw new Error(`export of ${resource} failed (${run.code}): ${run.stderr}`);
  }
  return run.stdout;
}

/** `exportOf` as JSON at `now`. */
export function exportJson(dataDir: string, resource: string, now: string): Promise<string> {
  return exportOf(dataDir, resource, { now });
}

/** The one JSON line a sync prints on stdout. */
export function summaryOf(run: CliRun): Record<string, unknown> {
  const lines = run.stdout.split('\n').filter((line) => line !== '');
  if (lines.length !== 1) throw new Error(`expected one line on stdout, got ${lines.length}`);
  return JSON.parse(lines[0] as string) as Record<string, unknown>;
}

/** The lines on stderr, without the empty one after the last line end. */
export function stderrLines(run: CliRun): string[] {
  return run.stderr.split('\n').filter((line) => line !== '');
}
