import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAnalysis } from '../../../src/shared/ipc/analysis';
import type { PushName } from '../../../src/shared/ipc/pushes';
import {
  AnalysisClient,
  AnalysisUnavailableError,
} from '../../../src/main/analysis/analysis-client';
import { analysisWorkerScript, BUILT_WORKER } from '../../../src/main/analysis/worker-script';
import { openWorkerConnection } from '../../../src/main/storage/worker-connection';
import { createCredentials } from '../../../src/main/credentials/credentials';
import { CACHE_FILE, openDataLayer, type DataLayer } from '../../../src/main/data-layer';
import type { Dispatch } from '../../../src/main/ipc/dispatcher';
import { dispatcherOf, valueOf } from '../../harness/layer-dispatch';
import { startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import { postScore, withServiceStore } from '../digest/service-changes';

/*
 * The analysis as the app runs it: the data layer's worker (the real model, on its own read-only
 * connection to a real cache file) fed by the sync's change notices from the real reference
 * service over loopback. A score is posted in the service's own store (it has no route for
 * scores), synced, and the analysis' answer follows, with a push that says so.
 */

const dir = mkdtempSync(join(tmpdir(), 'pitside-analysis-'));
const serviceFile = join(dir, 'service.db');
let server: TestServer;
let layer: DataLayer;
let dispatch: Dispatch;
const pushes: { name: PushName; payload: unknown }[] = [];
const reported: string[] = [];
let eventId: string;
/** A qualification match of `eventId` still to play. */
let next: string;

async function restartService(change: Parameters<typeof withServiceStore>[1]): Promise<void> {
  const port = Number(new URL(server.url).port);
  const keys = server.keys;
  await server.close();
  withServiceStore(serviceFile, change);
  server = await startTestServer({ db: serviceFile, port, keys });
}

const analysisPushes = () =>
  pushes.filter(
    (push) =>
      push.name === 'cache:changed' &&
      (push.payload as { resources: string[] }).resources.includes('analysis'),
  ).length;

/** Resolves at the next `cache:changed` naming `resource`, as the push goes out. */
function nextNotice(resource: string): Promise<void> {
  return new Promise((resolve) => {
    const detach = layer.pushes.attach((name, payload) => {
      if (name !== 'cache:changed') return;
      if (!(payload as { resources: string[] }).resources.includes(resource)) return;
      detach();
      resolve();
    });
  });
}

/** A task's niceness, from its stat line (the 19th field; the name before it may hold spaces). */
function niceOf(statFile: string): number {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[16]);
}

const eventAnswer = () =>
  valueOf<{ data: EventAnalysis | null; builtFrom: string[] }>(
    dispatch('analysis:event', { eventId }),
  );

beforeAll(async () => {
  server = await startTestServer({ db: serviceFile });
  [eventId, next] = withServiceStore(serviceFile, (db) => {
    // A public event under way: played qualification matches, and one still to play.
    const row = db
      .prepare<[], { event: string; match: string }>(
        `SELECT m.event_id AS event, m.id AS match FROM matches m JOIN events e ON e.id = m.event_id
         WHERE e.visibility = 'public' AND m.type = 'qualification' AND m.status = 'scheduled'
           AND EXISTS (SELECT 1 FROM matches p WHERE p.event_id = m.event_id
             AND p.type = 'qualification' AND p.status = 'played')
         ORDER BY m.event_id, m.number LIMIT 1`,
      )
      .get();
    if (row === undefined) throw new Error('the demo data has no event under way');
    return [row.event, row.match];
  });
  layer = openDataLayer({
    dataDirectory: dir,
    fetch,
    credentials: createCredentials(),
    defaultBaseUrl: server.url,
    now: () => new Date(TEST_NOW),
    keyOverride: { baseUrl: server.url, key: server.keys.viewer, from: 'environment' },
    reportError: (where, error) => reported.push(`${where}: ${String(error)}`),
  });
  layer.pushes.attach((name, payload) => pushes.push({ name, payload }));
  dispatch = dispatcherOf(layer);
  await valueOf(dispatch('pins:set', { eventId, pinned: true }));
  await layer.engine.idle();
  expect((await layer.engine.run()).outcome).toBe('completed');
});

