import type { Distribution, SyncUnderLoad, UiBenchmarkFigures } from './ui';

/** One line of columns: the first left-aligned, the rest left-aligned too, padded to `widths`. */
function columns(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('');
}

const spread = (d: Distribution, unit = 'ms') =>
  `p50 ${d.p50} / p95 ${d.p95} / max ${d.max} ${unit} (${d.count})`;

const clock = (epochMs: number) => new Date(epochMs).toISOString().slice(11, 23);

function printSync(name: string, sync: SyncUnderLoad): void {
  console.log(`${name}: ${sync.what}`);
  console.log(
    `  sync ${sync.seconds} s, ${sync.summary.requests} requests, ${sync.summary.records} records, ` +
      `${sync.summary.resources.changed} of ${sync.summary.resources.pulled} resources changed`,
  );
  console.log(`  events:list ${spread(sync.list)}; app:info ${spread(sync.info)}`);
  const { delay, stalls } = sync.loop;
  console.log(
    `  main thread: loop delay p50 ${delay.p50} / p90 ${delay.p90} / p99 ${delay.p99} / max ${delay.max} ms; ` +
      `${stalls.count} stalls ≥ 10 ms (${stalls.over16Ms} > 16 ms, ${stalls.over50Ms} > 50 ms), ` +
      `${stalls.totalMs} ms of ${stalls.wallMs} ms stalled`,
  );
  const thread = sync.loop.mainThread;
  console.log(
    `  main thread: event loop busy ${(thread.loopUtilization * 100).toFixed(0)}% of the run; ` +
      `on a core ${thread.onCpuMs ?? '?'} ms, ready but waiting for a core ${thread.waitingForCpuMs ?? '?'} ms; ` +
      `the process used ${thread.processCpuMs} ms of CPU (service worker included); load average ${thread.loadAverage}`,
  );
  console.log(
    `  round trips over 16 ms: ${sync.slowCalls.slow}, of which ${sync.slowCalls.overlappingStall} overlapped a stall`,
  );
  console.log(
    `  longest stalls: ${sync.loop.longest
      .slice(0, 5)
      .map((stall) => `${stall.ms} ms at ${clock(stall.startAt)} (${stall.phase})`)
      .join('; ')}`,
  );
}

