import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createApiClient } from '../src/main/api/client';
import { openCache } from '../src/main/cache/open';
import { WriteQueue } from '../src/main/cache/write-queue';
import { SyncEngine } from '../src/main/sync/engine';
import { DEFAULT_RATE_LIMIT } from '../src/server/config';
import type { SyncSummary } from '../src/shared/ipc/sync';
import { benchRoot } from './bench-root';
import { RequestLog } from './request-log';
import { PINNED_NOW } from './service-child';
import { startService } from './venue';

/*
 * What the default scope costs a venue since it keeps the statistics of every team at an event
 * live or starting within a week: the requests of a first sync and of a quiet second one, on the
 * demo data, against the reference service at its default rate limit. The baseline, in the same
 * run, is the scope before that: the events and teams lists alone, no team statistics. It is the
 * same engine and the same data with its clock a year on, when no event is live or coming, so the
 * difference is exactly what the live and coming events add.
 */

const YEAR_MS = 365 * 86_400_000;

/** The service's clock pinned for every run; the engine's is the same instant, or a year on. */
const VARIANTS = [
  { name: 'events only (baseline)', offsetMs: YEAR_MS },
  { name: 'default', offsetMs: 0 },
] as const;

/** What a request was for: a page of a list, an event's record or part, a team's own. */
const KINDS = {
  statistics: /^\/v1\/teams\/\d+\/stats$/,
  events: /^\/v1\/events\/[^/]+(\/[a-z]+)?$/,
  teams: /^\/v1\/teams\/\d+(\/[a-z]+)?$/,
  lists: /^\/v1\/(events|teams)$/,
} as const;
type Kind = keyof typeof KINDS | 'other';

function kindOf(url: string): Kind {
  const path = new URL(url).pathname;
  const kind = (Object.keys(KINDS) as (keyof typeof KINDS)[]).find((name) =>
    KINDS[name].test(path),
  );
  return kind ?? 'other';
}

interface SyncFigures {
  outcome: SyncSummary['outcome'];
  requests: number;
  /** The requests by what they were for; `events` are events kept in full (record and parts). */
  byKind: Record<Kind, number>;
  rateLimitedAnswers: number;
  seconds: number;
  /** The time the rate limit alone puts under these requests once its burst is spent. */
  secondsAtRateLimit: number;
}

interface VariantFigures {
  name: string;
  first: SyncFigures;
  quiet: SyncFigures;
}

