import { runAnalysisBenchmark } from './analysis';
import { runBundleBenchmark } from './bundle';
import { runEditsBenchmark } from './edits';
import { runUnguardedEditsBenchmark } from './unguarded-edits';
import { runScopeCostBenchmark } from './scope-cost';
import { runServerBenchmark } from './server';
import { runShareBenchmark } from './share';
import { runSyncBenchmark } from './sync';
import { runUiBenchmark } from './ui';
import { runVenueBenchmark } from './venue';

/**
 * `npm run bench -- <name>` runs one benchmark, `npm run bench` all of them in turn. Each prints
 * a readable table and ends with one line of JSON holding its figures.
 */
const BENCHMARKS: Readonly<Record<string, { description: string; run: () => Promise<unknown> }>> = {
  server: {
    description: 'reference service on the large data set against a bare node:http baseline',
    run: runServerBenchmark,
  },
  sync: {
    description: 'full, unchanged and revalidating syncs of the large data set, and cached queries',
    run: runSyncBenchmark,
  },
  venue: {
    description: 'syncs of the demo data through good and bad venue wifi, against network floors',
    run: runVenueBenchmark,
  },
  'scope-cost': {
    description: 'requests and time of the default scope against the lists alone, on the demo data',
    run: runScopeCostBenchmark,
  },
  edits: {
    description: 'an organizer saving edits, idle and during a full sync, and a backlog sent',
    run: runEditsBenchmark,
  },
  'unguarded-edits': {
    description: 'a backlog of edits sent to a service without ETags, second looks included',
    run: runUnguardedEditsBenchmark,
  },
  analysis: {
    description:
      'rankings, OPR, Ratings, predictions and what-if on the large data set, on the worker',
    run: runAnalysisBenchmark,
  },
  share: {
    description:
      'a whole large copy synced from a venue share against the same sync from the reference service, and at the share rate limit',
    run: runShareBenchmark,
  },
  bundle: {
    description:
      'a season bundle of the large data set written and merged, against its SQLite file',
    run: runBundleBenchmark,
  },
  ui: {
    description: 'the built app in headless Chromium through the preview, on the large data set',
    run: runUiBenchmark,
  },
};

/**
 * No benchmark may hold the machine longer than this, whatever hangs. The whole set took up to
 * 20 minutes before `ui` (4 to 6 minutes on the shared build machine) and `share` (up to about 13,
 * its syncs from the share being cut off at three times the service's) joined it.
 */
const TIME_LIMIT_MS = 45 * 60_000;

function usage(): string {
  return [
    'usage: npm run bench -- [name …]',
    ...Object.entries(BENCHMARKS).map(
      ([name, { description }]) => `  ${name.padEnd(10)} ${description}`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  if (names.includes('--help')) {
    console.log(usage());
    return;
  }
  const unknown = names.filter((name) => !(name in BENCHMARKS));
  if (unknown.length > 0) {
    console.error(`unknown benchmark ${unknown.join(', ')}\n${usage()}`);
    process.exitCode = 2;
    return;
  }
  const chosen = names.length > 0 ? names : Object.keys(BENCHMARKS);
  for (const name of chosen) {
    const benchmark = BENCHMARKS[name];
    if (benchmark === undefined) continue;
    console.log(`== ${name}: ${benchmark.description}`);
    await benchmark.run();
  }
}

const watchdog = setTimeout(() => {
  console.error(`benchmarks still running after ${TIME_LIMIT_MS / 60_000} minutes; stopping`);
  process.exit(1);
}, TIME_LIMIT_MS);
watchdog.unref();

main().then(
  // Children are gone by now, but autocannon may keep sockets in their closing state a while.
  () => process.exit(),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
