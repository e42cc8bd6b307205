import type { SyncStatus } from '../shared/ipc/sync';

export interface ProgressOptions {
  /** Receives one line, without its line end. */
  write: (line: string) => void;
  now?: () => number;
  /** Within one phase, at most one line per this many milliseconds. */
  intervalMs?: number;
}

/** `events 1/1`, `team statistics 120/1173`: what is being pulled and how far along it is. */
export function describeProgress(status: SyncStatus): string | null {
  if (status.state !== 'syncing') return null;
  if (status.progress === null) return 'connecting';
  const { phase, done, total } = status.progress;
  return `${phase} ${done}/${total}`;
}

/**
 * Turns the engine's status pushes into lines for a terminal or a log. A new phase and the end of
 * one are always printed; counts within a phase at most once per interval, so a run of thousands
 * of pulls writes a readable handful of lines rather than one per pull.
 */
export function progressReporter(options: ProgressOptions): (status: SyncStatus) => void {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 1000;
  let lastLine: string | null = null;
  let lastPhase: string | null = null;
  let lastAt = Number.NEGATIVE_INFINITY;
  return (status) => {
    const line = describeProgress(status);
    if (line === null || line === lastLine) return;
    const phase = status.progress?.phase ?? null;
    const finished = status.progress !== null && status.progress.done === status.progress.total;
    const at = now();
    if (phase === lastPhase && !finished && at - lastAt < intervalMs) return;
    options.write(line);
    lastLine = line;
    lastPhase = phase;
    lastAt = at;
  };
}
