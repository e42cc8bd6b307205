import type { Profiler } from 'node:inspector';
import { Session } from 'node:inspector/promises';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { relative } from 'node:path';
import {
  monitorEventLoopDelay,
  performance as nodePerformance,
  type EventLoopUtilization,
} from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/*
 * Why the main thread answers late while a sync runs: the event loop's delay histogram, every
 * stall (a run of the loop that kept a 1 ms timer waiting), and, on request, a CPU profile whose
 * samples inside the stalls say what the thread was doing.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TICK_MS = 1;
/** A gap between timer ticks this much longer than the tick is counted as a stall. */
const STALL_MS = 10;
/** The profiler's sampling interval; a longer gap between two samples is time off CPU. */
const SAMPLING_US = 500;
const OFF_CPU = 'off CPU: no sample (the thread, or the profiler, waiting for a core)';

export interface Stall {
  /** Epoch milliseconds (`performance.timeOrigin` based), to match the page's time stamps. */
  startAt: number;
  ms: number;
  /** What the sync reported doing when the stall began. */
  phase: string;
}

export interface LoopFigures {
  /** From perf_hooks.monitorEventLoopDelay (10 ms resolution), in ms. */
  delay: { p50: number; p90: number; p99: number; max: number; mean: number };
  stalls: { count: number; over16Ms: number; over50Ms: number; totalMs: number; wallMs: number };
  /** The longest stalls first. */
  longest: Stall[];
  /**
   * The main thread over the whole run: how much of the time its event loop was busy, how long
   * it ran on a core and how long it was ready to run but waited for one (Linux schedstat; null
   * elsewhere), and the CPU the whole process used (the service's worker thread included).
   */
  mainThread: {
    loopUtilization: number;
    onCpuMs: number | null;
    waitingForCpuMs: number | null;
    processCpuMs: number;
    loadAverage: number;
  };
}

export interface Attribution {
  /**
   * Stall time, in ms, by what the code belongs to. Time the profile holds no sample for (the
   * thread, or the profiler's, waiting for a core) is counted apart, as off CPU.
   */
  byArea: { area: string; ms: number; share: number }[];
  /** The same by the innermost project function (file:function) on the stack. */
  byProjectFunction: { name: string; ms: number; share: number }[];
  /** The same by the function that was running (the top of the stack). */
  bySelf: { name: string; ms: number; share: number }[];
  /** The longest stalls, each with its three largest areas. */
  longest: { startAt: number; ms: number; phase: string; areas: string }[];
  sampledMs: number;
  /** Inside the stalls: gaps between samples beyond the sampling interval. */
  offCpuMs: number;
  stallMs: number;
  /** Profile clock minus the process's monotonic clock at the start, µs (should be near 0). */
  clockSkewUs: number;
}

/** Records the event loop while something runs on it; `stop` returns what it saw. */
export class LoopRecorder {
  private readonly histogram = monitorEventLoopDelay({ resolution: 10 });
  private readonly stalls: (Stall & { startPerf: number })[] = [];
  private timer: NodeJS.Timeout | null = null;
  private last = 0;
  private started = 0;
  private phase = 'starting';
  private utilization: EventLoopUtilization | null = null;
  private schedstat: [number, number] | null = null;
  private cpu: NodeJS.CpuUsage | null = null;

  start(): void {
    this.utilization = nodePerformance.eventLoopUtilization();
    this.schedstat = mainThreadSchedstat();
    this.cpu = process.cpuUsage();
    this.histogram.enable();
    this.started = performance.now();
    this.last = this.started;
    const tick = () => {
      const now = performance.now();
      const gap = now - this.last - TICK_MS;
      if (gap >= STALL_MS) {
        this.stalls.push({
          startAt: performance.timeOrigin + this.last,
          startPerf: this.last,
          ms: gap,
          phase: this.phase,
        });
      }
      this.last = now;
      this.timer = setTimeout(tick, TICK_MS);
    };
    this.timer = setTimeout(tick, TICK_MS);
  }

  /** The sync's phase as its status pushes say; stalls are labelled with it. */
  setPhase(phase: string): void {
    this.phase = phase;
  }

