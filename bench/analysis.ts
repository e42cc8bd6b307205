import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCredentials } from '../src/main/credentials/credentials';
import { openDataLayer, type DataLayer } from '../src/main/data-layer';
import { createDispatcher, type Dispatch } from '../src/main/ipc/dispatcher';
import { createHandlers } from '../src/main/services';
import { hiddenStrengths } from '../src/server/demo/strengths';
import { startServer } from '../src/server/start';
import { TEST_IDENTITY } from '../test/harness/layer-dispatch';
import {
  accuracyFigures,
  oprFigures,
  replayFigures,
  wholeAnalysis,
  whatIfFigures,
} from './analysis-figures';
import { BUILT_WORKER } from '../src/main/analysis/worker-script';
import { benchRoot } from './bench-root';
import { percentile } from './cache-queries';

/*
 * The analysis on the `large` data set, synced in full from the reference service over loopback
 * into a fresh cache. Figures with a baseline are ratios to it, measured in the same run; the
 * others are printed against the targets, never checked against them.
 */

const PINNED_NOW = '2026-11-21T12:00:00Z';
/** `demo` for a quick look at the figures' plumbing; the issue's figures are on `large`. */
const SIZE = process.env.PITSIDE_BENCH_ANALYSIS_SIZE === 'demo' ? 'demo' : 'large';
const WHAT_IF_RUNS = 10_000;
const IDLE_CALLS = 400;
const WARM_UP_CALLS = 50;
/** A coin flip's Brier score: the predictions' baseline. */
const COIN_FLIP_BRIER = 0.25;

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

async function syncedLarge(): Promise<{ layer: DataLayer; seconds: number; close: () => void }> {
  const key = `viewer-${randomBytes(8).toString('hex')}`;
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    db: ':memory:',
    data: SIZE,
    seed: 1,
    keys: [{ key, role: 'viewer' }],
    now: PINNED_NOW,
    rateLimit: null,
    extensions: true,
  });
  const root = benchRoot('analysis');
  const layer = openDataLayer({
    dataDirectory: root.path,
    fetch,
    // The key comes from the override; the keychain is never asked.
    credentials: createCredentials(() => Promise.reject(new Error('no keychain in the bench'))),
    defaultBaseUrl: server.url,
    keyOverride: { baseUrl: server.url, key, from: 'environment' },
    now: () => new Date(PINNED_NOW),
    // The worker as the app runs it, built by electron-vite, when there is a build: from source
    // its start would count tsx compiling it.
    ...(existsSync(BUILT_WORKER_PATH)
      ? { analysisWorker: { script: BUILT_WORKER_PATH, eval: false } }
      : {}),
  });
  console.log(
    existsSync(BUILT_WORKER_PATH)
      ? `analysis worker: the build's (${BUILT_WORKER_PATH})`
      : 'analysis worker: from source through tsx (no build: run `npm run build` first)',
  );
  try {
    const started = performance.now();
    const summary = await layer.engine.run({ scope: 'all' });
    if (summary.outcome !== 'completed') throw new Error(`the sync ended ${summary.outcome}`);
    return { layer, seconds: (performance.now() - started) / 1000, close: () => root.remove() };
  } finally {
    await server.close();
  }
}

/**
 * One page of the events list through the dispatcher, as the renderer asks for it; in ms. Each
 * call starts from the event loop, as an IPC message does: a loop of calls chained by promises
 * alone would never let the worker's answers in.
 */
async function pageRoundTrip(dispatch: Dispatch, call: number): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  const started = performance.now();
  const answer = await dispatch('events:list', { page: (call % 20) + 1, perPage: 25 });
  if (!answer.ok) throw new Error(`events:list failed: ${answer.error.message}`);
  return performance.now() - started;
}

/** Page round trips until `done` resolves, one after another. */
async function roundTripsUntil(dispatch: Dispatch, done: Promise<void>): Promise<number[]> {
  let finished = false;
  void done.then(() => (finished = true));
  const samples: number[] = [];
  for (let call = 0; !finished; call++) samples.push(await pageRoundTrip(dispatch, call));
  return samples;
}

const BUILT_WORKER_PATH = join(import.meta.dirname, '..', 'out', 'main', BUILT_WORKER);

