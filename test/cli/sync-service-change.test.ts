import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncCommand } from '../../src/cli/args';
import { EXIT, exitForSignal } from '../../src/cli/errors';
import { cachedCounts } from '../../src/cli/exports';
import { runSync } from '../../src/cli/sync-command';
import type { Credentials } from '../../src/main/credentials/credentials';
import { SettingsReader } from '../../src/main/settings/settings-store';
import type { SyncScope } from '../../src/shared/ipc/sync';
import { readCacheCopy } from '../harness/cache-copy';
import { canonical, differences, recordsText, type Copy } from '../harness/copy';
import { startFaultProxy, type FaultProxy } from '../harness/fault-proxy';
import {
  idOf,
  numberOf,
  readServiceCopy,
  serviceReader,
  withoutStatus,
} from '../harness/service-copy';
import { startTestServer, TEST_NOW, type TestServer } from '../harness/server';
import { exportJson, runCli, startCli } from './run-cli';

/*
 * A sync of a data directory against another address (a typo in --service, a venue without
 * network) keeps the copy it holds until that address answers with a resource of its own: then,
 * and only then, the new service's copy replaces it whole. Real services, real SQLite files.
 */

let first: TestServer;
let second: TestServer;
let portal: Server;
let proxy: FaultProxy;
let root: string;
/** A data directory holding the first service's whole copy, cloned for each test. */
let base: string;
let baseState: CacheState;

const noKeychain: Credentials = {
  getKey: () => Promise.resolve(null),
  setKey: () => Promise.resolve(),
  clearKey: () => Promise.resolve(),
};