  stop(): { figures: LoopFigures; stalls: (Stall & { startPerf: number })[] } {
    if (this.timer !== null) clearTimeout(this.timer);
    this.histogram.disable();
    const wallMs = performance.now() - this.started;
    const utilization = nodePerformance.eventLoopUtilization(this.utilization ?? undefined);
    const schedstat = mainThreadSchedstat();
    const before = this.schedstat;
    const cpu = process.cpuUsage(this.cpu ?? undefined);
    const ms = (ns: number) => round(ns / 1e6, 1);
    const sorted = [...this.stalls].sort((a, b) => b.ms - a.ms);
    return {
      stalls: this.stalls,
      figures: {
        delay: {
          p50: ms(this.histogram.percentile(50)),
          p90: ms(this.histogram.percentile(90)),
          p99: ms(this.histogram.percentile(99)),
          max: ms(this.histogram.max),
          mean: ms(this.histogram.mean),
        },
        stalls: {
          count: this.stalls.length,
          over16Ms: this.stalls.filter((stall) => stall.ms > 16).length,
          over50Ms: this.stalls.filter((stall) => stall.ms > 50).length,
          totalMs: Math.round(this.stalls.reduce((sum, stall) => sum + stall.ms, 0)),
          wallMs: Math.round(wallMs),
        },
        longest: sorted
          .slice(0, 8)
          .map(({ startAt, ms: length, phase }) => ({ startAt, ms: round(length, 1), phase })),
        mainThread: {
          loopUtilization: round(utilization.utilization, 3),
          onCpuMs:
            schedstat === null || before === null
              ? null
              : Math.round((schedstat[0] - before[0]) / 1e6),
          waitingForCpuMs:
            schedstat === null || before === null
              ? null
              : Math.round((schedstat[1] - before[1]) / 1e6),
          processCpuMs: Math.round((cpu.user + cpu.system) / 1000),
          loadAverage: round(loadavg()[0] ?? 0, 1),
        },
      },
    };
  }
}

/**
 * The main thread's time on a core and time waiting for one, in ns, since it started (Linux's
 * /proc/<pid>/task/<pid>/schedstat: the main thread's id is the process's); null elsewhere.
 */
function mainThreadSchedstat(): [number, number] | null {
  try {
    const [run, wait] = readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return run === undefined || wait === undefined ? null : [run, wait];
  } catch {
    return null;
  }
}

/** A sampling CPU profile of this thread, to be matched against stalls. */
export class CpuProfile {
  private readonly session = new Session();
  private startHrUs = 0;

  async start(): Promise<void> {
    this.session.connect();
    await this.session.post('Profiler.enable');
    await this.session.post('Profiler.setSamplingInterval', { interval: SAMPLING_US });
    this.startHrUs = Number(process.hrtime.bigint() / 1000n);
    await this.session.post('Profiler.start');
  }

  async stop(): Promise<{ profile: Profiler.Profile; startHrUs: number }> {
    const { profile } = await this.session.post('Profiler.stop');
    await this.session.post('Profiler.disable');
    this.session.disconnect();
    return { profile, startHrUs: this.startHrUs };
  }
}

/** Where a frame's code lives, in a few words; `null` when this frame says nothing useful. */
function areaOf(frame: Profiler.ProfileNode['callFrame']): string | null {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 and native code outside JS (program)';
  if (functionName === '(idle)') return 'idle';
  if (url.includes('/node_modules/zod/')) return 'schema validation (zod)';
  if (url.includes('/node_modules/better-sqlite3/')) return 'SQLite (better-sqlite3)';
  if (url.includes('/src/main/cache/')) return 'cache: SQLite writes and reads (src/main/cache)';
  if (url.includes('/src/main/api/')) return 'API client: response text, JSON.parse (src/main/api)';
  if (url.includes('/src/main/sync/')) return 'sync engine (src/main/sync)';
  if (url.includes('/src/shared/')) return 'shared schemas and helpers (src/shared)';
  if (url.includes('/src/preview/')) return 'preview server: IPC over HTTP (src/preview)';
  if (url.includes('/src/main/')) return 'main: IPC handlers and the rest (src/main)';
  if (url.includes('undici')) return 'fetch (undici)';
  if (url.startsWith('node:')) return `Node internals (${url.replace(/^node:(internal\/)?/, '')})`;
  if (url.includes('/node_modules/')) {
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    return `package ${name ?? '?'}`;
  }
  return null;
}

function shortUrl(url: string): string {
  if (url.startsWith('file://')) return relative(ROOT, fileURLToPath(url));
  return url;
}

/**
 * What the thread was doing during the stalls, from the profile's samples that fall inside them.
 * A sample's area is that of the innermost frame that has one (a native SQLite call counts where
 * it was called from, a zod check as zod wherever it runs).
 */
