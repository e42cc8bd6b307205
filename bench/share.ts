import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openCacheForReading, CACHE_FILE_NAME } from '../src/cli/data-dir';
import { EXPORT_RESOURCES, type ExportResource } from '../src/cli/export-kinds';
import { RESOURCE_EXPORTS } from '../src/cli/exports';
import { createApiClient } from '../src/main/api/client';
import { openCache, type CacheFiles } from '../src/main/cache/open';
import { WriteQueue } from '../src/main/cache/write-queue';
import { SettingsStore } from '../src/main/settings/settings-store';
import { SHARE_RATE_LIMIT } from '../src/main/share/share-app';
import { SyncEngine } from '../src/main/sync/engine';
import { formatTimestamp } from '../src/shared/wire/formats';
import { benchRoot } from './bench-root';
import { startChild, type StartedChild } from './children';
import { engineClock, PINNED_NOW, startLargeService } from './service-child';
import { RequestLog } from './request-log';

/*
 * A laptop at a venue syncing a whole copy of `large` from another laptop's share, against the same
 * sync from the reference service: both servers are child processes on loopback, the engine and
 * its cache are in this process, exactly as in the sync benchmark. The share serves the copy the
 * first sync from the service wrote. Then what a quiet second sync from the share costs, and what
 * the share's per-laptop rate limit costs a whole copy.
 */

const TARGETS = {
  /** The issue's: a share may be a little slower than the service, not much. */
  shareToServiceRatio: 1.2,
  copyMismatches: 0,
};

/** As the sync benchmark, so that the service's side here compares with its figures. */
const CONCURRENCY = 6;

/** Syncs from the service and from the share alternate this many times; the best of each counts. */
const ROUNDS = 2;

/**
 * A sync from a share is canceled once it has taken this many times the service's sync in the same
 * round. Well past the target, so a near miss is still measured whole; and a share far slower than
 * that (one took about 45 minutes for `large`, computing rank totals it then dropped) cannot hold
 * the machine past the runner's limit.
 */
const SHARE_SYNC_LIMIT = 3;

/** The rate-limited sync's own limit, past its floor: the bucket refills at a steady rate. */
const RATE_LIMITED_FLOOR_LIMIT = 1.5;

const SHARE_START_TIMEOUT_MS = 30_000;
const SHARING = /^sharing on (\S+)/;
/** The share's second line: once it is out, the address before it is too. */
const SHARE_KEY = /^key (\S+)/;
const PITSIDE_CLI = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));

const CACHE_TABLES = ['events', 'teams', 'matches', 'clips', 'team_stats', 'etags'] as const;

interface RunFigures {
  /** False when the run was canceled at its time limit: its seconds are then a lower bound. */
  finished: boolean;
  seconds: number;
  requests: number;
  records: number;
  requestsPerSecond: number;
  /** Answers 429: only the rate-limited share gives any. */
  rateLimited: number;
  /** CPU of this process (engine, validation, SQLite) over the run. */
  engineCpuSeconds: number;
  /** CPU of the server that answered (service or share), from /proc; `null` where there is none. */
  serverCpuSeconds: number | null;
  /** The same per request: what one answer costs the server, whether the run finished or not. */
  serverCpuMsPerRequest: number | null;
}

interface Server {
  child: StartedChild;
  /** Without the trailing slash, as the app stores a service's address. */
  url: string;
  key: string;
}

interface CopyComparison {
  /** Records each copy's export holds. */
  records: number;
  /** Records of the two exports that differ, position by position, plus any one has more. */
  mismatches: number;
}

export interface ShareBenchmarkFigures {
  benchmark: 'share';
  dataSet: 'large';
  pinnedNow: string;
  concurrency: number;
  combined: string;
  /** A sync from a share is canceled after this many times the service's: see SHARE_SYNC_LIMIT. */
  shareSyncLimitRatio: number;
  serviceStartSeconds: number;
  shareStartSeconds: number;
  /** The machine's 1-minute load average around the run: other work skews every figure. */
  loadAverage: { before: number; after: number };
  serviceSyncSeconds: number;
  shareSyncSeconds: number;
  /** False: no sync from the share finished in its time; the ratio is then a lower bound. */
  shareSyncFinished: boolean;
  shareToServiceRatio: number;
  serviceSyncRequests: number;
  shareSyncRequests: number;
  serviceSyncRecords: number;
  shareSyncRecords: number;
  serverCpuMsPerRequest: { service: number | null; share: number | null };
  /** `null` when the copy from the share is incomplete, so that there is nothing fair to compare. */
  copyMismatches: number | null;
  unchangedShareSyncSeconds: number | null;
  unchangedShareSyncRequests: number | null;
  unchangedShareSyncRatio: number | null;
  rateLimitedShareSyncSeconds: number;
  rateLimitedShareSyncFinished: boolean;
  rateLimitedShareSyncRatio: number;
  /** What the limit alone imposes: the requests past the first burst at the limit's rate. */
  rateLimitFloorSeconds: number;
  shareRateLimit: { perSecond: number; burst: number };
  serviceRuns: RunFigures[];
  shareRuns: RunFigures[];
  unchangedShareSync: RunFigures | null;
  rateLimitedShareSync: RunFigures;
  copies: Record<ExportResource, CopyComparison> | null;
  cacheRows: { service: Record<string, number>; share: Record<string, number> };
  bundles: string;
  targets: typeof TARGETS;
}