export interface ScopeCostFigures {
  benchmark: 'scope-cost';
  dataSet: 'demo';
  pinnedNow: string;
  rateLimit: typeof DEFAULT_RATE_LIMIT;
  variants: VariantFigures[];
  /** Default over baseline. */
  ratios: { firstRequests: number; quietRequests: number; firstSeconds: number };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** The engine's clock: the pinned instant plus `offsetMs`, moving on at the speed of the real one. */
function clockAt(offsetMs: number): () => Date {
  const origin = performance.now();
  return () => new Date(Date.parse(PINNED_NOW) + offsetMs + performance.now() - origin);
}

/** A first sync into a fresh cache, then a second one as the schedule would make it. */
async function measureVariant(root: string, offsetMs: number): Promise<[SyncFigures, SyncFigures]> {
  const viewerKey = `bench-scope-${randomBytes(12).toString('hex')}`;
  // A fresh service per variant: its rate-limit bucket starts full, as a venue's first sync finds it.
  const service = await startService(viewerKey);
  const cache = openCache(join(root, `scope-${offsetMs}.db`));
  const log = new RequestLog();
  const engine = new SyncEngine({
    reader: cache.reader,
    writer: cache.writer,
    queue: new WriteQueue(cache.writer),
    connect: () =>
      Promise.resolve(
        createApiClient({
          baseUrl: service.url,
          fetch: log.fetch,
          apiKey: () => Promise.resolve(viewerKey),
        }),
      ),
    now: clockAt(offsetMs),
  });
  const once = async (): Promise<SyncFigures> => {
    const before = log.requests.length;
    const started = performance.now();
    const summary = await engine.run({ scope: 'default' });
    await engine.idle();
    const seconds = (performance.now() - started) / 1000;
    const made = log.requests.slice(before);
    const requests = made.length;
    const byKind: Record<Kind, number> = { lists: 0, events: 0, teams: 0, statistics: 0, other: 0 };
    for (const request of made) byKind[kindOf(request.url)] += 1;
    return {
      outcome: summary.outcome,
      requests,
      byKind,
      rateLimitedAnswers: made.filter((request) => request.status === 429).length,
      seconds: round(seconds, 2),
      secondsAtRateLimit: round(requests / DEFAULT_RATE_LIMIT.perSecond, 2),
    };
  };
  try {
    return [await once(), await once()];
  } finally {
    await engine.close();
    cache.close();
    await service.child.stop();
  }
}

function printTable(figures: ScopeCostFigures): void {
  const { perSecond, burst } = figures.rateLimit;
  console.log(
    `demo data, default scope, nothing pinned or starred; service rate limit ${perSecond} req/s ` +
      `(burst ${burst}); clock pinned at ${figures.pinnedNow}, the baseline's engine a year on`,
  );
  console.log(
    `  "at the limit": requests ÷ ${perSecond}/s, the time the rate limit alone takes once its ` +
      `burst is spent (a second device on the same key, or a sync soon after another)`,
  );
  const widths = [24, 8, 10, 7, 8, 7, 7, 6, 9, 10];
  const line = (cells: readonly (string | number)[]) =>
    cells
      .map((cell, index) =>
        index < 2
          ? String(cell).padEnd(widths[index] ?? 0)
          : String(cell).padStart(widths[index] ?? 0),
      )
      .join('');
  console.log(
    line([
      'scope',
      'sync',
      'requests',
      'lists',
      'events',
      'teams',
      'stats',
      '429s',
      'seconds',
      'at limit',
    ]),
  );
  for (const variant of figures.variants) {
    for (const [label, sync] of [
      ['first', variant.first],
      ['quiet', variant.quiet],
    ] as const) {
      console.log(
        line([
          variant.name,
          label,
          sync.requests,
          sync.byKind.lists,
          sync.byKind.events,
          sync.byKind.teams,
          sync.byKind.statistics,
          sync.rateLimitedAnswers,
          sync.seconds.toFixed(2),
          sync.secondsAtRateLimit.toFixed(2),
        ]),
      );
    }
  }
  const { firstRequests, quietRequests, firstSeconds } = figures.ratios;
  console.log(
    `default ÷ baseline: first sync ${firstRequests}× the requests (${firstSeconds}× the time), ` +
      `quiet sync ${quietRequests}× the requests`,
  );
  // The scope before statistics of live teams kept the live events in full already: it is the
  // default's requests less its statistics.
  const scoped = figures.variants[1];
  if (scoped !== undefined) {
    const without = (sync: SyncFigures) => sync.requests - sync.byKind.statistics;
    console.log(
      `the default before it kept live teams' statistics (lists and live events in full): ` +
        `${without(scoped.first)} → ${scoped.first.requests} requests first, ` +
        `${without(scoped.quiet)} → ${scoped.quiet.requests} quiet; ` +
        `${(without(scoped.first) / perSecond).toFixed(2)} → ${scoped.first.secondsAtRateLimit.toFixed(2)} s ` +
        `at the limit, past the burst of a full bucket ` +
        `${(Math.max(0, without(scoped.first) - burst) / perSecond).toFixed(2)} → ` +
        `${(Math.max(0, scoped.first.requests - burst) / perSecond).toFixed(2)} s`,
    );
  }
}

export async function runScopeCostBenchmark(): Promise<ScopeCostFigures> {
  const { path: root, remove: removeRoot } = benchRoot('scope');
  try {
    const variants: VariantFigures[] = [];
    for (const { name, offsetMs } of VARIANTS) {
      const [first, quiet] = await measureVariant(root, offsetMs);
      variants.push({ name, first, quiet });
    }
    const [baseline, scoped] = variants;
    if (baseline === undefined || scoped === undefined) throw new Error('a variant did not run');
    for (const { name, first, quiet } of variants) {
      if (first.outcome !== 'completed' || quiet.outcome !== 'completed') {
        throw new Error(`${name}: a sync ended ${first.outcome}/${quiet.outcome}, not completed`);
      }
    }
    const figures: ScopeCostFigures = {
      benchmark: 'scope-cost',
      dataSet: 'demo',
      pinnedNow: PINNED_NOW,
      rateLimit: DEFAULT_RATE_LIMIT,
      variants,
      ratios: {
        firstRequests: round(scoped.first.requests / baseline.first.requests, 2),
        quietRequests: round(scoped.quiet.requests / baseline.quiet.requests, 2),
        firstSeconds: round(scoped.first.seconds / baseline.first.seconds, 2),
      },
    };
    printTable(figures);
    console.log(JSON.stringify(figures));
    return figures;
  } finally {
    removeRoot();
  }
}