export function attribute(
  profile: Profiler.Profile,
  startHrUs: number,
  stalls: readonly (Stall & { startPerf: number })[],
): Attribution {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parents.set(child, node.id);
  }
  // Stall windows on the monotonic clock, µs: performance.now() is measured from timeOrigin.
  const hrAtPerfZero = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
  const windows = stalls
    .map((stall) => ({
      stall,
      from: hrAtPerfZero + stall.startPerf * 1000,
      to: hrAtPerfZero + (stall.startPerf + stall.ms + TICK_MS) * 1000,
      areas: new Map<string, number>(),
    }))
    .sort((a, b) => a.from - b.from);

  const byArea = new Map<string, number>();
  const byProject = new Map<string, number>();
  const bySelf = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) =>
    map.set(key, (map.get(key) ?? 0) + ms);
  let sampled = 0;
  let offCpu = 0;
  let time = profile.startTime;
  let windowAt = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const overlap = (from: number, to: number, window: { from: number; to: number }) =>
    Math.max(0, Math.min(to, window.to) - Math.max(from, window.from)) / 1000;
  // Each sample stands for the time since the one before it. A gap well beyond the interval
  // means nothing ran to be sampled: the thread was off its core for all but the last interval.
  for (let index = 0; index < samples.length; index++) {
    const delta = deltas[index] ?? 0;
    const start = time;
    time += delta;
    const onCpuFrom = delta > 4 * SAMPLING_US ? time - SAMPLING_US : start;
    while (windowAt < windows.length && (windows[windowAt]?.to ?? 0) <= start) windowAt++;
    let classified: { area: string; project: string; self: string } | null = null;
    for (let at = windowAt; at < windows.length; at++) {
      const window = windows[at];
      if (window === undefined || window.from >= time) break;
      const offMs = overlap(start, onCpuFrom, window);
      if (offMs > 0) {
        offCpu += offMs;
        add(byArea, OFF_CPU, offMs);
        add(window.areas, OFF_CPU, offMs);
      }
      const ms = overlap(onCpuFrom, time, window);
      if (ms <= 0) continue;
      sampled += ms;
      classified ??= classify(samples[index]);
      add(byArea, classified.area, ms);
      add(window.areas, classified.area, ms);
      add(byProject, classified.project, ms);
      add(bySelf, classified.self, ms);
    }
  }

  /** A sample's stack: its area, the innermost project function on it, and the running function. */
  function classify(id: number | undefined): { area: string; project: string; self: string } {
    let area: string | null = null;
    let project: string | null = null;
    const leaf = id === undefined ? undefined : nodes.get(id);
    while (id !== undefined) {
      const frame = nodes.get(id)?.callFrame;
      if (frame !== undefined) {
        area ??= areaOf(frame);
        if (project === null && frame.url.includes('/src/')) {
          project = `${shortUrl(frame.url)}:${frame.lineNumber + 1} ${frame.functionName || '(anonymous)'}`;
        }
      }
      if (area !== null && project !== null) break;
      id = parents.get(id);
    }
    const self =
      leaf === undefined
        ? '(no frame)'
        : `${leaf.callFrame.functionName || '(anonymous)'}${leaf.callFrame.url === '' ? '' : ` ${shortUrl(leaf.callFrame.url)}`}`;
    return { area: area ?? 'other', project: project ?? '(no project frame on the stack)', self };
  }
  const stallMs = stalls.reduce((sum, stall) => sum + stall.ms, 0);
  const ranked = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => ({ name, ms: Math.round(ms), share: round(ms / (stallMs || 1), 3) }));
  return {
    byArea: ranked(byArea, 14).map(({ name, ms, share }) => ({ area: name, ms, share })),
    byProjectFunction: ranked(byProject, 12),
    bySelf: ranked(bySelf, 12),
    longest: [...windows]
      .sort((a, b) => b.stall.ms - a.stall.ms)
      .slice(0, 8)
      .map(({ stall, areas }) => ({
        startAt: stall.startAt,
        ms: round(stall.ms, 1),
        phase: stall.phase,
        areas: [...areas.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([name, ms]) => `${name} ${Math.round(ms)} ms`)
          .join('; '),
      })),
    sampledMs: Math.round(sampled),
    offCpuMs: Math.round(offCpu),
    stallMs: Math.round(stallMs),
    clockSkewUs: Math.round(profile.startTime - startHrUs),
  };
}

/**
 * How many of the slow round trips overlapped a stall of the main thread: the evidence that they
 * waited for the loop rather than for their own work.
 */
export function slowCallsInStalls(
  calls: readonly { at: number; ms: number }[],
  stalls: readonly Stall[],
  slowMs: number,
): { slow: number; overlappingStall: number } {
  const slow = calls.filter((call) => call.ms > slowMs);
  const overlapping = slow.filter((call) =>
    stalls.some((stall) => stall.startAt < call.at + call.ms && stall.startAt + stall.ms > call.at),
  );
  return { slow: slow.length, overlappingStall: overlapping.length };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