function listen(server: Server): Promise<string> {
  return new Promise((ready) =>
    server.listen(0, '127.0.0.1', () =>
      ready(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((closed) => server.close(() => closed()));
}

/** An address nothing listens on: a port that was free a moment ago. */
async function closedPort(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await close(server);
  return url;
}

interface Sync {
  code: number;
  summary: Record<string, unknown>;
  lines: string[];
}

async function sync(
  dataDir: string,
  service: string,
  apiKey: string | null,
  {
    scope = 'default',
    signals = new EventEmitter(),
  }: { scope?: SyncScope; signals?: EventEmitter } = {},
): Promise<Sync> {
  const command: SyncCommand = { command: 'sync', service, dataDir, scope, force: false, apiKey };
  let stdout = '';
  const lines: string[] = [];
  const code = await runSync(command, {
    stdout: new Writable({
      write(chunk: Buffer, _encoding, done) {
        stdout += chunk.toString();
        done();
      },
    }),
    report: (line) => lines.push(line),
    signals,
    exitNow: () => {
      throw new Error('no second signal in these tests');
    },
    credentials: noKeychain,
  });
  return { code, summary: JSON.parse(stdout) as Record<string, unknown>, lines };
}

interface CacheState {
  copy: Copy;
  counts: Record<string, number>;
  /** What the copy knows of its service: validators and sync state, for going back to it. */
  bookkeeping: string;
  baseUrl: string | null;
  keptCopyOf: string | null;
}

function stateOf(dataDir: string): CacheState {
  const db = new Database(join(dataDir, 'pitside.db'), { readonly: true });
  try {
    const settings = new SettingsReader(db);
    return {
      copy: readCacheCopy(db),
      counts: cachedCounts(db),
      bookkeeping: canonical([
        db.prepare('SELECT * FROM sync_state ORDER BY resource').all(),
        db.prepare('SELECT * FROM etags ORDER BY url').all(),
      ]),
      baseUrl: settings.baseUrl(),
      keptCopyOf: settings.keptCopyOf(),
    };
  } finally {
    db.close();
  }
}

let clones = 0;

/** A data directory holding what `base` holds, copied by SQLite's own backup. */
async function clone(): Promise<string> {
  clones += 1;
  const dir = join(root, `clone-${clones}`);
  mkdirSync(dir);
  const db = new Database(join(base, 'pitside.db'));
  try {
    await db.backup(join(dir, 'pitside.db'));
  } finally {
    db.close();
  }
  return dir;
}

function expectKept(dataDir: string, newService: string): void {
  const now = stateOf(dataDir);
  expect(differences(now.copy, baseState.copy)).toEqual([]);
  expect(now.counts).toEqual(baseState.counts);
  expect(now.bookkeeping).toBe(baseState.bookkeeping);
  expect(now).toMatchObject({ baseUrl: newService, keptCopyOf: first.url });
}

const keptLine = (service: string) =>
  `the copy of ${first.url} is kept until ${service} answers with its own data`;
const stillKeptLine = (service: string) =>
  `the copy of ${first.url} was kept: nothing came from ${service} to replace it`;

beforeAll(async () => {
  [first, second] = await Promise.all([
    startTestServer({ data: 'demo' }),
    startTestServer({ data: 'demo', seed: 2 }),
  ]);
  // A venue's sign-in page: 200 and HTML to every request.
  portal = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>Venue Wi-Fi</title><form>Accept the terms</form>');
  });
  await listen(portal);
  proxy = await startFaultProxy(second.url);
  root = mkdtempSync(join(tmpdir(), 'pitside-cli-service-change-'));
  base = join(root, 'base');
  const synced = await sync(base, first.url, first.keys.viewer, { scope: 'all' });
  expect(synced.code, synced.lines.join('\n')).toBe(EXIT.ok);
  baseState = stateOf(base);
  for (const kind of ['events', 'teams', 'matches', 'clips'] as const) {
    expect(baseState.counts[kind], kind).toBeGreaterThan(0);
  }
}, 60_000);

afterAll(async () => {
  await Promise.all([close(portal), proxy.close(), first.close(), second.close()]);
  rmSync(root, { recursive: true, force: true });
});

describe('a sync against an address that does not answer with its data', () => {
  const cases: [string, () => Promise<{ service: string; key: string | null; code: string }>][] = [
    ['a closed port', async () => ({ service: await closedPort(), key: 'k', code: 'offline' })],
    [
      'https for http on the same host (TLS fails)',
      () =>
        Promise.resolve({
          service: first.url.replace('http://', 'https://'),
          key: first.keys.viewer,
          code: 'offline',
        }),
    ],
    [
      'a captive portal answering 200 text/html',
      () =>
        Promise.resolve({
          service: `http://127.0.0.1:${(portal.address() as AddressInfo).port}`,
          key: 'k',
          code: 'captive_portal',
        }),
    ],
    [
      'a service that answers 401',
      () => Promise.resolve({ service: second.url, key: 'not-its-key', code: 'unauthorized' }),
    ],
    [
      'a wrong path on a real service (404)',
      () =>
        Promise.resolve({
          service: `${first.url}/pitside`,
          key: first.keys.viewer,
          code: 'not_found',
        }),
    ],
  ];

  it.each(cases)('keeps every record of the copy: %s', async (_label, target) => {
    const { service, key, code } = await target();
    const dir = await clone();
    const run = await sync(dir, service, key);
    expect(run.code, run.lines.join('\n')).toBe(EXIT.syncFailed);
    expect(run.summary).toMatchObject({ outcome: 'failed', problem: { code }, service });
    expect(run.summary.cached).toEqual(baseState.counts);
    expect(run.lines[0]).toBe(keptLine(service));
    expect(run.lines.at(-1)).toBe(stillKeptLine(service));
    expectKept(dir, service);
  });

  it('leaves an export that reads as before', async () => {
    const service = await closedPort();
    const dir = await clone();
    const run = await sync(dir, service, 'k');
    expect(run.code, run.lines.join('\n')).toBe(EXIT.syncFailed);
    for (const resource of ['events', 'matches']) {
      expect(await exportJson(dir, resource, TEST_NOW)).toBe(
        await exportJson(base, resource, TEST_NOW),
      );
    }
  });

  it('leaves a copy whose bundle names the service its records came from', async () => {
    const service = await closedPort();
    const dir = await clone();
    expect((await sync(dir, service, 'k')).code).toBe(EXIT.syncFailed);
    const file = join(root, `kept-${clones}.pitside`);
    const run = await runCli(['bundle', 'export', '--data-dir', dir, '--out', file]);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout)).toMatchObject({ service: first.url });
  });
});

