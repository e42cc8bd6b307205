import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/main/api/client';
import { openCache, type CacheFiles } from '../../../src/main/cache/open';
import { WriteQueue } from '../../../src/main/cache/write-queue';
import { SyncEngine } from '../../../src/main/sync/engine';
import { SyncSetupError } from '../../../src/main/sync/setup-error';
import type { SyncStatus } from '../../../src/shared/ipc/sync';
import { startTestServer, TEST_NOW, type TestServer } from '../../harness/server';

/*
 * When runs happen and what status they leave: the schedule (startup delay, interval), the
 * network coming back after an offline run, and a run that cannot start. Real service on loopback;
 * "offline" is a port nothing listens on.
 */

let server: TestServer;
let cache: CacheFiles | null = null;
let engine: SyncEngine | null = null;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  engine?.stopSchedule();
  await engine?.idle();
  cache?.close();
  cache = null;
  engine = null;
});

async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function openEngine(baseUrl: () => string | null, statuses: SyncStatus[] = []): SyncEngine {
  cache = openCache(join(mkdtempSync(join(tmpdir(), 'pitside-schedule-')), 'pitside.db'));
  engine = new SyncEngine({
    reader: cache.reader,
    writer: cache.writer,
    queue: new WriteQueue(cache.writer),
    now: () => new Date(TEST_NOW),
    connect: () => {
      const url = baseUrl();
      if (url === null) throw new SyncSetupError('not_configured', 'No service is configured yet.');
      return Promise.resolve(
        createApiClient({
          baseUrl: url,
          fetch,
          apiKey: () => Promise.resolve(server.keys.viewer),
          maxAttempts: 1,
        }),
      );
    },
    onStatus: (status) => statuses.push(status),
  });
  return engine;
}

function until(condition: () => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (condition()) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() - started > 15_000) {
        clearInterval(timer);
        reject(new Error(`timed out waiting for ${what}`));
      }
    }, 10);
  });
}

describe('sync scheduling', () => {
  it('runs once after the startup delay and again on the interval', async () => {
    const statuses: SyncStatus[] = [];
    const sync = openEngine(() => server.url, statuses);
    sync.startSchedule({ startupDelayMs: 50, intervalMs: 200 });
    expect(sync.running).toBe(false);
    await until(() => statuses.filter((s) => s.state === 'idle').length >= 2, 'two runs');
    const runs = statuses.filter((s) => s.state === 'idle');
    expect(runs[0]?.lastSuccessAt).not.toBeNull();
    expect(runs.every((status) => status.problem === null)).toBe(true);
  });

  it('reports offline, and syncs as soon as the network is back', async () => {
    const statuses: SyncStatus[] = [];
    let url = await closedPortUrl();
    const sync = openEngine(() => url, statuses);
    const offline = await sync.run();
    expect(offline.outcome).toBe('failed');
    expect(sync.status()).toMatchObject({ state: 'offline', problem: { code: 'offline' } });
    expect(sync.status().lastSuccessAt).toBeNull();

    url = server.url;
    sync.networkChanged(false);
    expect(sync.running).toBe(false);
    sync.networkChanged(true);
    expect(sync.running).toBe(true);
    await sync.idle();
    expect(sync.status()).toMatchObject({ state: 'idle', problem: null });
    expect(sync.status().lastSuccessAt).not.toBeNull();
  });

  it('runs one sync at a time: a second request joins the first', async () => {
    const sync = openEngine(() => server.url);
    const first = sync.run({ scope: 'default' });
    const second = sync.run({ scope: 'all' });
    expect(sync.start()).toBe(false);
    const [a, b] = await Promise.all([first, second]);
    expect(b).toBe(a);
    expect(a.scope).toBe('default');
  });

  it('says plainly when there is no service to sync with', async () => {
    const sync = openEngine(() => null);
    const summary = await sync.run();
    expect(summary).toMatchObject({
      outcome: 'failed',
      problem: { code: 'not_configured', message: 'No service is configured yet.' },
    });
    expect(sync.status().state).toBe('error');
  });

  it('cancels a run and leaves the engine ready for the next one', async () => {
    const sync = openEngine(() => server.url);
    const running = sync.run({ scope: 'all' });
    await until(() => sync.status().progress !== null, 'progress');
    expect(sync.cancel()).toBe(true);
    await expect(running).resolves.toMatchObject({ outcome: 'canceled' });
    expect(sync.status().state).toBe('idle');
    await expect(sync.run({ scope: 'default' })).resolves.toMatchObject({ outcome: 'completed' });
  });

  it('remembers the last complete sync across a restart', async () => {
    const sync = openEngine(() => server.url);
    await expect(sync.run({ scope: 'default' })).resolves.toMatchObject({ outcome: 'completed' });
    const lastSuccessAt = sync.status().lastSuccessAt;
    expect(lastSuccessAt).not.toBeNull();
    if (cache === null) throw new Error('no cache open');
    const restarted = new SyncEngine({
      reader: cache.reader,
      writer: cache.writer,
      queue: new WriteQueue(cache.writer),
      connect: () => Promise.reject(new Error('not used')),
    });
    expect(restarted.status()).toMatchObject({ state: 'idle', lastSuccessAt });
  });
});
