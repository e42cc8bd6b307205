import { readFileSync, statSync } from 'node:fs';
import { release, type as osType } from 'node:os';
import { join } from 'node:path';
import type { SyncStatus } from '../shared/ipc/sync';
import type { AppIdentity } from './app-info';
import type { DataLayer } from './data-layer';
import type { AppLog } from './log/app-log';
import { LOG_FILE, PREVIOUS_LOG_FILE } from './log/app-log';
import type { Workspace } from './profiles/workspace';
import { tallyElsewhere, tallyUnsent, unsentTotal, type UnsentTally } from './quit-warning';

/** How much of the log goes with the diagnostics: enough for the last few syncs and their errors. */
export const DIAGNOSTICS_LOG_LINES = 200;

export interface DiagnosticsSources {
  identity: AppIdentity;
  workspace: Pick<Workspace, 'withLayer' | 'dataHandlers' | 'setupState' | 'demoService'>;
  log: Pick<AppLog, 'directory' | 'redactor'>;
  now?: () => Date;
}

/**
 * "Help → Copy diagnostics": the facts a bug report needs, as plain text, built here for the app
 * and the preview alike. Never the key: the whole text passes the log's redactor, which knows
 * every key the app has met, and the home directory becomes `~`.
 */
export async function diagnosticsText(sources: DiagnosticsSources): Promise<string> {
  const { identity, workspace, log } = sources;
  const now = sources.now ?? (() => new Date());
  const cache = await workspace.withLayer((layer) => cacheFacts(layer));
  const unsent = await unsentTally(workspace);
  const versions = identity.versions;
  const lines = [
    `Pitside diagnostics, ${now().toISOString()}`,
    `App: Pitside ${identity.version}`,
    `Electron: ${versions.electron ?? 'none (browser preview)'}`,
    `Chromium: ${versions.chrome ?? 'none (browser preview)'}`,
    `Node: ${versions.node ?? 'unknown'}`,
    `SQLite: ${identity.sqliteVersion}`,
    `OS: ${osType()} ${release()} (${identity.platform} ${identity.arch})`,
    `Data directory: ${identity.dataDirectory}`,
    `Log folder: ${log.directory}`,
    `Service: ${serviceWords(workspace)}`,
    `Cache: schema ${cache.schemaVersion}, ${mebibytes(cache.bytes)} on disk`,
    `Last sync: ${syncWords(cache.status)}`,
    `Edits not sent: ${unsentWords(unsent)}`,
    '',
    `The log's last lines (${DIAGNOSTICS_LOG_LINES} at most):`,
    ...logTail(log.directory, DIAGNOSTICS_LOG_LINES),
  ];
  return log.redactor.redact(lines.join('\n'));
}

function cacheFacts(layer: DataLayer) {
  const reader = layer.cache.reader;
  const schemaVersion = reader.pragma('user_version', { simple: true }) as number;
  // The database with its write-ahead log and shared memory: what the cache takes on disk.
  const bytes = ['', '-wal', '-shm'].reduce((sum, suffix) => sum + sizeOf(reader.name + suffix), 0);
  return { schemaVersion, bytes, status: layer.engine.status() };
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function mebibytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

function serviceWords(workspace: DiagnosticsSources['workspace']): string {
  const setup = workspace.setupState();
  if (setup.mode === 'demo') {
    const demo = workspace.demoService;
    return `the demo (built in${demo === null ? ', not running' : `, ${demo.url}`})`;
  }
  return setup.serviceUrl ?? 'none chosen yet';
}

function syncWords(status: SyncStatus): string {
  const parts: string[] = [status.state];
  if (status.problem !== null) parts.push(`${status.problem.code}: ${status.problem.message}`);
  parts.push(`last attempt ${status.lastAttemptAt ?? 'never'}`);
  parts.push(`last success ${status.lastSuccessAt ?? 'never'}`);
  if (status.unreadable.count > 0) parts.push(`${status.unreadable.count} records unreadable`);
  return parts.join('; ');
}

async function unsentTally(workspace: DiagnosticsSources['workspace']): Promise<UnsentTally> {
  const [listed, elsewhere] = await Promise.all([
    workspace.dataHandlers['edits:list'](undefined),
    workspace.dataHandlers['edits:elsewhere'](undefined),
  ]);
  return { ...tallyUnsent(listed.data), elsewhere: tallyElsewhere(elsewhere.groups) };
}

function unsentWords(tally: UnsentTally): string {
  const others = unsentTotal(tally) - tally.waiting - tally.attention;
  return `${unsentTotal(tally)} (${tally.waiting} waiting, ${tally.attention} refused or in conflict, ${others} kept for other services)`;
}

/** The last lines of the log, across the rotation: the previous file's end, then the current one. */
function logTail(directory: string, count: number): string[] {
  const lines = [PREVIOUS_LOG_FILE, LOG_FILE].flatMap((name) => {
    let text: string;
    try {
      text = readFileSync(join(directory, name), 'utf8');
    } catch {
      return [];
    }
    return text.split(/\r?\n/).filter((line) => line !== '');
  });
  return lines.length === 0 ? ['(the log is empty)'] : lines.slice(-count);
}