describe('the copy', () => {
  it('is replaced whole by the first service that answers, and nothing of the old one is left', async () => {
    const dir = await clone();
    const failed = await sync(dir, await closedPort(), 'k');
    expect(failed.code).toBe(EXIT.syncFailed);

    const run = await sync(dir, second.url, second.keys.viewer, { scope: 'all' });
    expect(run.code, run.lines.join('\n')).toBe(EXIT.ok);
    // Still the first service's copy as the run starts: the closed port never replaced it.
    expect(run.lines[0]).toBe(keptLine(second.url));
    expect(run.lines.filter((line) => line.includes('was kept'))).toEqual([]);
    const now = stateOf(dir);
    expect(now).toMatchObject({ baseUrl: second.url, keptCopyOf: null });
    const expected = await readServiceCopy(second.url, second.keys.viewer);
    expect(differences(now.copy, expected)).toEqual([]);
    expect(run.summary.cached).toEqual(now.counts);
  }, 30_000);

  it('survives a sync of the new service killed before its first commit, which the next one replaces', async () => {
    const dir = await clone();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = () => {};
    const inside = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    proxy.plan({ fault: { kind: 'hold', arrived: () => arrived(), until: held } });
    try {
      const running = startCli(['sync', '--service', proxy.url, '--data-dir', dir], {
        PITSIDE_API_KEY: second.keys.viewer,
      });
      await inside;
      running.child.kill('SIGKILL');
      const killed = await running.finished;
      expect(killed.stderr).toContain(keptLine(proxy.url));
    } finally {
      release();
      proxy.clear();
    }
    expectKept(dir, proxy.url);

    const run = await sync(dir, proxy.url, second.keys.viewer);
    expect(run.code, run.lines.join('\n')).toBe(EXIT.ok);
    expect(run.lines[0]).toBe(keptLine(proxy.url));
    const now = stateOf(dir);
    expect(now.keptCopyOf).toBeNull();
    const reader = serviceReader(second.url, second.keys.viewer);
    const events = await reader.list('/v1/events');
    expect(now.copy.get('events')).toBe(recordsText(events.map(withoutStatus), idOf));
    expect(now.copy.get('teams')).toBe(recordsText(await reader.list('/v1/teams'), numberOf));
    // Every event part held is one of the new service's events.
    const ids = new Set(events.map(idOf));
    const strays = [...now.copy.keys()].filter(
      (key) => key.startsWith('event:') && !ids.has(key.split(':')[1] ?? ''),
    );
    expect(strays).toEqual([]);
  }, 30_000);

  it('survives a sync of the new service canceled before its first commit', async () => {
    const dir = await clone();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const signals = new EventEmitter();
    // Both lists are asked at once: one signal for the first to arrive.
    const interrupt = () => {
      if (signals.listenerCount('SIGINT') > 0) signals.emit('SIGINT', 'SIGINT');
    };
    let interrupted = false;
    proxy.plan({
      fault: {
        kind: 'hold',
        arrived: () => {
          if (!interrupted) interrupt();
          interrupted = true;
        },
        until: held,
      },
    });
    try {
      const run = await sync(dir, proxy.url, second.keys.viewer, { signals });
      expect(run.code).toBe(exitForSignal('SIGINT'));
      expect(run.summary).toMatchObject({ outcome: 'canceled' });
      expect(run.lines.slice(-2)).toEqual([
        'canceled; what was committed before is kept',
        stillKeptLine(proxy.url),
      ]);
    } finally {
      release();
      proxy.clear();
    }
    expectKept(dir, proxy.url);
  });

  it('is the old service’s again when the sync goes back to it before the new one answered', async () => {
    const dir = await clone();
    const typo = await closedPort();
    expect((await sync(dir, typo, 'k')).code).toBe(EXIT.syncFailed);

    const back = await sync(dir, first.url, first.keys.viewer);
    expect(back.code, back.lines.join('\n')).toBe(EXIT.ok);
    expect(back.lines.filter((line) => line.includes('copy of'))).toEqual([]);
    // Its validators still held: the service answers 304 and nothing is written again.
    expect(back.summary).toMatchObject({ outcome: 'completed', resources: { changed: 0 } });
    const now = stateOf(dir);
    expect(now).toMatchObject({ baseUrl: first.url, keptCopyOf: null });
    expect(differences(now.copy, baseState.copy)).toEqual([]);
  });
});