/** Clock ticks per second of /proc's CPU times; 100 on every Linux seen, asked all the same. */
const CLOCK_TICKS = ((): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU of another process so far, or `null` off Linux. */
function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces; the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** `pitside share` of `dataDir` in its own process, as a laptop at the venue runs it. */
async function startShareOf(dataDir: string, rateLimited: boolean): Promise<Server> {
  const child = await startChild({
    args: [
      '--import',
      'tsx',
      PITSIDE_CLI,
      'share',
      '--data-dir',
      dataDir,
      '--port',
      '0',
      ...(rateLimited ? [] : ['--rate-limit', 'off']),
    ],
    ready: SHARE_KEY,
    timeoutMs: SHARE_START_TIMEOUT_MS,
  });
  const url = child.lines.map((line) => SHARING.exec(line)?.[1]).find(Boolean);
  const key = child.lines.map((line) => SHARE_KEY.exec(line)?.[1]).find(Boolean);
  if (url === undefined || key === undefined) {
    await child.stop();
    throw new Error('the share did not print its address and key');
  }
  return { child, url: url.replace(/\/$/, ''), key };
}

/**
 * A fresh data directory with a cache and an engine over it, as the app's main process sets them
 * up. The cache file has the CLI's name, so `pitside share --data-dir` serves it as it is.
 */
class SyncSubject {
  readonly directory: string;
  private readonly log = new RequestLog();
  private readonly cache: CacheFiles;
  private readonly queue: WriteQueue;
  private readonly engine: SyncEngine;

  constructor(
    directory: string,
    private readonly server: Server,
  ) {
    this.directory = directory;
    mkdirSync(directory);
    this.cache = openCache(join(directory, CACHE_FILE_NAME));
    this.queue = new WriteQueue(this.cache.writer, { beforeWrite: this.cache.walBacklog });
    const client = createApiClient({
      baseUrl: server.url,
      fetch: this.log.fetch,
      apiKey: () => Promise.resolve(server.key),
    });
    this.engine = new SyncEngine({
      reader: this.cache.reader,
      writer: this.cache.writer,
      queue: this.queue,
      connect: () => Promise.resolve(client),
      now: engineClock(),
      concurrency: CONCURRENCY,
    });
  }

  /** A scope-`all` sync, canceled after `limitSeconds` if it has not finished by then. */
  async run(limitSeconds = Infinity): Promise<RunFigures> {
    // As the app does before its first sync; one row, outside the timing.
    await new SettingsStore(this.cache.reader, this.cache.writer, this.queue).setBaseUrl(
      this.server.url,
    );
    const logged = this.log.requests.length;
    const pid = this.server.child.process.pid;
    let timedOut = false;
    const limit = Number.isFinite(limitSeconds)
      ? setTimeout(() => {
          timedOut = this.engine.cancel();
        }, limitSeconds * 1000)
      : null;
    const serverCpu = processCpuSeconds(pid);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const summary = await this.engine.run({ scope: 'all' });
    await this.engine.idle();
    const seconds = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    const serverCpuAfter = processCpuSeconds(pid);
    if (limit !== null) clearTimeout(limit);
    const finished = summary.outcome === 'completed';
    if (!finished && !(timedOut && summary.outcome === 'canceled')) {
      throw new Error(
        `the sync from ${this.server.url} ended ${summary.outcome}: ${summary.problem?.message ?? 'no reason given'}`,
      );
    }
    const serverCpuSeconds =
      serverCpu === null || serverCpuAfter === null ? null : serverCpuAfter - serverCpu;
    return {
      finished,
      seconds: round(seconds, 3),
      requests: summary.requests,
      records: summary.records,
      requestsPerSecond: Math.round(summary.requests / seconds),
      rateLimited: this.log.requests.slice(logged).filter((request) => request.status === 429)
        .length,
      engineCpuSeconds: round((user + system) / 1e6, 2),
      serverCpuSeconds: serverCpuSeconds === null ? null : round(serverCpuSeconds, 2),
      serverCpuMsPerRequest:
        serverCpuSeconds === null || summary.requests === 0
          ? null
          : round((serverCpuSeconds * 1000) / summary.requests, 3),
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

  /** Settled into the database file, so that another process reads it without this one's WAL. */
  async close(): Promise<void> {
    await this.engine.close();
    await this.cache.checkpoint();
    this.cache.close();
  }
}

/**
 * The two copies as `pitside export` prints them, record by record, at the pinned instant: what a
 * person would see of each, including the fields derived at export time.
 */
function compareCopies(
  serviceDir: string,
  shareDir: string,
): Record<ExportResource, CopyComparison> {
  const now = formatTimestamp(new Date(PINNED_NOW));
  const service = openCacheForReading(serviceDir);
  const share = openCacheForReading(shareDir);
  try {
    const compare = (resource: ExportResource): CopyComparison => {
      const left = RESOURCE_EXPORTS[resource].records(service.db, now);
      const right = RESOURCE_EXPORTS[resource].records(share.db, now);
      let records = 0;
      let mismatches = 0;
      for (;;) {
        const a = left.next();
        const b = right.next();
        if (a.done === true && b.done === true) break;
        records += 1;
        if (a.done === true || b.done === true) mismatches += 1;
        else if (JSON.stringify(a.value) !== JSON.stringify(b.value)) mismatches += 1;
      }
      return { records, mismatches };
    };
    return Object.fromEntries(
      EXPORT_RESOURCES.map((resource) => [resource, compare(resource)]),
    ) as Record<ExportResource, CopyComparison>;
  } finally {
    service.close();
    share.close();
  }
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function best(items: readonly RunFigures[]): RunFigures {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error('no rounds were run');
  return rest.reduce((kept, item) => (item.seconds < kept.seconds ? item : kept), first);
}

function columns(cells: readonly (string | number)[], widths: readonly number[]): string {
  return cells
    .map((cell, index) =>
      index === 0 ? String(cell).padEnd(widths[0] ?? 0) : String(cell).padStart(widths[index] ?? 0),
    )
    .join('');
}

/** Told as each sync ends: the figures come at the end, and the whole run takes minutes. */
function progress(name: string, run: RunFigures): void {
  process.stderr.write(
    `${name}: ${run.seconds.toFixed(1)} s, ${run.requests} requests${run.finished ? '' : ' (canceled at its limit)'}\n`,
  );
}

function printTable(figures: ShareBenchmarkFigures): void {
  console.log(
    `service on ${figures.dataSet} started in ${figures.serviceStartSeconds} s, share in ${figures.shareStartSeconds} s; ` +
      `clock pinned at ${figures.pinnedNow}; ${figures.concurrency} requests in flight; ` +
      `load average ${figures.loadAverage.before} before, ${figures.loadAverage.after} after`,
  );
  const widths = [30, 9, 10, 9, 7, 7, 9, 9, 12];
  const value = (figure: number | null, digits: number): string =>
    figure === null ? '—' : figure.toFixed(digits);
  console.log(
    columns(
      [
        'sync into a fresh cache',
        'seconds',
        'requests',
        'records',
        'req/s',
        '429s',
        'our cpu',
        'srv cpu',
        'srv ms/req',
      ],
      widths,
    ),
  );
  const row = (name: string, run: RunFigures): void =>
    console.log(
      columns(
        [
          name,
          `${run.finished ? '' : '>'}${run.seconds.toFixed(2)}`,
          run.requests,
          run.records,
          run.requestsPerSecond,
          run.rateLimited,
          value(run.engineCpuSeconds, 2),
          value(run.serverCpuSeconds, 2),
          value(run.serverCpuMsPerRequest, 3),
        ],
        widths,
      ),
    );
  figures.serviceRuns.forEach((run, index) => {
    row(`round ${index + 1}, service${index === 0 ? ' (source)' : ''}`, run);
    const fromShare = figures.shareRuns[index];
    if (fromShare !== undefined) row(`round ${index + 1}, share`, fromShare);
  });
  if (figures.unchangedShareSync !== null) row('unchanged, share', figures.unchangedShareSync);
  row('share at its rate limit', figures.rateLimitedShareSync);
  console.log(
    `headline: ${figures.combined}; '>' marks a sync canceled at ${figures.shareSyncLimitRatio}× the service's`,
  );
  const met = (figure: number, limit: number): string =>
    `target ≤ ${limit}${figure <= limit ? '' : ', MISSED'}`;
  const limit = figures.shareRateLimit;
  const copyRecords =
    figures.copies === null
      ? 0
      : Object.values(figures.copies).reduce((sum, copy) => sum + copy.records, 0);
  const headline: [string, string, string][] = [
    [
      'share / service, full sync',
      `${figures.shareSyncFinished ? '' : '> '}${figures.shareSyncSeconds} s / ${figures.serviceSyncSeconds} s = ` +
        `${figures.shareSyncFinished ? '' : '> '}${figures.shareToServiceRatio}`,
      met(figures.shareToServiceRatio, TARGETS.shareToServiceRatio),
    ],
    [
      'server CPU per request, share / service',
      `${value(figures.serverCpuMsPerRequest.share, 3)} ms / ${value(figures.serverCpuMsPerRequest.service, 3)} ms`,
      'reported',
    ],
    figures.copyMismatches === null
      ? [
          'records differing between copies',
          'not compared: the share copy is incomplete',
          'target ≤ 0, not checked',
        ]
      : [
          'records differing between copies',
          `${figures.copyMismatches} of ${copyRecords}`,
          met(figures.copyMismatches, TARGETS.copyMismatches),
        ],
    [
      'unchanged sync / full, share',
      figures.unchangedShareSync === null
        ? 'not run: the share copy is incomplete'
        : `${figures.unchangedShareSyncSeconds} s, ${figures.unchangedShareSyncRequests} requests = ${figures.unchangedShareSyncRatio}`,
      'reported',
    ],
    [
      `share at ${limit.perSecond}/s (burst ${limit.burst}) / service`,
      `${figures.rateLimitedShareSyncFinished ? '' : '> '}${figures.rateLimitedShareSyncSeconds} s = ` +
        `${figures.rateLimitedShareSyncFinished ? '' : '> '}${figures.rateLimitedShareSyncRatio} (floor ${figures.rateLimitFloorSeconds} s)`,
      'reported',
    ],
  ];
  for (const [name, figure, goal] of headline) {
    console.log(`  ${name.padEnd(42)}${figure.padEnd(50)}${goal}`);
  }
  if (figures.copies !== null) {
    console.log(
      `copies compared as exported: ${Object.entries(figures.copies)
        .map(([resource, copy]) => `${resource} ${copy.records} (${copy.mismatches} differ)`)
        .join(', ')}`,
    );
  }
  console.log(
    `cache rows, service copy / share copy: ${CACHE_TABLES.map(
      (table) => `${table} ${figures.cacheRows.service[table]}/${figures.cacheRows.share[table]}`,
    ).join(', ')}`,
  );
  console.log(figures.bundles);
}

export async function runShareBenchmark(): Promise<ShareBenchmarkFigures> {
  const loadBefore = round(loadavg()[0] ?? 0, 1);
  const viewerKey = `bench-viewer-${randomBytes(12).toString('hex')}`;
  const { path: root, remove: removeRoot } = benchRoot('share');
  const serviceStarted = performance.now();
  const large = await startLargeService(viewerKey);
  const service: Server = { ...large, key: viewerKey };
  const serviceStartSeconds = round((performance.now() - serviceStarted) / 1000, 1);
  const started: Server[] = [service];
  const open: SyncSubject[] = [];
  const subject = (name: string, server: Server): SyncSubject => {
    const made = new SyncSubject(join(root, name), server);
    open.push(made);
    return made;
  };
  const closeSubject = async (done: SyncSubject): Promise<void> => {
    open.splice(open.indexOf(done), 1);
    await done.close();
  };
  try {
    // The first sync from the service writes the copy the share serves: it is round 1's timing.
    const serviceRuns: RunFigures[] = [];
    const shareRuns: RunFigures[] = [];
    let serviceCopy = subject('source', service);
    const source = serviceCopy;
    let serviceRows: Record<string, number> = {};
    const syncFromService = async (): Promise<RunFigures> => {
      const run = await serviceCopy.run();
      progress(`service, round ${serviceRuns.length + 1}`, run);
      serviceRuns.push(run);
      serviceRows = serviceCopy.rows();
      await closeSubject(serviceCopy);
      return run;
    };
    let lastService = await syncFromService();

    const shareStarted = performance.now();
    const share = await startShareOf(source.directory, false);
    const shareStartSeconds = round((performance.now() - shareStarted) / 1000, 1);
    started.push(share);

    let shareCopy: SyncSubject | null = null;
    let shareCopyRun: RunFigures | null = null;
    for (let index = 1; index <= ROUNDS; index += 1) {
      // A share that could not finish in its time once will not the next: the verdict stands.
      if (shareCopyRun?.finished === false) break;
      if (index > 1) {
        serviceCopy = subject(`service-${index}`, service);
        lastService = await syncFromService();
      }
      // Each round's copy from the share starts empty; only the last stays open for what follows.
      if (shareCopy !== null) await closeSubject(shareCopy);
      shareCopy = subject(`share-${index}`, share);
      shareCopyRun = await shareCopy.run(SHARE_SYNC_LIMIT * lastService.seconds);
      progress(`share, round ${index}`, shareCopyRun);
      shareRuns.push(shareCopyRun);
    }
    if (shareCopy === null || shareCopyRun === null) throw new Error('no rounds were run');

    const unchangedShareSync = shareCopyRun.finished ? await shareCopy.run() : null;
    if (unchangedShareSync !== null) progress('share, unchanged', unchangedShareSync);
    const cacheRows = { service: serviceRows, share: shareCopy.rows() };
    await closeSubject(shareCopy);
    await share.child.stop();

    const fastestService = best(serviceRuns);
    const finishedShareRuns = shareRuns.filter((run) => run.finished);
    const shareSyncFinished = finishedShareRuns.length > 0;
    const fastestShare = best(shareSyncFinished ? finishedShareRuns : shareRuns);

    const rateLimitFloorSeconds = round(
      Math.max(0, fastestService.requests - SHARE_RATE_LIMIT.burst) / SHARE_RATE_LIMIT.perSecond,
      1,
    );
    const limited = await startShareOf(source.directory, true);
    started.push(limited);
    const limitedCopy = subject('share-limited', limited);
    const rateLimitedShareSync = await limitedCopy.run(
      Math.max(
        SHARE_SYNC_LIMIT * fastestService.seconds,
        RATE_LIMITED_FLOOR_LIMIT * rateLimitFloorSeconds,
      ),
    );
    progress('share at its rate limit', rateLimitedShareSync);
    await closeSubject(limitedCopy);
    await limited.child.stop();

    const copies = shareCopyRun.finished
      ? compareCopies(serviceCopy.directory, shareCopy.directory)
      : null;
    const figures: ShareBenchmarkFigures = {
      benchmark: 'share',
      dataSet: 'large',
      pinnedNow: PINNED_NOW,
      concurrency: CONCURRENCY,
      combined: `fastest of up to ${ROUNDS} alternating rounds from the service (the first wrote the shared copy) and from the share`,
      shareSyncLimitRatio: SHARE_SYNC_LIMIT,
      serviceStartSeconds,
      shareStartSeconds,
      loadAverage: { before: loadBefore, after: round(loadavg()[0] ?? 0, 1) },
      serviceSyncSeconds: fastestService.seconds,
      shareSyncSeconds: fastestShare.seconds,
      shareSyncFinished,
      shareToServiceRatio: round(fastestShare.seconds / fastestService.seconds, 2),
      serviceSyncRequests: fastestService.requests,
      shareSyncRequests: fastestShare.requests,
      serviceSyncRecords: fastestService.records,
      shareSyncRecords: fastestShare.records,
      serverCpuMsPerRequest: {
        service: fastestService.serverCpuMsPerRequest,
        share: fastestShare.serverCpuMsPerRequest,
      },
      copyMismatches:
        copies === null
          ? null
          : Object.values(copies).reduce((sum, copy) => sum + copy.mismatches, 0),
      unchangedShareSyncSeconds: unchangedShareSync?.seconds ?? null,
      unchangedShareSyncRequests: unchangedShareSync?.requests ?? null,
      unchangedShareSyncRatio:
        unchangedShareSync === null
          ? null
          : round(unchangedShareSync.seconds / shareCopyRun.seconds, 3),
      rateLimitedShareSyncSeconds: rateLimitedShareSync.seconds,
      rateLimitedShareSyncFinished: rateLimitedShareSync.finished,
      rateLimitedShareSyncRatio: round(rateLimitedShareSync.seconds / fastestService.seconds, 2),
      rateLimitFloorSeconds,
      shareRateLimit: SHARE_RATE_LIMIT,
      serviceRuns,
      shareRuns,
      unchangedShareSync,
      rateLimitedShareSync,
      copies,
      cacheRows,
      bundles:
        'bundles: not measured here. runBundleBenchmark takes no cache (it syncs large again in ' +
        'its own process), so it would add a whole sync; see npm run bench -- bundle',
      targets: TARGETS,
    };
    printTable(figures);
    console.log(JSON.stringify(figures));
    return figures;
  } finally {
    for (const left of open) await left.close().catch(() => undefined);
    for (const server of started) await server.child.stop();
    removeRoot();
  }
}
