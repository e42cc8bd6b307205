import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createApiClient } from '../src/main/api/client';
import type { FetchLike } from '../src/main/api/request';
import { openCache } from '../src/main/cache/open';
import { WriteQueue } from '../src/main/cache/write-queue';
import { SyncEngine } from '../src/main/sync/engine';
import { DEFAULT_RATE_LIMIT } from '../src/server/config';
import type { SyncProblem, SyncScope, SyncSummary } from '../src/shared/ipc/sync';
import {
  BAD_WIFI,
  GOOD_WIFI,
  startShapingProxy,
  type NetworkProfile,
  type ShapingStats,
} from '../test/harness/shaping-proxy';
import { benchRoot } from './bench-root';
import type { StartedChild } from './children';
import { engineClock, PINNED_NOW, startServiceChild } from './service-child';

/*
 * The sync as a venue's wifi shapes it: the reference service on the demo data with its default
 * rate limit, behind a proxy that adds latency, jitter and one shared bandwidth cap per direction,
 * and the real engine syncing into a fresh cache. For each run: when the event list and the team
 * list were committed complete, when the run ended, and each time against the floor the network
 * and the rate limit put under it.
 */

const PROFILES: readonly { name: string; profile: NetworkProfile }[] = [
  { name: 'good wifi', profile: GOOD_WIFI },
  { name: 'bad wifi', profile: BAD_WIFI },
];
const SCOPES: readonly SyncScope[] = ['default', 'all'];

/**
 * The floor model. 24 is the most requests the sync will have in flight (its adaptive pace tops
 * out there), whatever the engine under test actually keeps in flight; the rate and burst are the
 * service's defaults, which the service here runs with.
 */
const FLOOR = {
  concurrency: 24,
  perSecond: DEFAULT_RATE_LIMIT.perSecond,
  burst: DEFAULT_RATE_LIMIT.burst,
};

const TARGET_RATIO = 1.5;

/** The paths of the two lists' pages; `/v1/events/{id}…` and `/v1/teams/{n}…` are not them. */
const LIST_PREFIXES = { events: '/v1/events?', teams: '/v1/teams?' } as const;
type ListName = keyof typeof LIST_PREFIXES;
const LIST_NAMES = Object.keys(LIST_PREFIXES) as ListName[];

interface Milestone {
  /** From the first request; `null` when it never happened. */
  seconds: number | null;
  requests: number;
  bytes: number;
  floorSeconds: number;
  /** `seconds / floorSeconds`; `null` when there is no time to compare. */
  ratio: number | null;
}

interface VenueRun {
  profile: string;
  network: NetworkProfile;
  scope: SyncScope;
  outcome: SyncSummary['outcome'] | 'crashed';
  problem: SyncProblem | null;
  /** Requests as the engine counts them (retries of one request are one). */
  engineRequests: number;
  /** Requests that went to the service, retries included; the floors leave out the 429s. */
  requests: number;
  rateLimitedAnswers: number;
  peakInFlight: number;
  connections: number;
  bytesDown: number;
  bytesUp: number;
  eventsList: Milestone;
  teamsList: Milestone;
  wholeRun: Milestone;
}

export interface VenueBenchmarkFigures {
  benchmark: 'venue';
  dataSet: 'demo';
  pinnedNow: string;
  floorModel: typeof FLOOR & { formula: string };
  targetRatio: number;
  runs: VenueRun[];
}

interface SentRequest {
  path: string;
  /** 0 until an answer came, and for good when none did. */
  status: number;
  /** Of the answer's body, as the service declared it (or as read where it did not). */
  bytes: number;
}

interface ListFigures {
  requests: number;
  bytes: number;
}

/**
 * The `fetch` under the API client: notes when the first request left, every request's path,
 * the status and body size of its answer, and the most requests waiting for an answer at once.
 */
class RequestLog {
  readonly requests: SentRequest[] = [];
  firstRequestAt: number | null = null;
  peakInFlight = 0;
  private inFlight = 0;