export async function runAnalysisBenchmark(): Promise<Record<string, unknown>> {
  const synced = await syncedLarge();
  const { layer } = synced;
  try {
    const dispatch = createDispatcher(createHandlers(TEST_IDENTITY, layer.handlers));
    const db = layer.cache.reader;
    const matches = Number(db.prepare('SELECT count(*) FROM matches').pluck().get());
    console.log(`full sync of ${SIZE}: ${round(synced.seconds, 1)} s, ${matches} matches cached`);

    for (let call = 0; call < WARM_UP_CALLS; call++) await pageRoundTrip(dispatch, call);
    const idle: number[] = [];
    for (let call = 0; call < IDLE_CALLS; call++) idle.push(await pageRoundTrip(dispatch, call));

    console.log(
      `page round trips idle: p95 ${round(
        percentile(
          [...idle].sort((a, b) => a - b),
          0.95,
        ),
        3,
      )} ms`,
    );
    // The whole analysis on the worker, from its start to its first answer, while main keeps
    // answering pages.
    const workerStarted = performance.now();
    layer.analysis.start();
    const busy = await roundTripsUntil(dispatch, layer.analysis.settled());
    const workerMs = performance.now() - workerStarted;

    console.log(
      `whole analysis on the worker: ${round(workerMs)} ms, ${busy.length} page calls meanwhile`,
    );
    const opr = oprFigures(db);
    console.log(`OPR p95 ${round(opr.p95Ms, 3)} ms, dense ${round(opr.denseP95Ms, 3)} ms`);
    const replay = replayFigures(db);
    const whole = wholeAnalysis(db, new Date(PINNED_NOW));
    const whatIf = whatIfFigures(whole.model, db, WHAT_IF_RUNS);
    const strengths = hiddenStrengths({ seed: 1, size: SIZE, now: new Date(PINNED_NOW) });
    const accuracy = accuracyFigures(whole.model, db, strengths);

    const sortedIdle = idle.sort((a, b) => a - b);
    const sortedBusy = busy.sort((a, b) => a - b);
    const idleP95 = percentile(sortedIdle, 0.95);
    const busyP95 = percentile(sortedBusy, 0.95);
    const figures = {
      oprEvents: opr.events,
      oprP95Ms: round(opr.p95Ms, 3),
      oprDenseP95Ms: round(opr.denseP95Ms, 3),
      oprRatio: round(opr.p95Ms / opr.denseP95Ms, 3),
      replayMatches: replay.matches,
      replayMs: round(replay.ms, 1),
      wholeInProcessMs: round(whole.ms, 1),
      wholeOnWorkerMs: round(workerMs, 1),
      whatIf: whatIf === null ? null : { ...whatIf, ms: round(whatIf.ms, 1) },
      pageIdleP95Ms: round(idleP95, 3),
      pageBusyP95Ms: round(busyP95, 3),
      pageBusyCalls: busy.length,
      pageRatio: round(busyP95 / idleP95),
      oprCorrelation: round(accuracy.oprCorrelation, 3),
      ratingCorrelation: round(accuracy.ratingCorrelation, 3),
      predicted: accuracy.predicted,
      called: accuracy.called,
      predictionsRight: round(accuracy.right / accuracy.called, 3),
      brier: round(accuracy.brier, 4),
      brierRatio: round(accuracy.brier / COIN_FLIP_BRIER, 3),
    };
    console.table({
      [`OPR/DPR/CCWM per event, p95 over ${opr.events} events (ms)`]: {
        measured: figures.oprP95Ms,
        baseline: `${figures.oprDenseP95Ms} dense QR`,
        ratio: figures.oprRatio,
        target: '≤ 2 ms',
      },
      [`season Ratings replayed, ${replay.matches} matches (ms)`]: {
        measured: figures.replayMs,
        baseline: '—',
        ratio: '—',
        target: '≤ 1000 ms',
      },
      'whole analysis after the sync (ms)': {
        measured: `${figures.wholeOnWorkerMs} on the worker (start included)`,
        baseline: `${figures.wholeInProcessMs} in process`,
        ratio: round(workerMs / whole.ms),
        target: '≤ 3000 ms on the worker',
      },
      'what-if (ms)':
        whatIf === null
          ? { measured: 'no event still to play', baseline: '—', ratio: '—', target: '≤ 1000 ms' }
          : {
              measured: `${round(whatIf.ms, 1)} (${whatIf.runs} runs, ${whatIf.teams} teams, ${whatIf.remaining} matches left)`,
              baseline: '—',
              ratio: '—',
              target: '≤ 1000 ms',
            },
      'page round trip p95 while the worker computes (ms)': {
        measured: `${figures.pageBusyP95Ms} (${busy.length} calls)`,
        baseline: `${figures.pageIdleP95Ms} idle`,
        ratio: figures.pageRatio,
        target: '≤ 1.2',
      },
      'Pearson r with hidden strength': {
        measured: `OPR ${figures.oprCorrelation} (${accuracy.oprPairs}), Rating ${figures.ratingCorrelation} (${accuracy.ratingPairs})`,
        baseline: '—',
        ratio: '—',
        target: 'print',
      },
      [`predictions of ${accuracy.predicted} played matches`]: {
        measured: `${figures.predictionsRight} of ${figures.called} calls right, Brier ${figures.brier}`,
        baseline: `coin flip ${COIN_FLIP_BRIER}`,
        ratio: figures.brierRatio,
        target: 'print',
      },
    });
    console.log(JSON.stringify(figures));
    return figures;
  } finally {
    await layer.close();
    synced.close();
  }
}
