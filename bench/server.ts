import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { generateDataset } from '../src/server/demo/generate';
import { importDataset } from '../src/server/store/import';
import { openServerDatabase } from '../src/server/store/schema';
import { startChild, type StartedChild } from './children';
import { measure, type LoadFigures, type LoadOptions } from './load';

/*
 * The reference service under load on the `large` data set, against a bare `node:http` server
 * that answers the same bytes: the ratio says how much of the machine's HTTP capacity the service
 * keeps while doing its real work (routing, auth, SQLite, JSON). Target: at least 0.5.
 */

const LOAD: Omit<LoadOptions, 'headers'> = {
  connections: 16,
  warmUpSeconds: 2,
  durationSeconds: 5,
};

/** A substring found in many event names and ids of the large data set ("Regional", "Santa …"). */
const COMMON_SEARCH = 'an';

const ENDPOINTS = ['/v1/teams?perPage=100', `/v1/events?search=${COMMON_SEARCH}`] as const;

/** Generating and importing `large` in the service takes seconds; a slow machine gets a margin. */
const SERVICE_START_TIMEOUT_MS = 120_000;
const BASELINE_START_TIMEOUT_MS = 20_000;

/** What the service's command line and the baseline both print once they accept connections. */
const LISTENING = /^listening on (\S+)/;

const SERVER_CLI = fileURLToPath(new URL('../src/server/cli.ts', import.meta.url));
const BASELINE = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));

interface EndpointFigures {
  path: string;
  /** Whether the service's response cache could answer (the same URL each time) or not. */
  cache: 'hit' | 'bypassed';
  bytes: number;
  service: LoadFigures;
  baseline: LoadFigures;
  /** Service throughput over baseline throughput. */
  ratio: number;
}

export interface ServerBenchmarkFigures {
  benchmark: 'server';
  generateLargeMs: number;
  importLargeMs: number;
  rows: Record<string, number>;
  connections: number;
  durationSeconds: number;
  endpoints: EndpointFigures[];
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}

/** The generator and importer alone, in this process, before anything else competes for the CPU. */
function timeLargeDataset(): Pick<
  ServerBenchmarkFigures,
  'generateLargeMs' | 'importLargeMs' | 'rows'
> {
  let since = performance.now();
  const dataset = generateDataset({ size: 'large', seed: 1, now: new Date() });
  const generateLargeMs = elapsed(since);
  const db = openServerDatabase(':memory:');
  try {
    since = performance.now();
    importDataset(db, dataset);
    const importLargeMs = elapsed(since);
    const rows = Object.fromEntries(
      Object.entries(dataset).map(([name, records]: [string, unknown[]]) => [name, records.length]),
    );
    return { generateLargeMs, importLargeMs, rows };
  } finally {
    db.close();
  }
}

async function fetchBody(url: string, headers: Record<string, string>): Promise<Buffer> {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) {
    throw new Error(
      `GET ${url} answered ${response.status}: ${body.toString('utf8').slice(0, 200)}`,
    );
  }
  return body;
}

/** The service in a child process, with a viewer key of ours so that events can be listed. */
async function startService(): Promise<{ child: StartedChild; url: string; viewerKey: string }> {
  const viewerKey = `bench-viewer-${randomBytes(12).toString('hex')}`;
  const child = await startChild({
    args: ['--import', 'tsx', SERVER_CLI, '--port', '0', '--data', 'large', '--rate-limit', 'off'],
    ready: LISTENING,
    timeoutMs: SERVICE_START_TIMEOUT_MS,
    env: { PITSIDE_SERVER_KEYS: JSON.stringify({ keys: [{ key: viewerKey, role: 'viewer' }] }) },
  });
  return { child, url: listeningUrl(child), viewerKey };
}

function listeningUrl(child: StartedChild): string {
  for (const line of child.lines) {
    const url = LISTENING.exec(line)?.[1];
    if (url !== undefined) return url;
  }
  throw new Error('the child did not say where it listens');
}

