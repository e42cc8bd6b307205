import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../src/main/api/request';
import { DEFAULT_RATE_LIMIT } from '../../../src/server/config';
import { envCount } from '../../harness/env-count';
import { completeResources } from '../../harness/cache-copy';
import { differences, type Copy } from '../../harness/copy';
import { readServiceCopy } from '../../harness/service-copy';
import { startTestServer, type TestServer } from '../../harness/server';
import {
  BAD_WIFI,
  GOOD_WIFI,
  startShapingProxy,
  type NetworkProfile,
  type ShapingProxy,
} from '../../harness/shaping-proxy';
import { openRig, removeTempDirs, tempDir, type SyncRig } from './sync-rig';

/*
 * Syncs of the demo data through a venue's wifi (latency, jitter, one bandwidth cap per direction)
 * from the reference service held to a rate limit, with real waits: the engine has to find the
 * limit's pace on its own and still finish. The limit is per key, so concurrent runs each get a
 * viewer key, and with it a bucket, of their own, and each its own wifi: ten venues' first syncs
 * at once, where one after another would take ten times as long.
 * Two venues by default, so that a suite run stays short; PITSIDE_VENUE_SYNCS=10 runs ten.
 */

const CONCURRENT_SYNCS = envCount('PITSIDE_VENUE_SYNCS', 2);
console.log(`venue network: ${CONCURRENT_SYNCS} concurrent scope-all syncs (PITSIDE_VENUE_SYNCS)`);
/**
 * The limit per key: the default's shape (a burst of five seconds' worth) at a rate every venue's
 * sync is held by. This one process plays the venues, their wifi and the service, and managed
 * about 130 requests/s in all on a loaded two-core machine (at 100/s a key, no request met the
 * limit), so the venues are given 80/s between them: twice the default each for the suite's two
 * (a scope-all sync of the demo takes about 35 s rather than 70), the default itself for ten.
 * `npm run bench -- venue` measures one venue at the default.
 */
const RATE_LIMIT = {
  perSecond: Math.max(DEFAULT_RATE_LIMIT.perSecond, 80 / CONCURRENT_SYNCS),
  burst: Math.max(DEFAULT_RATE_LIMIT.burst, 400 / CONCURRENT_SYNCS),
};
console.log(
  `venue network: ${RATE_LIMIT.perSecond} requests/s a key, bursts of ${RATE_LIMIT.burst}`,
);
/** A scope-all sync of the demo at the default limit takes about 70 s; ten at once not much more. */
const ALL_SYNCS_TIMEOUT_MS = 180_000;
const BAD_WIFI_TIMEOUT_MS = 60_000;

/** The service as a venue finds it, and the same store read without a limit, for the reference. */
let limited: TestServer;
let unlimited: TestServer;
/**
 * The whole service as a viewer sees it, every team's statistics included: read while the venues
 * sync, which leaves this process idle between the limit's tokens.
 */
let reference: Promise<Copy>;
const proxies: ShapingProxy[] = [];
const rigs: SyncRig[] = [];

function viewerKey(label: string): string {
  return `viewer-${label}-${randomBytes(12).toString('hex')}`;
}

const runKeys = Array.from({ length: CONCURRENT_SYNCS }, (_, index) => viewerKey(`run-${index}`));
const badWifiKey = viewerKey('bad-wifi');

beforeAll(async () => {
  const store = join(tempDir('venue-service'), 'service.db');
  limited = await startTestServer({
    data: 'demo',
    db: store,
    rateLimit: RATE_LIMIT,
    extraKeys: [...runKeys, badWifiKey].map((key) => ({ key, role: 'viewer' as const })),
  });
  // The second service opens the store the first one filled and leaves it as it is.
  unlimited = await startTestServer({ data: 'demo', db: store, keys: limited.keys });
  reference = readServiceCopy(unlimited.url, unlimited.keys.viewer);
  // Awaited by the tests, and failing them; not an unhandled rejection before.
  reference.catch(() => undefined);
});

afterAll(async () => {
  for (const rig of rigs) await rig.close();
  for (const proxy of proxies) await proxy.close();
  await unlimited.close();
  await limited.close();
  removeTempDirs();
});

/** The fetch under one run's API client, counting what went out and the limit's refusals. */
interface CountedFetch {
  fetch: FetchLike;
  requests: number;
  rateLimited: number;
}

function countedFetch(): CountedFetch {
  const counted: CountedFetch = {
    requests: 0,
    rateLimited: 0,
    fetch: async (url, init) => {
      counted.requests += 1;
      const response = await fetch(url, init);
      if (response.status === 429) counted.rateLimited += 1;
      return response;
    },
  };
  return counted;
}

/** A rig on a fresh cache behind its own wifi, sleeping for real (the rig's default skips waits). */
async function rigThroughWifi(
  network: NetworkProfile,
  key: string,
  seed: number,
): Promise<{ sync: SyncRig; counted: CountedFetch }> {
  const proxy = await startShapingProxy({ target: limited.url, ...network, seed });
  proxies.push(proxy);
  const counted = countedFetch();
  const sync = openRig({
    baseUrl: proxy.url,
    key,
    fetch: counted.fetch,
    transport: { sleep: undefined },
  });
  rigs.push(sync);
  return { sync, counted };
}

// The two tests use keys, buckets and wifi of their own: they run side by side.
describe.concurrent('through venue wifi held by a rate limit', () => {
  it(
    `${CONCURRENT_SYNCS} of ${CONCURRENT_SYNCS} scope-all syncs of the demo complete`,
    async () => {
      const started = performance.now();
      const runs = await Promise.all(
        runKeys.map(async (key, index) => {
          const { sync, counted } = await rigThroughWifi(GOOD_WIFI, key, index + 1);
          const runStarted = performance.now();
          const summary = await sync.run({ scope: 'all' });
          const seconds = (performance.now() - runStarted) / 1000;
          console.log(
            `venue run ${index}: ${summary.outcome} in ${seconds.toFixed(1)} s, ` +
              `${counted.requests} requests, ${counted.rateLimited} answered 429`,
          );
          return { sync, summary, counted };
        }),
      );
      console.log(
        `${CONCURRENT_SYNCS} concurrent scope-all syncs: ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s`,
      );

      for (const { sync, summary } of runs) {
        expect(summary).toMatchObject({ outcome: 'completed', problem: null });
        expect(sync.problems()).toEqual([]);
        expect(differences(sync.copy(), await reference)).toEqual([]);
      }
      // Without refusals the runs would say nothing about finding the limit's pace.
      for (const { counted } of runs) expect(counted.rateLimited).toBeGreaterThan(0);
    },
    ALL_SYNCS_TIMEOUT_MS,
  );

  it(
    'a default-scope sync through bad wifi commits the whole event and team lists',
    async () => {
      const { sync, counted } = await rigThroughWifi(BAD_WIFI, badWifiKey, CONCURRENT_SYNCS + 1);
      const started = performance.now();
      const summary = await sync.run({ scope: 'default' });
      console.log(
        `bad wifi, scope default: ${summary.outcome} in ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s, ` +
          `${counted.requests} requests, ${counted.rateLimited} answered 429`,
      );

      expect(summary).toMatchObject({ outcome: 'completed', problem: null });
      expect(sync.problems()).toEqual([]);
      const complete = completeResources(sync.cache.reader);
      expect([complete.has('events'), complete.has('teams')]).toEqual([true, true]);
      const lists = (key: string) => key === 'events' || key === 'teams';
      expect(differences(sync.copy(), await reference, { only: lists })).toEqual([]);
    },
    BAD_WIFI_TIMEOUT_MS,
  );
});