afterAll(async () => {
  await layer.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the analysis worker', () => {
  it('answers null until its first computation, then follows a new score', async () => {
    const first = await eventAnswer();
    expect(first).toEqual({ data: null, builtFrom: ['analysis'] });
    await layer.analysis.settled();
    expect(analysisPushes()).toBe(1);
    const before = await eventAnswer();
    expect(before.data?.eventId).toBe(eventId);
    const played = before.data?.basis.played ?? -1;

    await restartService((db) => postScore(db, next, 120, 80));
    const noticed = nextNotice(`event:${eventId}:matches`);
    expect((await layer.engine.run()).outcome).toBe('completed');
    // The sync's change notice starts the refresh: from then on, `settled` waits for it.
    await noticed;
    await layer.analysis.settled();

    const after = await eventAnswer();
    expect(after.data?.basis.played).toBe(played + 1);
    expect(analysisPushes()).toBe(2);
  });

  it.skipIf(process.platform !== 'linux' || niceOf('/proc/self/stat') >= 19)(
    'runs ten steps below main, so that main keeps its turn on a busy machine (Linux, where one thread can be lowered, unless the tests already run at the lowest priority)',
    async () => {
      await layer.analysis.settled();
      const below = Math.min(niceOf('/proc/self/stat') + 10, 19);
      const threads = readdirSync('/proc/self/task').map((id) =>
        niceOf(`/proc/self/task/${id}/stat`),
      );
      expect(threads).toContain(below);
    },
  );

  it('restarts a worker killed mid-way, and answers again', async () => {
    layer.analysis.changed(['all']);
    const asked = dispatch('analysis:event', { eventId });
    await layer.analysis.kill();
    // The question under way gets an answer, not a hang: nothing to answer from, for now.
    expect(await asked).toMatchObject({ ok: true });
    expect(reported.some((line) => /analysis worker.*restarting/.test(line))).toBe(true);
    await eventAnswer();
    await layer.analysis.settled();
    expect((await eventAnswer()).data?.eventId).toBe(eventId);
  });

  it('starts again after crashes in a row with growing waits, failing questions, never hanging', async () => {
    const waits: number[] = [];
    let third: () => void = () => undefined;
    const crashedThrice = new Promise<void>((resolve) => (third = resolve));
    const client = new AnalysisClient({
      // No cache there: each worker fails to open it and ends.
      file: join(dir, 'missing', CACHE_FILE),
      now: () => new Date(TEST_NOW),
      reportError: (_where, error) => {
        const wait = /restarting in (\d+) ms/.exec(String(error))?.[1];
        if (wait === undefined) return;
        waits.push(Number(wait));
        if (waits.length === 3) third();
      },
      onStart: () => undefined,
      restartDelayMs: { first: 5, max: 10 },
    });
    try {
      client.start();
      await expect(client.ask('event', { eventId })).rejects.toThrow(AnalysisUnavailableError);
      await crashedThrice;
      expect(waits).toEqual([5, 10, 10]);
    } finally {
      await client.close();
    }
  });

  it('without its worker file, costs the analysis alone: questions refused, one line in the log', async () => {
    const logged: string[] = [];
    // A build that lost its worker (a bundle made without it): the app still starts.
    const built = pathToFileURL(join(dir, 'bundle', 'index.js')).href;
    const client = new AnalysisClient({
      file: join(dir, CACHE_FILE),
      now: () => new Date(TEST_NOW),
      reportError: (_where, error) => logged.push(String(error)),
      onStart: () => undefined,
      locate: () => analysisWorkerScript(built),
    });
    try {
      client.start();
      client.start();
      await expect(client.ask('event', { eventId })).rejects.toThrow(
        'The analysis is not running.',
      );
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/the analysis worker is missing/);
    } finally {
      await client.close();
    }
  });

  it('refuses what is not a question, and says what the cache does not hold', async () => {
    const refused = await dispatch('analysis:event', { eventId: 'NOT AN ID' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const badRuns = await dispatch('analysis:whatIf', { eventId, fixed: [], runs: 5 });
    expect(badRuns).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const extra = await dispatch('analysis:season', { season: '2025-2026', extra: 1 });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await layer.analysis.settled();
    const missing = await dispatch('analysis:event', { eventId: 'zzzzzunknown' });
    expect(missing).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'There is no event zzzzzunknown in the cache.' },
    });
  });

  // The app starts the built worker; the build must exist, as for the packaging tests.
  const built = join(process.cwd(), 'out', 'main', BUILT_WORKER);
  it.skipIf(!existsSync(built))('starts from the build too (out/main, needs a build)', async () => {
    const script = analysisWorkerScript(
      pathToFileURL(join(process.cwd(), 'out/main/index.js')).href,
    );
    expect(script).toEqual({ script: built, eval: false });
    const client = new AnalysisClient({
      file: join(dir, CACHE_FILE),
      script,
      now: () => new Date(TEST_NOW),
      reportError: (where, error) => reported.push(`${where}: ${String(error)}`),
      onStart: () => undefined,
    });
    try {
      client.start();
      await client.ask('refresh', { changed: ['all'] });
      expect((await client.ask('event', { eventId }))?.eventId).toBe(eventId);
    } finally {
      await client.close();
    }
  });

  it('reads the cache through a connection that cannot write', () => {
    const db = openWorkerConnection({
      file: join(dir, CACHE_FILE),
      modulePath: createRequire(import.meta.url).resolve('better-sqlite3'),
    });
    try {
      const count = () => db.prepare('SELECT count(*) FROM events').pluck().get();
      const events = count();
      expect(events).toBeGreaterThan(0);
      expect(() => db.exec('DELETE FROM events')).toThrow(/readonly/i);
      expect(count()).toBe(events);
    } finally {
      db.close();
    }
  });
});
