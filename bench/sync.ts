import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApiClient } from '../src/main/api/client';
import { openCache, type CacheFiles } from '../src/main/cache/open';
import { WriteQueue } from '../src/main/cache/write-queue';
import { SyncEngine } from '../src/main/sync/engine';
import type { RunOptions } from '../src/main/sync/sync-run';
import type { SyncSummary } from '../src/shared/ipc/sync';
import { formatTimestamp } from '../src/shared/wire/formats';
import { benchRoot } from './bench-root';
import { measureCacheQueries, type CacheQueryFigures } from './cache-queries';
import { engineClock, PINNED_NOW, startLargeService } from './service-child';
import { replay, RequestLog, type ReplayFigures } from './request-log';

/*
 * The sync engine against the reference service on the `large` data set, over loopback, next to
 * the floor under it: the same requests at the same concurrency, only downloaded and parsed. The
 * ratio says what validation, the cache writes and the engine's own bookkeeping add to the network.
 * Then what a second run costs when nothing changed, and how fast views read what was synced.
 */

const TARGETS = {
  fullSyncRatio: 1.25,
  unchangedSyncRatio: 0.1,
  listQueryP95Ms: 2,
  searchQueryP95Ms: 2,
  /** The budget of one synchronous database block that `ROWS_PER_STEP` in pulls.ts is sized for. */
  maxBlockMs: 50,
};

/**
 * Requests in flight for the engine and its replay alike. Fixed at 6, below the engine's default of
 * 24 (its pace starts at 6 and grows with answers), so that the figures stay comparable with the
 * earlier runs in the README and the replay keeps to exactly what the engine did.
 */
const CONCURRENCY = 6;

/** Full syncs and baselines alternate this many times; the best of each counts. */
const ROUNDS = 2;

/**
 * The service's clock, pinned so that which events are live (and so what the engine pulls first)
 * is the same in every run. The engine's clock starts there too and moves on in real time.
 */

const CACHE_TABLES = [
  'events',
  'teams',
  'registrations',
  'matches',
  'match_teams',
  'clips',
  'clip_teams',
  'team_stats',
  'sync_state',
  'etags',
] as const;

interface RunFigures {
  seconds: number;
  requests: number;
  records: number;
  resources: SyncSummary['resources'];
  /** The longest synchronous database block, as the write queue measured it. */
  maxBlockMs: number;
  blocksOver50Ms: number;
  /** All database blocks together: the part of the wall time main spent inside SQLite writes. */
  databaseSeconds: number;
  /** CPU this process used (user + system), against the wall time above. */
  cpuSeconds: number;
  /** The longest the event loop was late: database blocks plus parsing and validation. */
  eventLoopMaxMs: number;
}

export interface SyncBenchmarkFigures {
  benchmark: 'sync';
  dataSet: 'large';
  pinnedNow: string;
  concurrency: number;
  /** How the rounds are combined into the headline figures. */
  combined: string;
  serviceStartSeconds: number;
  /** The machine's 1-minute load average around the run: other work skews every figure. */
  loadAverage: { before: number; after: number };
  fullSyncSeconds: number;
  baselineSeconds: number;
  fullSyncRatio: number;
  fullSyncRequests: number;
  fullSyncRecords: number;
  rowsPerSecond: number;
  maxBlockMs: number;
  blocksOver50Ms: number;
  eventLoopMaxMs: number;
  peakRequestsInFlight: number;
  baselineMismatches: number;
  unchangedSyncSeconds: number;
  unchangedSyncRequests: number;
  unchangedSyncRatio: number;
  revalidateAllSeconds: number;
  revalidateAllRequests: number;
  revalidateAllRatio: number;
  listQueryP95Ms: number;
  searchQueryP95Ms: number;
  rounds: { fullSync: RunFigures; baseline: ReplayFigures }[];
  unchangedSync: RunFigures;
  revalidateAll: RunFigures;
  queries: CacheQueryFigures['queries'];
  teamMatchesFetchRequests: number;
  cacheRows: Record<string, number>;
  targets: typeof TARGETS;
}