export function printUiTable(figures: UiBenchmarkFigures): void {
  const { targets, met } = figures;
  console.log(
    `built in ${figures.buildSeconds} s; service started in ${figures.serviceStartSeconds} s; ` +
      `Chromium ${figures.chromium}; load average ${figures.loadAverage.before} before, ` +
      `${figures.loadAverage.after} after; run ${figures.runSeconds} s`,
  );
  console.log(`cache: ${figures.cache}`);
  const widths = [22, 12, 50, 8, 10, 7];
  console.log(columns(['figure', 'measured', 'baseline, same run', 'ratio', 'target', ''], widths));
  const rows: [keyof typeof targets, string, string, number][] = [
    [
      'coldStartMs',
      `${figures.coldStartMs} ms`,
      `blank page from the same server: ${figures.coldStartBaselineMs} ms`,
      figures.coldStartRatio,
    ],
    [
      'quickOpenMs',
      `${figures.quickOpenMs} ms`,
      `bare search:query via window.api, p95: ${figures.quickOpenBaselineMs} ms`,
      figures.quickOpenRatio,
    ],
    [
      'scrollFrameP95Ms',
      `${figures.scrollFrameP95Ms} ms`,
      `rAF frames, same page standing still, p95: ${figures.scrollBaselineP95Ms} ms`,
      figures.scrollRatio,
    ],
    [
      'ipcRoundTripP95Ms',
      `${figures.ipcRoundTripP95Ms} ms`,
      `app:info round trip, p95: ${figures.ipcBaselineP95Ms} ms`,
      figures.ipcRatio,
    ],
    [
      'ipcDuringSyncP95Ms',
      `${figures.ipcDuringSyncP95Ms} ms`,
      `events:list idle, p95: ${figures.ipcRoundTripP95Ms} ms`,
      figures.ipcDuringSyncRatio,
    ],
    [
      'firstPaintJsKb',
      `${figures.firstPaintJsKb} kB`,
      `react + react-dom alone, min+gzip: ${figures.firstPaintJsBaselineKb} kB`,
      figures.firstPaintJsRatio,
    ],
  ];
  for (const [name, measured, baseline, ratio] of rows) {
    console.log(
      columns(
        [
          name,
          measured,
          baseline,
          String(ratio),
          `≤ ${targets[name]}`,
          met[name] ? 'met' : 'MISSED',
        ],
        widths,
      ),
    );
  }

  const cold = figures.coldStart;
  console.log(
    `cold start (median of ${cold.appMs.length}, navigation start to the first events row's frame): ` +
      `app ${cold.appMs.join(' ')} ms; blank ${cold.blankMs.join(' ')} ms; ` +
      `row in the DOM ${cold.appDomMs} ms, first contentful paint ${cold.firstContentfulPaintMs} ms`,
  );
  const quick = figures.quickOpen;
  console.log(
    `quick open: ${quick.queries} typed queries (${Object.entries(quick.kinds)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', ')}); last key to the frame with its results ${spread(quick.keyToResult)}; ` +
      `to the DOM ${spread(quick.keyToDom)}; search:query ${spread(quick.searchRoundTrip)}`,
  );
  console.log(
    `  key to search request ${spread(quick.phases.keyToRequest)}; request ${spread(quick.phases.request)}; ` +
      `answer to DOM ${spread(quick.phases.answerToDom)}; DOM to frame ${spread(quick.phases.domToFrame)}`,
  );
  console.log(
    `  slowest: ${quick.slowest.map((query) => `"${query.text}" ${query.ms} ms`).join(', ')}`,
  );
  const scroll = figures.scroll;
  const long = scroll.longAnimationFrames;
  console.log(
    `scroll: 10,000 teams in ${scroll.frames.count} frames (${scroll.rowsPerFrame} rows a frame), ` +
      `frames ${spread(scroll.frames)}, ${scroll.framesOver17Ms} over 17 ms; idle ${spread(scroll.idleFrames)}; ` +
      `${scroll.placeholderFrames} frames with a row still loading in view; at most ${scroll.maxRowsInDom} rows in the DOM; ` +
      `end reached: ${scroll.reachedEnd}` +
      (long === null
        ? ''
        : `; long animation frames ${long.count}, longest ${long.maxMs} ms, blocking ${long.totalBlockingMs} ms`),
  );
  console.log(
    `IPC idle: events:list ${spread(figures.ipcIdle.list)}; app:info ${spread(figures.ipcIdle.info)}; ` +
      `events:list before the full sync ${spread(figures.ipcIdle.listWithDefaultCache)}`,
  );
  printSync(`IPC during sync (headline, ipcDuringSyncP95Ms)`, figures.ipcDuringSync);
  printSync(
    `IPC during the first full sync (ipcDuringFirstFullSyncP95Ms ${figures.ipcDuringFirstFullSyncP95Ms} ms, target ≤ ${targets.ipcDuringSyncP95Ms})`,
    figures.ipcDuringFirstFullSync,
  );
  const paint = figures.firstPaint;
  console.log(
    `first contentful paint at ${paint.paintMs} ms; JavaScript before it, gzip level 6: ${figures.firstPaintJsKb} kB ` +
      `(level 9: ${paint.gzip9Kb} kB; minified by esbuild, then gzipped: ${paint.minifiedGzipKb} kB)`,
  );
  for (const script of paint.scripts) {
    console.log(
      `  ${script.path}: ${script.rawKb} kB raw, ${script.gzipKb} kB gzipped, ${script.minifiedGzipKb} kB minified+gzipped, ` +
        `requested at ${script.startMs} ms${script.beforePaint ? '' : ' (after the paint: not counted)'}`,
    );
  }
  console.log(
    `  the preview's bridge script, the preload's stand-in (not counted): ${paint.previewBridgeKb} kB gzipped`,
  );
  for (const { run, figures: rerun, attribution } of figures.diagnosis) {
    console.log(`diagnosis, ${run}, rerun with a CPU profile of the main thread:`);
    printSync('  rerun', rerun);
    console.log(
      `  inside the ${attribution.stallMs} ms of stalls: ${attribution.sampledMs} ms sampled on CPU, ` +
        `${attribution.offCpuMs} ms off CPU (profile clock skew ${attribution.clockSkewUs} µs); shares are of the stall time`,
    );
    for (const { area, ms, share } of attribution.byArea) {
      console.log(
        `    ${String(ms).padStart(7)} ms ${(share * 100).toFixed(1).padStart(5)}%  ${area}`,
      );
    }
    console.log('  by the innermost project function on the stack:');
    for (const { name, ms, share } of attribution.byProjectFunction) {
      console.log(
        `    ${String(ms).padStart(7)} ms ${(share * 100).toFixed(1).padStart(5)}%  ${name}`,
      );
    }
    console.log('  by the function running (self):');
    for (const { name, ms, share } of attribution.bySelf) {
      console.log(
        `    ${String(ms).padStart(7)} ms ${(share * 100).toFixed(1).padStart(5)}%  ${name}`,
      );
    }
    console.log('  the longest stalls:');
    for (const stall of attribution.longest) {
      console.log(`    ${stall.ms} ms at ${clock(stall.startAt)} (${stall.phase}): ${stall.areas}`);
    }
  }
  for (const warning of figures.warnings) console.log(`warning: ${warning}`);
}
