import type { AppInfo } from '../../shared/ipc/contract';
import { describeApp, type AppIdentity } from '../app-info';
import type { SyncSummary } from '../../shared/ipc/sync';
import type { RunOptions } from '../sync/sync-run';
import type { AppLog } from './app-log';

/**
 * The few things worth a line in the log besides errors: what ran, and how it ended. A sync run
 * is two lines however many requests it made; a scheduled run every few minutes stays readable.
 */
export interface Activity {
  syncStarted(options: RunOptions): void;
  syncFinished(summary: SyncSummary): void;
  profileSwitched(profile: string): void;
}

export function logActivity(log: Pick<AppLog, 'info' | 'warn'>): Activity {
  return {
    syncStarted: (options) =>
      log.info(
        options.editsOnly === true
          ? 'sync started: edits only'
          : `sync started${options.scope === undefined ? '' : `: scope ${options.scope}`}${options.force === true ? ' (forced)' : ''}`,
      ),
    syncFinished: (summary) => {
      const line = syncEndLine(summary);
      if (summary.outcome === 'failed') log.warn(line);
      else log.info(line);
    },
    profileSwitched: (profile) => log.info(`profile switched to ${profile}`),
  };
}

export function syncEndLine(summary: SyncSummary): string {
  const { resources, outbox } = summary;
  const facts = [
    `scope ${summary.scope}`,
    `${summary.requests} requests`,
    `${resources.pulled} pulled, ${resources.changed} changed, ${resources.failed} failed`,
    `${summary.records} records`,
    `edits ${outbox.sent} sent, ${outbox.pending} pending, ${outbox.failed} refused, ${outbox.conflicts} in conflict`,
  ];
  if (summary.unreadable.count > 0) facts.push(`${summary.unreadable.count} unreadable`);
  const problem =
    summary.problem === null ? '' : ` (${summary.problem.code}: ${summary.problem.message})`;
  return `sync ${summary.outcome}${problem}: ${facts.join('; ')}`;
}

/** The first line of a launch: what runs, where, on what. */
export function logStart(log: Pick<AppLog, 'info'>, identity: AppIdentity): void {
  log.info(startLine(describeApp(identity)));
}

function startLine(info: AppInfo): string {
  const { versions } = info;
  const runtime = [
    versions.electron === null ? null : `Electron ${versions.electron}`,
    versions.chrome === null ? null : `Chromium ${versions.chrome}`,
    `Node ${versions.node}`,
    `SQLite ${versions.sqlite}`,
  ].filter((part) => part !== null);
  return `${info.name} ${info.version} started: ${runtime.join(', ')}; ${info.platform} ${info.arch}; data ${info.dataDirectory}`;
}