  readonly fetch: FetchLike = async (url, init) => {
    this.firstRequestAt ??= performance.now();
    const { pathname, search } = new URL(url);
    const request: SentRequest = { path: pathname + search, status: 0, bytes: 0 };
    this.requests.push(request);
    this.inFlight += 1;
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
    try {
      const response = await fetch(url, init);
      request.status = response.status;
      request.bytes = await bodyBytes(response);
      return response;
    } finally {
      this.inFlight -= 1;
    }
  };

  /**
   * Requests and answer bytes of one list so far, not counting answers that were only the rate
   * limit's refusal: the service does not charge those, and a floor that grew with them would
   * reward a sync for running into the limit.
   */
  listFigures(list: ListName): ListFigures {
    const own = this.requests.filter(
      (request) => request.path.startsWith(LIST_PREFIXES[list]) && request.status !== 429,
    );
    return { requests: own.length, bytes: own.reduce((sum, request) => sum + request.bytes, 0) };
  }
}

async function bodyBytes(response: Response): Promise<number> {
  const declared = response.headers.get('content-length');
  if (declared !== null) return Number(declared);
  if (response.body === null) return 0;
  return (await response.clone().arrayBuffer()).byteLength;
}

/** A fresh service per run: its rate-limit bucket starts full, as a venue's first sync finds it. */
export function startService(viewerKey: string): Promise<{ child: StartedChild; url: string }> {
  return startServiceChild({ data: 'demo', viewerKey, rateLimited: true });
}

/**
 * What has to happen one after another, each new connection waiting one round trip to open (the
 * proxy, like TCP, makes it wait): a list of one page is that request, its answer flowing through
 * the link; a longer list is its first page, then the others, since only the first tells how many
 * there are, each page's bytes through the link in turn. A whole run is the team list, then a
 * live event's record, then that event's parts; and no run ends before all its bytes are through.
 */
const ROUND_TRIPS = { onePage: 1 + 1, pages: 2 + 1, run: 3 + 2 };

function linkSeconds(network: NetworkProfile, bytes: number): number {
  return (bytes * 8) / network.bitsPerSecond;
}

function floorSeconds(
  network: NetworkProfile,
  figures: { requests: number; bytesDown: number; bytesUp: number; serialSeconds: number },
): number {
  return Math.max(
    figures.serialSeconds,
    (figures.requests * network.rttMs) / 1000 / FLOOR.concurrency,
    linkSeconds(network, Math.max(figures.bytesDown, figures.bytesUp)),
    (figures.requests - FLOOR.burst) / FLOOR.perSecond,
  );
}

