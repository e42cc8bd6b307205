import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SyncProblem, SyncStatus, SyncSummary } from '../../../src/shared/ipc/sync';
import { differences, mixedResources, type Copy } from '../../harness/copy';
import {
  startFaultProxy,
  type Fault,
  type FaultProxy,
  type RecordedRequest,
} from '../../harness/fault-proxy';
import { readServiceCopy } from '../../harness/service-copy';
import { startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import {
  CACHE_FILE,
  openRig,
  removeTempDirs,
  tempDir,
  type SyncRig,
  type TransportTweaks,
} from './sync-rig';
import { makeStale, pickStaleEvents, staleTeam } from './stale-copy';

/*
 * Syncs through a proxy that misbehaves the way venue networks do. Each test starts from a copy of
 * one good full sync, made stale on purpose (names, counts and statistics changed in the file, the
 * validators of those resources dropped), so that the sync under test has real replacing to do:
 * the cache it leaves must hold, resource by resource, exactly the stale copy or exactly the
 * service's, never a mix, and SQLite's own checks must pass.
 */

let service: TestServer;
let proxy: FaultProxy;
let baseline: string;
/** The events whose parts are made stale; none is live, so only staleness makes them due. */
let staleEvents: string[];
/** The service as the viewer sees it, statistics of the teams whose statistics are made stale. */
let current: Copy;
const rigs: SyncRig[] = [];

const isStats = (key: string) => key.includes(':stats:');
const comparable = (key: string) => !isStats(key) || staleTeam(Number(key.split(':')[1]));

beforeAll(async () => {
  service = await startTestServer({ data: 'demo' });
  proxy = await startFaultProxy(service.url);
  const first = openRig({ baseUrl: proxy.url, key: service.keys.viewer });
  expect((await first.run({ scope: 'all' })).outcome).toBe('completed');
  staleEvents = pickStaleEvents(first.cache.reader, TEST_NOW);
  first.cache.writer.pragma('wal_checkpoint(TRUNCATE)');
  await first.close();
  baseline = join(first.dir, CACHE_FILE);
  current = await readServiceCopy(service.url, service.keys.viewer, { statsOf: staleTeam });
});

afterEach(async () => {
  proxy.clear();
  for (const rig of rigs.splice(0)) await rig.close();
});

afterAll(async () => {
  await proxy.close();
  await service.close();
  removeTempDirs();
});

interface Scenario {
  sync: SyncRig;
  before: Copy;
}

function staleCopy(transport: TransportTweaks = {}): Scenario {
  const dir = tempDir('faults');
  copyFileSync(baseline, join(dir, CACHE_FILE));
  const sync = openRig({ baseUrl: proxy.url, key: service.keys.viewer, dir, transport });
  rigs.push(sync);
  makeStale(sync.cache.writer, staleEvents);
  const before = sync.copy();
  // The staleness reaches every kind of resource, or "old or new" would prove nothing.
  const stale = differences(before, current, { only: comparable, limit: 1_000 });
  for (const key of ['events', 'teams', `event:${staleEvents[0]}:matches`]) {
    expect(stale.some((line) => line.startsWith(`${key}:`))).toBe(true);
  }
  expect(stale.some((line) => isStats(line.split(' ')[0] ?? ''))).toBe(true);
  return { sync, before };
}

function pageOf(request: RecordedRequest): number {
  return Number(new URL(request.path, 'http://proxy').searchParams.get('page') ?? '1');
}

const teamsPage = (page: number) => (request: RecordedRequest) =>
  request.path.startsWith('/v1/teams?') && pageOf(request) === page;
const eventsList = (request: RecordedRequest) => request.path.startsWith('/v1/events?');
const staleEventPart = (part: string) => (request: RecordedRequest) =>
  request.path.startsWith(`/v1/events/${staleEvents[0]}/${part}?`);

function expectEqualsService(sync: SyncRig) {
  expect(sync.problems()).toEqual([]);
  expect(differences(sync.copy(), current, { only: comparable })).toEqual([]);
}

function expectOldOrNew(sync: SyncRig, before: Copy) {
  expect(sync.problems()).toEqual([]);
  expect(mixedResources(sync.copy(), before, current)).toEqual([]);
}

function lastStatus(sync: SyncRig): SyncStatus | undefined {
  return sync.statuses.at(-1);
}

/** After a failed run, the next one on a healthy network completes and catches up whole. */
async function expectRecovery(sync: SyncRig) {
  proxy.clear();
  const next = await sync.run({ scope: 'all' });
  expect(next).toMatchObject({ outcome: 'completed', problem: null });
  expectEqualsService(sync);
}

describe('transient faults, then success', () => {
  it('a run through every kind of them completes, and the cache equals the service', async () => {
    const { sync } = staleCopy({ timeoutMs: 500 });
    const planned = [
      { fault: { kind: 'drop' }, match: teamsPage(3), times: 2 },
      { fault: { kind: 'reset-mid-body' }, match: teamsPage(5), times: 1 },
      { fault: { kind: 'delay', ms: 1_500 }, match: teamsPage(2), times: 1 },
      { fault: { kind: 'status', status: 503 }, match: eventsList, times: 1 },
      { fault: { kind: 'status', status: 500 }, match: staleEventPart('matches'), times: 2 },
      { fault: { kind: 'rate-limit', retryAfter: '7' }, match: staleEventPart('clips'), times: 1 },
    ] satisfies { fault: Fault; match: (request: RecordedRequest) => boolean; times: number }[];
    proxy.plan(...planned);
    const summary = await sync.run({ scope: 'all' });
    expect(summary).toMatchObject({ outcome: 'completed', problem: null });
    for (const { fault, match, times } of planned) {
      const hit = proxy.requests.filter((request) => match(request) && request.fault !== null);
      expect(hit.map((request) => request.fault)).toEqual(Array<string>(times).fill(fault.kind));
    }
    // No backoff of its own is that long: only the 429's Retry-After can have asked for it.
    expect(sync.waits.filter((ms) => ms >= 7_000)).toEqual([7_000]);
    expectEqualsService(sync);
  });

  it('a 429 is retried no sooner than its Retry-After says', async () => {
    // The real sleep this time, on an unchanged copy: the wait is measured between the two
    // requests the proxy saw.
    const dir = tempDir('faults');
    copyFileSync(baseline, join(dir, CACHE_FILE));
    const sync = openRig({
      baseUrl: proxy.url,
      key: service.keys.viewer,
      dir,
      transport: { sleep: undefined },
    });
    rigs.push(sync);
    proxy.plan({ fault: { kind: 'rate-limit', retryAfter: '1' }, match: teamsPage(3), times: 1 });
    const summary = await sync.run({ scope: 'all' });
    expect(summary).toMatchObject({ outcome: 'completed', problem: null });
    const [limited, retry] = proxy.requests.filter(teamsPage(3));
    expect(limited?.fault).toBe('rate-limit');
    expect(retry?.fault).toBeNull();
    expect((retry?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
    expect(sync.problems()).toEqual([]);
  });
});

interface FailureCase {
  name: string;
  fault: Fault;
  match: (request: RecordedRequest) => boolean;
  transport?: TransportTweaks;
  outcome: SyncSummary['outcome'];
  problem: SyncProblem['code'];
  state: SyncStatus['state'];
  /** The resource the fault hit: it must be exactly the stale copy afterwards. */
  untouched: () => string;
  /** Whether a healthy run afterwards is tried too (for one case of each kind, to stay quick). */
  recover?: boolean;
}

const teamsUntouched = () => 'teams';
const failures: FailureCase[] = [
  {
    name: 'connections dropped every time',
    fault: { kind: 'drop' },
    match: teamsPage(3),
    outcome: 'failed',
    problem: 'offline',
    state: 'offline',
    untouched: teamsUntouched,
    recover: true,
  },
  {
    name: 'every answer reset mid-body',
    fault: { kind: 'reset-mid-body' },
    match: teamsPage(3),
    outcome: 'failed',
    problem: 'offline',
    state: 'offline',
    untouched: teamsUntouched,
  },
  {
    name: 'answers slower than the timeout',
    fault: { kind: 'delay', ms: 1_500 },
    match: teamsPage(3),
    transport: { timeoutMs: 500 },
    outcome: 'failed',
    problem: 'timeout',
    state: 'offline',
    untouched: teamsUntouched,
  },
  {
    name: 'a Retry-After longer than the client waits',
    fault: { kind: 'rate-limit', retryAfter: '120' },
    match: teamsPage(3),
    outcome: 'failed',
    problem: 'rate_limited',
    state: 'error',
    untouched: teamsUntouched,
  },
  {
    name: '500 on every attempt',
    fault: { kind: 'status', status: 500 },
    match: teamsPage(3),
    outcome: 'partial',
    problem: 'server_error',
    state: 'idle',
    untouched: teamsUntouched,
  },
  {
    // A portal that outlasts every retry stops the run: nothing would get through it.
    name: 'a captive portal page with status 200',
    fault: { kind: 'captive-portal' },
    match: teamsPage(3),
    outcome: 'failed',
    problem: 'captive_portal',
    state: 'offline',
    untouched: teamsUntouched,
    recover: true,
  },
  {
    name: 'JSON cut off half-way',
    fault: { kind: 'truncate' },
    match: staleEventPart('clips'),
    outcome: 'partial',
    problem: 'invalid_response',
    state: 'idle',
    untouched: () => `event:${staleEvents[0]}:clips`,
    recover: true,
  },
  {
    name: 'records of the wrong shape',
    fault: {
      kind: 'rewrite',
      transform: (json) => {
        const body = json as { data: Record<string, unknown>[] };
        return { ...body, data: body.data.map((team) => ({ ...team, number: 'two-five-four' })) };
      },
    },
    match: teamsPage(3),
    outcome: 'partial',
    problem: 'invalid_response',
    state: 'idle',
    untouched: teamsUntouched,
  },
  {
    name: 'a match of another event in an event’s list',
    fault: {
      kind: 'rewrite',
      transform: (json) => {
        const body = json as { data: Record<string, unknown>[] };
        const [first, ...rest] = body.data;
        return { ...body, data: [{ ...first, eventId: staleEvents[1] }, ...rest] };
      },
    },
    match: staleEventPart('matches'),
    outcome: 'partial',
    problem: 'invalid_response',
    state: 'idle',
    untouched: () => `event:${staleEvents[0]}:matches`,
  },
];

describe('a fault that does not go away', () => {
  it.each(failures.map((failure) => [failure.name, failure] as const))(
    '%s: the sync stops cleanly and every resource is the old copy or the new one',
    async (_name, failure) => {
      const { sync, before } = staleCopy(failure.transport);
      proxy.plan({ fault: failure.fault, match: failure.match });
      const summary = await sync.run({ scope: 'all' });
      expect(summary.outcome).toBe(failure.outcome);
      expect(summary.problem?.code).toBe(failure.problem);
      expect(summary.resources.failed).toBeGreaterThan(0);
      expect(lastStatus(sync)).toMatchObject({
        state: failure.state,
        problem: { code: failure.problem },
        progress: null,
      });
      if (failure.outcome === 'partial') {
        expect(summary.problem?.message).toMatch(/resources could not be synced/);
      }
      expectOldOrNew(sync, before);
      const hit = failure.untouched();
      expect(sync.copy().get(hit), `${hit} keeps its old copy`).toBe(before.get(hit));
      expect(before.get(hit)).not.toBe(current.get(hit));
      if (failure.recover === true) await expectRecovery(sync);
    },
  );
});

describe('a sync canceled in the middle', () => {
  it('stops as canceled, leaves the cache whole, and the next sync completes', async () => {
    const { sync, before } = staleCopy();
    proxy.plan({
      fault: { kind: 'hook', action: () => void sync.engine.cancel() },
      match: teamsPage(3),
      times: 1,
    });
    const summary = await sync.run({ scope: 'all' });
    expect(summary).toMatchObject({ outcome: 'canceled', problem: null });
    expect(lastStatus(sync)).toMatchObject({ state: 'idle', problem: null, progress: null });
    expectOldOrNew(sync, before);
    expect(sync.copy().get('teams')).toBe(before.get('teams'));
    await expectRecovery(sync);
  });
});