function pad(text: string | number, width: number): string {
  return String(text).padStart(width);
}

function printTable(figures: ServerBenchmarkFigures): void {
  console.log(
    `large data set: generated in ${figures.generateLargeMs} ms, imported in ${figures.importLargeMs} ms ` +
      `(${Object.entries(figures.rows)
        .map(([name, count]) => `${count} ${name}`)
        .join(', ')})`,
  );
  console.log(
    `load: ${figures.connections} connections, ${figures.durationSeconds} s each after a ${LOAD.warmUpSeconds} s warm-up`,
  );
  console.log(
    `${'endpoint'.padEnd(50)}${pad('bytes', 8)} | ${pad('service req/s', 13)}${pad('p50', 6)}${pad('p99', 6)} | ` +
      `${pad('baseline req/s', 14)}${pad('p50', 6)}${pad('p99', 6)} | ${pad('ratio', 6)}`,
  );
  for (const endpoint of figures.endpoints) {
    const { service, baseline } = endpoint;
    console.log(
      `${`GET ${endpoint.path} (cache ${endpoint.cache})`.padEnd(50)}${pad(endpoint.bytes, 8)} | ` +
        `${pad(service.requestsPerSecond, 13)}${pad(`${service.p50Ms}ms`, 6)}${pad(`${service.p99Ms}ms`, 6)} | ` +
        `${pad(baseline.requestsPerSecond, 14)}${pad(`${baseline.p50Ms}ms`, 6)}${pad(`${baseline.p99Ms}ms`, 6)} | ` +
        `${pad(endpoint.ratio.toFixed(2), 6)}${endpoint.ratio >= 0.5 ? '' : '  below the 0.5 target'}`,
    );
    for (const [name, run] of [
      ['service', service],
      ['baseline', baseline],
    ] as const) {
      if (run.failures > 0)
        console.log(`  warning: ${run.failures} of ${run.requests} ${name} requests failed`);
    }
  }
}

export async function runServerBenchmark(): Promise<ServerBenchmarkFigures> {
  const dataset = timeLargeDataset();
  const service = await startService();
  let baseline: StartedChild | null = null;
  try {
    const headers = { authorization: `Bearer ${service.viewerKey}` };
    const bodies = new Map<string, Buffer>();
    for (const path of ENDPOINTS)
      bodies.set(path, await fetchBody(`${service.url}${path}`, headers));
    baseline = await startChild({
      args: ['--import', 'tsx', BASELINE],
      ready: LISTENING,
      timeoutMs: BASELINE_START_TIMEOUT_MS,
      input: JSON.stringify(
        Object.fromEntries([...bodies].map(([path, body]) => [path, body.toString('base64')])),
      ),
    });
    const baselineUrl = listeningUrl(baseline);

    const endpoints: EndpointFigures[] = [];
    for (const path of ENDPOINTS)
      for (const uncached of [false, true]) {
        const options = { ...LOAD, headers, uncached };
        const serviceFigures = await measure(`${service.url}${path}`, options);
        const baselineFigures = await measure(`${baselineUrl}${path}`, options);
        endpoints.push({
          path,
          cache: uncached ? 'bypassed' : 'hit',
          bytes: bodies.get(path)?.length ?? 0,
          service: serviceFigures,
          baseline: baselineFigures,
          ratio:
            Math.round(
              (serviceFigures.requestsPerSecond / baselineFigures.requestsPerSecond) * 100,
            ) / 100,
        });
      }
    const figures: ServerBenchmarkFigures = {
      benchmark: 'server',
      ...dataset,
      connections: LOAD.connections,
      durationSeconds: LOAD.durationSeconds,
      endpoints,
    };
    printTable(figures);
    console.log(JSON.stringify(figures));
    return figures;
  } finally {
    await Promise.all([service.child.stop(), baseline?.stop()]);
  }
}
