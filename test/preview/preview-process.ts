import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import type { SyncStatus } from '../../src/shared/ipc/sync';
import { bundledEntry } from '../harness/bundled-entry';
import { testNowIso } from '../harness/clock';

/*
 * The preview as a person starts it: its own process (its entry bundled once per worker, where
 * `npm run preview` runs it under tsx: the same code without compiling it at every start), the
 * real keychain of the test session, the built renderer. The first line of stdout names the
 * address; IPC goes over its HTTP bridge; a signal closes it cleanly.
 */

export const root = resolve(import.meta.dirname, '../..');

/** `npm test` builds before it tests; a run of one file alone builds here if it has to. */
export function builtRenderer(): void {
  if (!existsSync(join(root, 'out/renderer/index.html'))) {
    execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
      cwd: root,
      stdio: 'ignore',
    });
  }
}

export interface Preview {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function launch(args: string[], apiKey = '', env: NodeJS.ProcessEnv = process.env): Preview {
  const child = spawn(process.execPath, [bundledEntry('src/preview/cli.ts'), ...args], {
    cwd: root,
    // On the tests' clock, as the services they start are pinned to it.
    env: { PITSIDE_NOW: testNowIso(), ...env, PITSIDE_API_KEY: apiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** The first line of stdout, exactly as printed; fails if the process ends before it. */
export async function firstLine(preview: Preview): Promise<string> {
  const ended = preview.exited.then(({ code }) => {
    throw new Error(`the preview exited (${code}) before its first line:\n${preview.stderr()}`);
  });
  const line = new Promise<string>((found) => {
    const look = () => {
      const end = preview.stdout().indexOf('\n');
      if (end >= 0) found(preview.stdout().slice(0, end));
      else preview.child.stdout?.once('data', look);
    };
    look();
  });
  return Promise.race([line, ended]);
}

/** The sync of the service shown has finished once: its status, as the page would read it. */
export async function synced(base: string): Promise<SyncStatus> {
  let status: SyncStatus | null = null;
  await expect
    .poll(
      async () => {
        status = ((await ipc(base, 'sync:status')) as { value: SyncStatus }).value;
        return status.state === 'idle' || status.state === 'error' ? status.lastAttemptAt : null;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  if (status === null) throw new Error('no sync status');
  return status;
}

export async function ipc(base: string, name: string, input?: unknown): Promise<unknown> {
  const response = await fetch(new URL('__ipc', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, input }),
  });
  return response.json();
}
