import { describe, expect, it } from 'vitest';
import { progressReporter } from '../../src/cli/progress';
import type { SyncStatus } from '../../src/shared/ipc/sync';

function syncing(phase: string | null, done = 0, total = 0): SyncStatus {
  return {
    state: 'syncing',
    scope: 'default',
    progress: phase === null ? null : { phase, done, total },
    problem: null,
    lastSuccessAt: null,
    lastAttemptAt: null,
    unreadable: { count: 0, records: [] },
  };
}

function reporter() {
  const lines: string[] = [];
  let clock = 0;
  const report = progressReporter({
    write: (line) => lines.push(line),
    now: () => clock,
    intervalMs: 1000,
  });
  return {
    lines,
    report,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('sync progress lines', () => {
  it('prints each new phase and its end at once, counts in between at most once per interval', () => {
    const { lines, report, advance } = reporter();
    report(syncing(null));
    report(syncing('events', 0, 1));
    report(syncing('team statistics', 0, 500));
    advance(100);
    report(syncing('team statistics', 10, 500));
    advance(100);
    report(syncing('team statistics', 20, 500));
    advance(1000);
    report(syncing('team statistics', 300, 500));
    advance(10);
    report(syncing('team statistics', 500, 500));
    expect(lines).toEqual([
      'connecting',
      'events 0/1',
      'team statistics 0/500',
      'team statistics 300/500',
      'team statistics 500/500',
    ]);
  });

  it('prints nothing for a repeated status or once the run is over', () => {
    const { lines, report, advance } = reporter();
    report(syncing('teams', 0, 1));
    advance(5000);
    report(syncing('teams', 0, 1));
    report({ ...syncing(null), state: 'idle' });
    report({ ...syncing(null), state: 'offline' });
    expect(lines).toEqual(['teams 0/1']);
  });
});