/** A cache in its own directory with an engine over it, as the app's main process sets them up. */
class SyncSubject {
  readonly log = new RequestLog();
  readonly cache: CacheFiles;
  private readonly engine: SyncEngine;
  private blocks = { max: 0, over50: 0, totalMs: 0 };

  constructor(directory: string, serviceUrl: string, viewerKey: string) {
    mkdirSync(directory);
    this.cache = openCache(join(directory, 'cache.db'));
    const queue = new WriteQueue(this.cache.writer, {
      // As the app's data layer writes: waiting for a checkpoint once the WAL passes its limit.
      beforeWrite: this.cache.walBacklog,
      onBlock: (ms) => {
        this.blocks.max = Math.max(this.blocks.max, ms);
        this.blocks.totalMs += ms;
        if (ms > 50) this.blocks.over50 += 1;
      },
    });
    const client = createApiClient({
      baseUrl: serviceUrl,
      fetch: this.log.fetch,
      apiKey: () => Promise.resolve(viewerKey),
    });
    this.engine = new SyncEngine({
      reader: this.cache.reader,
      writer: this.cache.writer,
      queue,
      connect: () => Promise.resolve(client),
      now: engineClock(),
      concurrency: CONCURRENCY,
    });
  }

  async run(options: RunOptions): Promise<RunFigures> {
    this.blocks = { max: 0, over50: 0, totalMs: 0 };
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const summary = await this.engine.run(options);
    await this.engine.idle();
    const seconds = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    loop.disable();
    if (summary.outcome !== 'completed') {
      throw new Error(
        `the sync ended ${summary.outcome}: ${summary.problem?.message ?? 'no reason given'}`,
      );
    }
    return {
      seconds: round(seconds, 3),
      requests: summary.requests,
      records: summary.records,
      resources: summary.resources,
      maxBlockMs: round(this.blocks.max, 1),
      blocksOver50Ms: this.blocks.over50,
      databaseSeconds: round(this.blocks.totalMs / 1000, 2),
      cpuSeconds: round((user + system) / 1e6, 2),
      eventLoopMaxMs: round(loop.max / 1e6, 1),
    };
  }