function milestone(
  network: NetworkProfile,
  seconds: number | null,
  figures: { requests: number; bytesDown: number; bytesUp: number; serialSeconds: number },
): Milestone {
  const floor = floorSeconds(network, figures);
  return {
    seconds: seconds === null ? null : round(seconds, 2),
    requests: figures.requests,
    bytes: figures.bytesDown,
    floorSeconds: round(floor, 2),
    ratio: seconds === null || floor <= 0 ? null : round(seconds / floor, 2),
  };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** What one sync left to measure: its summary (or why it crashed) and when things happened. */
interface SyncRecord {
  summary: SyncSummary | null;
  crash: SyncProblem | null;
  log: RequestLog;
  listsDone: Map<ListName, ListFigures & { at: number }>;
  endedAt: number;
}

/** The engine as the command line builds it, into a fresh cache, noting when each list commits. */
async function syncThrough(
  serviceUrl: string,
  viewerKey: string,
  file: string,
  scope: SyncScope,
): Promise<SyncRecord> {
  const cache = openCache(file);
  const log = new RequestLog();
  const listsDone: SyncRecord['listsDone'] = new Map();
  const completeLists = cache.reader
    .prepare<[], string>(
      `SELECT resource FROM sync_state WHERE resource IN ('events', 'teams') AND complete = 1`,
    )
    .pluck();
  // Called right after each commit: the reader then sees exactly what that commit made complete.
  const noteCompleteLists = (): void => {
    if (listsDone.size === LIST_NAMES.length) return;
    const at = performance.now();
    for (const resource of completeLists.all()) {
      const list = LIST_NAMES.find((candidate) => candidate === resource);
      if (list !== undefined && !listsDone.has(list)) {
        listsDone.set(list, { at, ...log.listFigures(list) });
      }
    }
  };
  const queue = new WriteQueue(cache.writer, { onCommit: noteCompleteLists });
  const client = createApiClient({
    baseUrl: serviceUrl,
    fetch: log.fetch,
    apiKey: () => Promise.resolve(viewerKey),
  });
  const engine = new SyncEngine({
    reader: cache.reader,
    writer: cache.writer,
    queue,
    connect: () => Promise.resolve(client),
    now: engineClock(),
  });
  try {
    const summary = await engine.run({ scope });
    await engine.idle();
    return { summary, crash: null, log, listsDone, endedAt: performance.now() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      summary: null,
      crash: { code: 'internal', message },
      log,
      listsDone,
      endedAt: performance.now(),
    };
  } finally {
    await engine.close();
    // A commit the hook did not hear of (one that recorded no change) still shows at the end.
    noteCompleteLists();
    cache.close();
  }
}

function figuresOf(
  name: string,
  network: NetworkProfile,
  scope: SyncScope,
  { summary, crash, log, listsDone, endedAt }: SyncRecord,
  traffic: ShapingStats,
): VenueRun {
  const origin = log.firstRequestAt ?? endedAt;
  const rtt = network.rttMs / 1000;
  const listMilestone = (list: ListName): Milestone => {
    const done = listsDone.get(list);
    const figures = done ?? log.listFigures(list);
    const trips = figures.requests > 1 ? ROUND_TRIPS.pages : ROUND_TRIPS.onePage;
    return milestone(network, done === undefined ? null : (done.at - origin) / 1000, {
      requests: figures.requests,
      bytesDown: figures.bytes,
      bytesUp: 0,
      serialSeconds: trips * rtt + linkSeconds(network, figures.bytes),
    });
  };
  const rateLimited = log.requests.filter((request) => request.status === 429).length;
  return {
    profile: name,
    network,
    scope,
    outcome: summary?.outcome ?? 'crashed',
    problem: summary?.problem ?? crash,
    engineRequests: summary?.requests ?? 0,
    requests: log.requests.length,
    rateLimitedAnswers: rateLimited,
    peakInFlight: log.peakInFlight,
    connections: traffic.connectionsOpened,
    bytesDown: traffic.bytesDown,
    bytesUp: traffic.bytesUp,
    eventsList: listMilestone('events'),
    teamsList: listMilestone('teams'),
    wholeRun: milestone(
      network,
      summary?.outcome === 'completed' ? (endedAt - origin) / 1000 : null,
      {
        requests: log.requests.length - rateLimited,
        bytesDown: traffic.bytesDown,
        bytesUp: traffic.bytesUp,
        serialSeconds: Math.max(
          ROUND_TRIPS.run * rtt + linkSeconds(network, log.listFigures('teams').bytes),
          ROUND_TRIPS.onePage * rtt + linkSeconds(network, traffic.bytesDown),
        ),
      },
    ),
  };
}

async function runOnce(
  root: string,
  index: number,
  name: string,
  network: NetworkProfile,
  scope: SyncScope,
): Promise<VenueRun> {
  const viewerKey = `bench-venue-${randomBytes(12).toString('hex')}`;
  const service = await startService(viewerKey);
  try {
    const proxy = await startShapingProxy({ target: service.url, ...network, seed: index + 1 });
    try {
      const sync = await syncThrough(proxy.url, viewerKey, join(root, `run-${index}.db`), scope);
      return figuresOf(name, network, scope, sync, proxy.stats());
    } finally {
      await proxy.close();
    }
  } finally {
    await service.child.stop();
  }
}

/** One line of columns: the first two left-aligned, the rest right-aligned to `widths`. */
function columns(cells: readonly (string | number)[], widths: readonly number[]): string {
  return cells
    .map((cell, index) =>
      index < 2
        ? String(cell).padEnd(widths[index] ?? 0)
        : String(cell).padStart(widths[index] ?? 0),
    )
    .join('');
}

function describeMilestone({ seconds, floorSeconds, ratio }: Milestone): string {
  if (seconds === null) return 'never';
  const verdict = ratio === null ? '' : ratio <= TARGET_RATIO ? ' ok' : ' MISSED';
  return `${seconds.toFixed(2)}/${floorSeconds.toFixed(2)}=${ratio ?? '-'}${verdict}`;
}

function printTable(figures: VenueBenchmarkFigures): void {
  const { concurrency, perSecond, burst } = figures.floorModel;
  console.log(
    `demo data, service rate limit ${perSecond} req/s (burst ${burst}), clock pinned at ` +
      `${figures.pinnedNow}; a fresh service and cache per run, one run per cell`,
  );
  console.log(`floor = ${figures.floorModel.formula}`);
  console.log(
    `  ${concurrency} in flight is the most the sync will have (the engine under test keeps its own; ` +
      `peak seen per run below); requests in floors leave out 429s (the service does not charge ` +
      `them); a list's floor counts that list's own requests and answer bytes`,
  );
  console.log(
    `  in sequence (each new connection opening in one RTT): a one-page list 2 RTT + its bytes ÷ ` +
      `bandwidth, a longer list 3 RTT + its bytes (page 1 tells how many follow), a whole run the ` +
      `larger of 5 RTT + the team list's bytes (the list, a live event, its parts) and 2 RTT + all its bytes`,
  );
  for (const { name, profile } of PROFILES) {
    console.log(
      `  ${name}: RTT ${profile.rttMs} ms, jitter 0..${profile.jitterMs} ms each way, ` +
        `${profile.bitsPerSecond / 1e6} Mbit/s each way, shared by all connections`,
    );
  }
  const trafficWidths = [11, 9, 11, 10, 7, 6, 7, 10, 9];
  console.log(
    columns(
      ['profile', 'scope', 'outcome', 'requests', '429s', 'peak', 'conns', 'down KB', 'up KB'],
      trafficWidths,
    ),
  );
  for (const run of figures.runs) {
    console.log(
      columns(
        [
          run.profile,
          run.scope,
          run.outcome,
          run.requests,
          run.rateLimitedAnswers,
          run.peakInFlight,
          run.connections,
          Math.round(run.bytesDown / 1024),
          Math.round(run.bytesUp / 1024),
        ],
        trafficWidths,
      ),
    );
  }
  console.log(`seconds from the first request / floor = ratio (target ≤ ${figures.targetRatio})`);
  const timeWidths = [11, 9, 26, 26, 26];
  console.log(columns(['profile', 'scope', 'events list', 'teams list', 'whole run'], timeWidths));
  for (const run of figures.runs) {
    console.log(
      columns(
        [
          run.profile,
          run.scope,
          describeMilestone(run.eventsList),
          describeMilestone(run.teamsList),
          describeMilestone(run.wholeRun),
        ],
        timeWidths,
      ),
    );
  }
  for (const run of figures.runs) {
    if (run.outcome === 'completed') continue;
    console.log(
      `${run.profile}, scope ${run.scope}: ${run.outcome}` +
        (run.problem === null ? '' : ` (${run.problem.code}): ${run.problem.message}`),
    );
  }
}

export async function runVenueBenchmark(): Promise<VenueBenchmarkFigures> {
  const { path: root, remove: removeRoot } = benchRoot('venue');
  try {
    const runs: VenueRun[] = [];
    for (const { name, profile } of PROFILES) {
      for (const scope of SCOPES) {
        runs.push(await runOnce(root, runs.length, name, profile, scope));
      }
    }
    const figures: VenueBenchmarkFigures = {
      benchmark: 'venue',
      dataSet: 'demo',
      pinnedNow: PINNED_NOW,
      floorModel: {
        ...FLOOR,
        formula: `max(what must happen in sequence, requests × RTT ÷ ${FLOOR.concurrency}, bytes ÷ bandwidth, (requests − ${FLOOR.burst}) ÷ ${FLOOR.perSecond}/s)`,
      },
      targetRatio: TARGET_RATIO,
      runs,
    };
    printTable(figures);
    console.log(JSON.stringify(figures));
    return figures;
  } finally {
    removeRoot();
  }
}
