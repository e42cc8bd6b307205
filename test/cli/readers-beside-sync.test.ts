import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareState } from '../../src/shared/ipc/share';
import type { SyncStatus } from '../../src/shared/ipc/sync';
import { startTestServer, type TestServer } from '../harness/server';
import { builtRenderer, firstLine, ipc, launch, synced } from '../preview/preview-process';
import { exportOf, runCli, startCli } from './run-cli';

/*
 * Another process reading the cache while a sync writes it: `export`, a venue share, the sqlite3
 * shell. None of them may hurt the writer. A writer that once opened and closed the -shm file
 * with fs dropped SQLite's locks on it (POSIX drops every lock of a process on a file when any
 * of its descriptors closes); the next reader then took the file for unused, rebuilt the -shm
 * under the writer's memory map, and the writer died of SIGBUS (exit 135) every time.
 */

const run = promisify(execFile);

let server: TestServer;
let directory: string;

beforeAll(async () => {
  builtRenderer();
  server = await startTestServer({ data: 'demo' });
  directory = mkdtempSync(join(tmpdir(), 'pitside-readers-'));
});

afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

/** One reader after another in this process, each opened, read and closed, as a script would. */
async function readInThisProcess(file: string, until: () => boolean): Promise<number> {
  let reads = 0;
  while (!until()) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      db.prepare('SELECT count(*) FROM matches').pluck().get();
    } finally {
      db.close();
    }
    reads += 1;
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
  }
  return reads;
}

/** The sqlite3 shell on a read-only URI, one run after another, waiting on a lock as readers do. */
async function readWithShell(file: string, until: () => boolean): Promise<number> {
  let reads = 0;
  while (!until()) {
    await run('sqlite3', [
      '-cmd',
      '.timeout 5000',
      `file:${file}?mode=ro`,
      'SELECT count(*) FROM events;',
    ]);
    reads += 1;
  }
  return reads;
}

/** `export` runs one after another, each compared with nothing: it must only succeed. */
async function exportRepeatedly(until: () => boolean): Promise<number> {
  let exports = 0;
  while (!until()) {
    await exportOf(directory, 'matches');
    exports += 1;
  }
  return exports;
}

/** Another laptop's syncs, one after another, from a share: its reads are the share worker's. */
async function syncFromShare(url: string, key: string, until: () => boolean): Promise<number> {
  let syncs = 0;
  const laptop = mkdtempSync(join(tmpdir(), 'pitside-laptop-'));
  try {
    while (!until()) {
      const other = await runCli(['sync', '--service', url, '--data-dir', laptop], {
        PITSIDE_API_KEY: key,
      });
      expect([0, 5], other.stderr).toContain(other.code);
      syncs += 1;
    }
  } finally {
    rmSync(laptop, { recursive: true, force: true });
  }
  return syncs;
}

/** A venue share started on the directory, asked once for the events, then stopped. */
async function shareOnce(): Promise<void> {
  const share = startCli(['share', '--data-dir', directory, '--port', '0']);
  try {
    const [first, second] = await share.stdoutLines(2);
    const url = /sharing on (\S+)/.exec(first ?? '')?.[1];
    const key = /^key (\S+)$/.exec(second ?? '')?.[1];
    expect(url, first).toBeDefined();
    const response = await fetch(new URL('v1/events', url), {
      headers: { authorization: `Bearer ${key ?? ''}` },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  } finally {
    share.child.kill('SIGTERM');
    await share.finished;
  }
}

describe('readers beside a sync of everything', () => {
  it('leave the syncing process alive, and the file whole', async () => {
    const key = { PITSIDE_API_KEY: server.keys.viewer };
    const service = ['--service', server.url, '--data-dir', directory];
    const first = await runCli(['sync', ...service], key);
    expect(first.code, first.stderr).toBe(0);

    const sync = startCli(['sync', ...service, '--scope', 'all', '--force'], key);
    let ended = false;
    void sync.finished.then(() => (ended = true));
    const done = () => ended;
    const file = join(directory, 'pitside.db');
    const [inProcess, shell, exports] = await Promise.all([
      readInThisProcess(file, done),
      readWithShell(file, done),
      exportRepeatedly(done),
      shareOnce(),
    ]);

    const outcome = await sync.finished;
    expect(outcome.code, `the sync ended by signal or failed: ${outcome.stderr}`).toBe(0);
    // Readers kept coming while it wrote: otherwise the test proved nothing.
    expect(inProcess).toBeGreaterThan(10);
    expect(shell + exports).toBeGreaterThan(2);
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });

  it('leave the app alive while it syncs and its share worker serves', async () => {
    const appData = mkdtempSync(join(tmpdir(), 'pitside-readers-app-'));
    const preview = launch(['--service', server.url, '--data-dir', appData], server.keys.viewer);
    try {
      const base = (await firstLine(preview)).slice('preview on '.length);
      expect((await synced(base)).problem).toBeNull();
      const shared = (await ipc(base, 'share:start', { host: '127.0.0.1' })) as {
        value: ShareState;
      };
      const { status } = shared.value;
      if (status.state !== 'on') throw new Error(`the share did not start: ${status.error}`);

      await ipc(base, 'sync:start', { scope: 'all', force: true });
      let ended = false;
      const running = expect
        .poll(
          async () => {
            const state = ((await ipc(base, 'sync:status')) as { value: SyncStatus }).value;
            return state.state === 'syncing' ? null : state;
          },
          { timeout: 60_000, interval: 200 },
        )
        .not.toBeNull()
        .finally(() => (ended = true));
      const done = () => ended;
      const file = join(appData, 'pitside.db');
      const [, inProcess, shell, syncs] = await Promise.all([
        running,
        readInThisProcess(file, done),
        readWithShell(file, done),
        syncFromShare(status.url, status.key, done),
      ]);
      const after = ((await ipc(base, 'sync:status')) as { value: SyncStatus }).value;
      expect(after).toMatchObject({ state: 'idle', problem: null, scope: 'all' });
      expect(inProcess + shell).toBeGreaterThan(10);
      expect(syncs).toBeGreaterThan(0);
      expect(preview.child.exitCode, preview.stderr()).toBeNull();
    } finally {
      preview.child.kill('SIGTERM');
    }
    await expect(preview.exited).resolves.toEqual({ code: 0, signal: null });
    const db = new Database(join(appData, 'pitside.db'), { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
      rmSync(appData, { recursive: true, force: true });
    }
  });
});
