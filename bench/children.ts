import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Child processes a benchmark starts, ended when it is done, fails, or is interrupted: a server
 * left behind would hold its port and a core and skew the next run.
 */
const running = new Set<ChildProcess>();

function endAll(): void {
  for (const child of running) child.kill('SIGTERM');
  running.clear();
}

process.on('exit', endAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    endAll();
    process.exit(130);
  });
}

const STOP_GRACE_MS = 5_000;

export interface StartedChild {
  process: ChildProcess;
  /** Lines the child printed to stdout, as they came. */
  lines: string[];
  stop(): Promise<void>;
}

export interface ChildOptions {
  /** Arguments to `node`. */
  args: readonly string[];
  /** The stdout line that says the child is ready. */
  ready: RegExp;
  timeoutMs: number;
  /** Written to its stdin, which is then closed. */
  input?: string;
  /** Added to this process's environment. */
  env?: Record<string, string>;
}

/**
 * Runs `node <args>` and resolves once it prints a line matching `ready`, or rejects when it
 * exits first or takes longer than `timeoutMs`, with what it wrote to stderr.
 */
export function startChild({
  args,
  ready,
  timeoutMs,
  input,
  env,
}: ChildOptions): Promise<StartedChild> {
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  running.add(child);
  const lines: string[] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    running.delete(child);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    // A child that ignores SIGTERM must not keep the benchmark waiting.
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(force);
  };
  child.stdin.end(input ?? '');

  return new Promise((resolve, reject) => {
    const fail = (reason: string): void => {
      clearTimeout(timer);
      void stop();
      reject(new Error(`node ${args.join(' ')}: ${reason}\n${stderr.trim()}`));
    };
    const timer = setTimeout(() => fail(`not ready after ${timeoutMs} ms`), timeoutMs);
    const exitedEarly = (code: number | null, signal: NodeJS.Signals | null): void =>
      fail(`exited (${signal ?? code}) before it was ready`);
    child.once('exit', exitedEarly);
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (ready.test(line)) {
        clearTimeout(timer);
        child.off('exit', exitedEarly);
        resolve({ process: child, lines, stop });
      }
    });
  });
}
