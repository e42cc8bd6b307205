/*
 * What the UI benchmark runs inside the page. Every exported function is handed to Playwright's
 * `page.evaluate`, which sends its source text to the browser: each must be self-contained (no
 * imports, no outside variables), and must not rely on anything but the DOM and `window.api`.
 * tsx compiles with esbuild's keepNames, which wraps nested functions in `__name(…)` calls;
 * INIT_SCRIPT defines that helper in every page.
 */

import type { PitsideApi } from '../src/shared/ipc/bridge';

/** What a page marks by itself from its first moment, in `performance.now()` time. */
export interface PageMarks {
  /** The first events table row is in the DOM, and a frame after it has been produced. */
  eventsPaintedDom?: number;
  eventsPainted?: number;
  /** The same for the blank baseline page's one paragraph. */
  blankPaintedDom?: number;
  blankPainted?: number;
}

interface BenchWindow {
  __uiBench?: {
    marks: PageMarks;
    keyWatch?: Promise<KeyTiming>;
    stop?: boolean;
  };
}

/** The blank page the cold start is measured against; served from a copy of the build. */
export const BLANK_PAGE = 'bench-blank.html';
export const BLANK_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>blank</title>
  </head>
  <body>
    <p id="blank-mark">blank</p>
  </body>
</html>
`;

/**
 * Runs before any script of the page. "Painted" is the end of the first frame produced after the
 * element entered the DOM: the first requestAnimationFrame after it, then a task queued from there
 * (which runs once that frame's style, layout and paint are done).
 */
export const INIT_SCRIPT = `
globalThis.__name = (target) => target;
(() => {
  const marks = {};
  window.__uiBench = { marks };
  const afterPaint = (name) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        marks[name] = performance.now();
      };
      channel.port2.postMessage(null);
    });
  const watch = (selector, name) => {
    const found = () => {
      if (document.querySelector(selector) === null) return false;
      marks[name + 'Dom'] = performance.now();
      afterPaint(name);
      return true;
    };
    if (found()) return;
    const observer = new MutationObserver(() => {
      if (found()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  };
  if (location.pathname.endsWith('/${BLANK_PAGE}')) watch('#blank-mark', 'blankPainted');
  else watch('[data-testid="event-row"]', 'eventsPainted');
})();
`;

export interface LoadFigures {
  marks: PageMarks;
  firstPaint: number | null;
  firstContentfulPaint: number | null;
  resources: { url: string; startTime: number; responseEnd: number; initiatorType: string }[];
}

/** After a load: the page's own marks, its paint entries and every resource it fetched. */
export function readLoad(): LoadFigures {
  const bench = (window as BenchWindow).__uiBench;
  const paint = (name: string) =>
    performance.getEntriesByType('paint').find((entry) => entry.name === name)?.startTime ?? null;
  return {
    marks: bench?.marks ?? {},
    firstPaint: paint('first-paint'),
    firstContentfulPaint: paint('first-contentful-paint'),
    resources: performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .map((entry) => ({
        url: entry.name,
        startTime: entry.startTime,
        responseEnd: entry.responseEnd,
        initiatorType: entry.initiatorType,
      })),
  };
}

export interface IpcSample {
  /** `performance.timeOrigin + performance.now()` when the call was made: epoch milliseconds. */
  at: number;
  ms: number;
}

export interface IpcRun {
  list: IpcSample[];
  info: IpcSample[];
  failures: string[];
}

/**
 * `calls` round trips of an `events:list` page (cycling through `pages` pages of `perPage`) and,
 * after each, one of `app:info`: the same transport and dispatch with next to nothing to do. With
 * `untilStopped`, goes on until `stopIpcLoop` is called instead, `pauseMs` apart.
 */
export async function ipcLoop(options: {
  calls: number;
  pages: number;
  perPage: number;
  untilStopped: boolean;
  pauseMs: number;
}): Promise<IpcRun> {
  const api = (window as { api?: PitsideApi }).api;
  if (api === undefined) throw new Error('window.api is missing');
  const bench = ((window as BenchWindow).__uiBench ??= { marks: {} });
  bench.stop = false;
  const stopped = () => bench.stop === true;
  const run: IpcRun = { list: [], info: [], failures: [] };
  const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
  for (let call = 0; options.untilStopped ? !stopped() : call < options.calls; call++) {
    let at = performance.timeOrigin + performance.now();
    let started = performance.now();
    const list = await api.events.list({
      page: (call % options.pages) + 1,
      perPage: options.perPage,
    });
    run.list.push({ at, ms: performance.now() - started });
    if (!list.ok) run.failures.push(`events:list ${list.error.code}`);
    at = performance.timeOrigin + performance.now();
    started = performance.now();
    const info = await api.app.info();
    run.info.push({ at, ms: performance.now() - started });
    if (!info.ok) run.failures.push(`app:info ${info.error.code}`);
    if (options.pauseMs > 0) await sleep(options.pauseMs);
  }
  return run;
}

export function stopIpcLoop(): void {
  const bench = ((window as BenchWindow).__uiBench ??= { marks: {} });
  bench.stop = true;
}

/** What quick open shows now: its team and event options, as cmdk values, sorted. */
export function quickOpenValues(): string[] {
  return [...document.querySelectorAll('[cmdk-item]')]
    .map((item) => item.getAttribute('data-value') ?? '')
    .filter((value) => value.startsWith('team:') || value.startsWith('event:'))
    .sort();
}

/** The bare round trip under quick open: `search:query` through `window.api`, timed. */
export async function timedSearch(input: {
  text: string;
  limit: number;
}): Promise<{ ms: number; values: string[] }> {
  const api = (window as { api?: PitsideApi }).api;
  if (api === undefined) throw new Error('window.api is missing');
  const started = performance.now();
  const result = await api.search.query(input);
  const ms = performance.now() - started;
  if (!result.ok) throw new Error(`search:query failed: ${result.error.code}`);
  const values = [
    ...result.value.teams.map((team) => `team:${team.number}`),
    ...result.value.events.map((event) => `event:${event.id}`),
  ].sort();
  return { ms, values };
}

export interface KeyTiming {
  /** The keydown event's own time stamp: when the browser took the key in. */
  keyAt: number;
  /** When the expected options were all in the DOM. */
  domAt: number;
  /** The end of the first frame produced after that. */
  paintedAt: number;
  /**
   * The first bridge request after the key (the search; a read-ahead of the highlighted result
   * comes after it), from resource timing: when it was sent and when its answer was in.
   */
  requestAt: number | null;
  answeredAt: number | null;
}

/**
 * Arms a watch for the next key press: it resolves once quick open's team and event options are
 * exactly `expected` (sorted cmdk values) and a frame with them has been produced.
 */
export function armKeyWatch(expected: string[]): void {
  const bench = ((window as BenchWindow).__uiBench ??= { marks: {} });
  const wanted = expected.join('\n');
  // The buffer holds 250 entries; each key starts from an empty one.
  performance.clearResourceTimings();
  bench.keyWatch = new Promise<KeyTiming>((resolve) => {
    let keyAt: number | null = null;
    let domAt: number | null = null;
    const shown = () =>
      [...document.querySelectorAll('[cmdk-item]')]
        .map((item) => item.getAttribute('data-value') ?? '')
        .filter((value) => value.startsWith('team:') || value.startsWith('event:'))
        .sort()
        .join('\n') === wanted;
    const check = () => {
      if (keyAt === null || domAt !== null || !shown()) return;
      domAt = performance.now();
      observer.disconnect();
      const key = keyAt;
      const dom = domAt;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const paintedAt = performance.now();
          const request = performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('/__ipc') && entry.startTime >= key)
            .sort((a, b) => a.startTime - b.startTime)[0] as PerformanceResourceTiming | undefined;
          resolve({
            keyAt: key,
            domAt: dom,
            paintedAt,
            requestAt: request?.startTime ?? null,
            answeredAt: request?.responseEnd ?? null,
          });
        };
        channel.port2.postMessage(null);
      });
    };
    const observer = new MutationObserver(check);
    document.addEventListener(
      'keydown',
      (event) => {
        // The event's time stamp is when the browser received the key, before any handler ran.
        keyAt = event.timeStamp > 0 ? event.timeStamp : performance.now();
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          attributes: true,
          attributeFilter: ['data-value'],
        });
        queueMicrotask(check);
      },
      { capture: true, once: true },
    );
  });
}

export function awaitKeyWatch(): Promise<KeyTiming> {
  const watch = (window as BenchWindow).__uiBench?.keyWatch;
  if (watch === undefined) throw new Error('no key watch armed');
  return watch;
}

export interface FrameRun {
  /** Time between consecutive requestAnimationFrame callbacks, in ms. */
  frames: number[];
  /** Frames at whose start a row in view was still a loading placeholder. */
  placeholderFrames: number;
  /** Rows in the DOM, most seen in one frame. */
  maxRows: number;
  reachedEnd: boolean;
  lastTeamShown: string | null;
  longAnimationFrames: { duration: number; blockingDuration: number }[];
}

/**
 * Scrolls the teams grid from top to bottom in `frames` equal steps, one per animation frame, and
 * records every frame's length. With `scroll: false`, records as many frames of the same page
 * standing still: the baseline.
 */
export function scrollFrames(options: { frames: number; scroll: boolean }): Promise<FrameRun> {
  const grid = document.querySelector<HTMLElement>('[data-testid="teams-list"]');
  if (grid === null) throw new Error('no teams list on the page');
  const longFrames: FrameRun['longAnimationFrames'] = [];
  let observer: PerformanceObserver | null = null;
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const blocking = (entry as PerformanceEntry & { blockingDuration?: number })
          .blockingDuration;
        longFrames.push({ duration: entry.duration, blockingDuration: blocking ?? 0 });
      }
    });
    observer.observe({ type: 'long-animation-frame', buffered: false });
  }
  grid.scrollTop = 0;
  const end = grid.scrollHeight - grid.clientHeight;
  const step = end / options.frames;
  const view = grid.getBoundingClientRect();
  const run: FrameRun = {
    frames: [],
    placeholderFrames: 0,
    maxRows: 0,
    reachedEnd: false,
    lastTeamShown: null,
    longAnimationFrames: longFrames,
  };
  return new Promise((resolve) => {
    let last: number | null = null;
    let done = 0;
    const frame = (time: number) => {
      if (last !== null) run.frames.push(time - last);
      last = time;
      const rows = grid.querySelectorAll('.teams-row');
      run.maxRows = Math.max(run.maxRows, rows.length);
      for (const row of grid.querySelectorAll('.teams-row.placeholder')) {
        const box = row.getBoundingClientRect();
        if (box.bottom > view.top && box.top < view.bottom) {
          run.placeholderFrames += 1;
          break;
        }
      }
      if (done >= options.frames) {
        observer?.disconnect();
        run.reachedEnd = !options.scroll || grid.scrollTop >= end - 1;
        const shown = grid.querySelectorAll<HTMLElement>('[data-team-number]');
        run.lastTeamShown = shown[shown.length - 1]?.dataset.teamNumber ?? null;
        resolve(run);
        return;
      }
      done += 1;
      if (options.scroll) grid.scrollTop = Math.min(end, Math.round(step * done));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Whether quick open's team and event options are exactly `wanted` (sorted values, one a line). */
export function quickOpenShows(wanted: string): boolean {
  return (
    [...document.querySelectorAll('[cmdk-item]')]
      .map((item) => item.getAttribute('data-value') ?? '')
      .filter((value) => value.startsWith('team:') || value.startsWith('event:'))
      .sort()
      .join('\n') === wanted
  );
}

/**
 * Texts a person would type into quick open, from teams and events spread over the cached lists:
 * numbers, the start of names, event codes. Twice as many of each kind as will be used, since a
 * text whose last key changes nothing shown is left out.
 */
export async function sampleQueries(): Promise<{ kind: string; text: string }[]> {
  const api = (window as { api?: PitsideApi }).api;
  if (api === undefined) throw new Error('window.api is missing');
  const teams: { number: number; name: string }[] = [];
  for (let page = 1; page <= 100; page += 5) {
    const answer = await api.teams.list({ page, perPage: 100 });
    if (!answer.ok) throw new Error(`teams:list failed: ${answer.error.code}`);
    for (const at of [13, 58, 91]) {
      const team = answer.value.data[at];
      if (team !== undefined) teams.push({ number: team.number, name: team.name });
    }
  }
  const events: { id: string; name: string }[] = [];
  for (let page = 1; page <= 40; page += 2) {
    const answer = await api.events.list({ page, perPage: 50 });
    if (!answer.ok) throw new Error(`events:list failed: ${answer.error.code}`);
    for (const at of [7, 22, 33, 46]) {
      const event = answer.value.data[at];
      if (event !== undefined) events.push({ id: event.id, name: event.name });
    }
  }
  const queries: { kind: string; text: string }[] = [];
  for (const team of teams) {
    queries.push({ kind: 'team number', text: String(team.number) });
    queries.push({ kind: 'team name', text: team.name.slice(0, 7).trim() });
  }
  for (const event of events) {
    queries.push({ kind: 'event code', text: event.id });
    queries.push({ kind: 'event name', text: event.name.slice(0, 7).trim() });
  }
  return queries;
}

/** Settings' "Clear cache": what was synced is forgotten and a default sync starts. */
export async function clearCache(): Promise<boolean> {
  const api = (window as { api?: PitsideApi }).api;
  if (api === undefined) throw new Error('window.api is missing');
  const answer = await api.cache.clear();
  return answer.ok && answer.value.cleared;
}