  rows(): Record<string, number> {
    return Object.fromEntries(
      CACHE_TABLES.map((table) => [
        table,
        Number(this.cache.reader.prepare(`SELECT count(*) FROM ${table}`).pluck().get()),
      ]),
    );
  }
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function best<Item>(items: readonly Item[], seconds: (item: Item) => number): Item {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error('no rounds were run');
  return rest.reduce((kept, item) => (seconds(item) < seconds(kept) ? item : kept), first);
}

/** One line of columns: the first left-aligned, the rest right-aligned to `widths`. */
function columns(cells: readonly (string | number)[], widths: readonly number[]): string {
  return cells
    .map((cell, index) =>
      index === 0 ? String(cell).padEnd(widths[0] ?? 0) : String(cell).padStart(widths[index] ?? 0),
    )
    .join('');
}

function printTable(figures: SyncBenchmarkFigures): void {
  const target = (value: number, limit: number, unit = ''): string =>
    `target ≤ ${limit}${unit}${value <= limit ? '' : ', MISSED'}`;
  console.log(
    `service on large started in ${figures.serviceStartSeconds} s, clock pinned at ${figures.pinnedNow}; ` +
      `${figures.concurrency} requests in flight (peak seen ${figures.peakRequestsInFlight}); ` +
      `load average ${figures.loadAverage.before} before, ${figures.loadAverage.after} after`,
  );
  const roundWidths = [8, 12, 12, 10, 10, 10, 10, 11, 7, 10];
  console.log(
    columns(
      [
        'round',
        'full sync s',
        'baseline s',
        'requests',
        'records',
        'sqlite s',
        'cpu s',
        'max block',
        '>50ms',
        'loop max',
      ],
      roundWidths,
    ),
  );
  figures.rounds.forEach(({ fullSync, baseline }, index) => {
    console.log(
      columns(
        [
          index + 1,
          fullSync.seconds.toFixed(2),
          baseline.seconds.toFixed(2),
          fullSync.requests,
          fullSync.records,
          fullSync.databaseSeconds.toFixed(2),
          fullSync.cpuSeconds.toFixed(2),
          `${fullSync.maxBlockMs}ms`,
          fullSync.blocksOver50Ms,
          `${fullSync.eventLoopMaxMs}ms`,
        ],
        roundWidths,
      ),
    );
  });
  console.log(`headline: ${figures.combined}`);
  const headline: [string, string, string][] = [
    [
      'full sync / baseline',
      `${figures.fullSyncSeconds} s / ${figures.baselineSeconds} s = ${figures.fullSyncRatio}`,
      target(figures.fullSyncRatio, TARGETS.fullSyncRatio),
    ],
    ['records written per second', String(figures.rowsPerSecond), ''],
    [
      'longest database block',
      `${figures.maxBlockMs} ms (${figures.blocksOver50Ms} over 50 ms)`,
      target(figures.maxBlockMs, TARGETS.maxBlockMs, ' ms'),
    ],
    ['longest event-loop delay', `${figures.eventLoopMaxMs} ms`, ''],
    [
      'unchanged sync / full sync',
      `${figures.unchangedSyncSeconds} s, ${figures.unchangedSyncRequests} requests = ${figures.unchangedSyncRatio}`,
      target(figures.unchangedSyncRatio, TARGETS.unchangedSyncRatio),
    ],
    [
      'forced revalidation / full sync',
      `${figures.revalidateAllSeconds} s, ${figures.revalidateAllRequests} requests = ${figures.revalidateAllRatio}`,
      'reported, not a target',
    ],
    [
      'cached lists, worst p95',
      `${figures.listQueryP95Ms} ms`,
      target(figures.listQueryP95Ms, TARGETS.listQueryP95Ms, ' ms'),
    ],
    [
      'quick-open search, worst p95',
      `${figures.searchQueryP95Ms} ms`,
      target(figures.searchQueryP95Ms, TARGETS.searchQueryP95Ms, ' ms'),
    ],
  ];
  for (const [name, value, goal] of headline) {
    console.log(`  ${name.padEnd(34)}${value.padEnd(46)}${goal}`);
  }
  const queryWidths = [42, 9, 9, 9, 7, 9];
  console.log(
    columns(['  cached query (ms)', 'p50', 'p95', 'max', 'calls', 'records'], queryWidths),
  );
  for (const query of figures.queries) {
    console.log(
      columns(
        [
          `  ${query.name}`,
          query.p50Ms.toFixed(3),
          query.p95Ms.toFixed(3),
          query.maxMs.toFixed(3),
          query.calls,
          query.records,
        ],
        queryWidths,
      ),
    );
  }
  if (figures.teamMatchesFetchRequests > 0) {
    console.log(
      `warning: team matches were read from a fetched copy, not derived (${figures.teamMatchesFetchRequests} fetches asked)`,
    );
  }
  console.log(
    `cache rows: ${Object.entries(figures.cacheRows)
      .map(([table, count]) => `${count} ${table}`)
      .join(', ')}`,
  );
  if (figures.baselineMismatches > 0) {
    console.log(
      `warning: ${figures.baselineMismatches} replayed requests got another status than in the sync`,
    );
  }
}

export async function runSyncBenchmark(): Promise<SyncBenchmarkFigures> {
  const loadBefore = round(loadavg()[0] ?? 0, 1);
  const viewerKey = `bench-viewer-${randomBytes(12).toString('hex')}`;
  const { path: root, remove: removeRoot } = benchRoot('sync');
  const serviceStarted = performance.now();
  const service = await startLargeService(viewerKey);
  const serviceStartSeconds = round((performance.now() - serviceStarted) / 1000, 1);
  let subject: SyncSubject | null = null;
  let peakRequestsInFlight = 0;
  try {
    const rounds: SyncBenchmarkFigures['rounds'] = [];
    for (let index = 1; index <= ROUNDS; index += 1) {
      // Every full sync starts from an empty cache; only the last one is kept for what follows.
      subject?.cache.close();
      subject = null;
      subject = new SyncSubject(join(root, `round-${index}`), service.url, viewerKey);
      const fullSync = await subject.run({ scope: 'all' });
      const baseline = await replay(subject.log.requests, CONCURRENCY, viewerKey);
      peakRequestsInFlight = Math.max(peakRequestsInFlight, subject.log.peakInFlight);
      rounds.push({ fullSync, baseline });
    }
    if (subject === null) throw new Error('no rounds were run');

    const fastestSync = best(rounds, (item) => item.fullSync.seconds).fullSync;
    const fastestBaseline = best(rounds, (item) => item.baseline.seconds).baseline;
    const unchangedSync = await subject.run({ scope: 'all' });
    const revalidateAll = await subject.run({ scope: 'all', force: true });
    const cacheRows = subject.rows();
    const queries = measureCacheQueries(
      subject.cache.reader,
      formatTimestamp(new Date(PINNED_NOW)),
    );

    const figures: SyncBenchmarkFigures = {
      benchmark: 'sync',
      dataSet: 'large',
      pinnedNow: PINNED_NOW,
      concurrency: CONCURRENCY,
      combined: `fastest of ${ROUNDS} alternating rounds for the full sync and for the baseline; block and loop maxima over all rounds`,
      serviceStartSeconds,
      loadAverage: { before: loadBefore, after: round(loadavg()[0] ?? 0, 1) },
      fullSyncSeconds: fastestSync.seconds,
      baselineSeconds: round(fastestBaseline.seconds, 3),
      fullSyncRatio: round(fastestSync.seconds / fastestBaseline.seconds, 2),
      fullSyncRequests: fastestSync.requests,
      fullSyncRecords: fastestSync.records,
      rowsPerSecond: Math.round(fastestSync.records / fastestSync.seconds),
      maxBlockMs: Math.max(...rounds.map((item) => item.fullSync.maxBlockMs)),
      blocksOver50Ms: Math.max(...rounds.map((item) => item.fullSync.blocksOver50Ms)),
      eventLoopMaxMs: Math.max(...rounds.map((item) => item.fullSync.eventLoopMaxMs)),
      peakRequestsInFlight,
      baselineMismatches: rounds.reduce((sum, item) => sum + item.baseline.mismatches, 0),
      unchangedSyncSeconds: unchangedSync.seconds,
      unchangedSyncRequests: unchangedSync.requests,
      unchangedSyncRatio: round(unchangedSync.seconds / fastestSync.seconds, 3),
      revalidateAllSeconds: revalidateAll.seconds,
      revalidateAllRequests: revalidateAll.requests,
      revalidateAllRatio: round(revalidateAll.seconds / fastestSync.seconds, 3),
      listQueryP95Ms: queries.listQueryP95Ms,
      searchQueryP95Ms: queries.searchQueryP95Ms,
      rounds: rounds.map((item) => ({
        fullSync: item.fullSync,
        baseline: { ...item.baseline, seconds: round(item.baseline.seconds, 3) },
      })),
      unchangedSync,
      revalidateAll,
      queries: queries.queries,
      teamMatchesFetchRequests: queries.teamMatchesFetchRequests,
      cacheRows,
      targets: TARGETS,
    };
    printTable(figures);
    console.log(JSON.stringify(figures));
    return figures;
  } finally {
    subject?.cache.close();
    await service.child.stop();
    removeRoot();
  }
}
