import { resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import { WriteQueue } from '../main/cache/write-queue';
import { createCredentials, type Credentials } from '../main/credentials/credentials';
import { serviceConnector } from '../main/sync/connect';
import { SettingsStore } from '../main/settings/settings-store';
import { ElsewhereReader } from '../main/outbox/outbox-rows';
import { SENT_CHECK_TIMING } from '../main/outbox/sent-checks';
import { tallyUnsent } from '../main/quit-warning';
import { keptEditsSentence } from '../shared/edits-elsewhere';
import { SyncEngine } from '../main/sync/engine';
import type { SyncProblem, SyncSummary } from '../shared/ipc/sync';
import { recordName } from '../shared/missing-records';
import type { ProfileSyncCommand, SyncCommand } from './args';
import { openCacheForSync } from './data-dir';
import { EXIT, exitForSignal } from './errors';
import { cachedCounts } from './exports';
import { writeLine } from './output';
import { progressReporter } from './progress';
import { resolveSyncTarget, type SyncTarget } from './profile-target';

export interface SignalSource {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  off(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
}

export interface SyncIo {
  stdout: Writable;
  /** One line for the person watching: progress and the outcome. */
  report: (line: string) => void;
  /** Where SIGINT and SIGTERM arrive; `process` outside the tests. */
  signals: SignalSource;
  /** Ends the process at once, for a second signal while the first one is still canceling. */
  exitNow: (code: number) => never;
  credentials?: Credentials;
  /** The engine's clock (what is live or due, and when things were synced); the system's by default. */
  clock?: () => Date;
}

type KeySource = 'env' | 'keychain' | 'none';

interface ProblemContext {
  service: string;
  keySource: KeySource;
}

/** The problem in words that say what to do; the key itself never appears in any of them. */
export function explainProblem(problem: SyncProblem, context: ProblemContext): string {
  switch (problem.code) {
    case 'unauthorized':
      return context.keySource === 'none'
        ? `the service needs an API key: set PITSIDE_API_KEY or store a key for ${context.service} in Pitside`
        : `the service refused the API key from ${context.keySource === 'env' ? 'PITSIDE_API_KEY' : 'the keychain'} (401 Unauthorized)`;
    case 'forbidden':
      return 'the API key is not allowed to read this (403 Forbidden)';
    case 'offline':
      return `cannot reach the service at ${context.service} (offline, or a wrong address)`;
    case 'timeout':
      return `the service at ${context.service} did not answer in time`;
    case 'rate_limited':
      return 'the service is limiting how often we may ask; try again later';
    default:
      return problem.message;
  }
}

export function exitCodeFor(summary: SyncSummary): number {
  switch (summary.outcome) {
    case 'completed':
      return summary.outbox.failed + summary.outbox.conflicts > 0 ? EXIT.editsHeld : EXIT.ok;
    case 'partial':
      return EXIT.syncPartial;
    case 'failed':
    case 'canceled':
      return summary.problem?.code === 'keychain' || summary.problem?.code === 'not_configured'
        ? EXIT.setup
        : EXIT.syncFailed;
  }
}

/**
 * Why the records the service sent could not be read, the first few by name: the outcome line
 * says how many there are and that the copy lacks them until a sync reads them.
 */
function unreadableLine({ unreadable }: SyncSummary): string {
  const named = unreadable.records
    .slice(0, 3)
    .map((record) => `${recordName(record)} in ${record.resource} (${record.reason})`);
  const rest = unreadable.count - named.length;
  return `could not be read: ${named.join('; ')}` + (rest > 0 ? ` and ${rest} more` : '');
}

/** The outbox's part of the outcome, when there was anything to send or anything is left. */
function editsLine({ outbox }: SyncSummary): string {
  const { sent, pending, failed, conflicts, checking } = outbox;
  if (sent + pending + failed + conflicts + checking === 0) return '';
  const looks =
    checking > 0 ? `, ${checking} sent still to be looked at again by the next sync` : '';
  return `; edits: ${sent} sent, ${pending} waiting, ${failed} refused, ${conflicts} in conflict${looks} (outbox list shows them)`;
}

function outcomeLine(summary: SyncSummary, context: ProblemContext): string {
  const { requests, resources, records } = summary;
  switch (summary.outcome) {
    case 'completed':
      return `completed: ${requests} requests, ${resources.pulled} resources pulled (${resources.changed} changed), ${records} records${editsLine(summary)}`;
    case 'canceled':
      return 'canceled; what was committed before is kept';
    case 'partial':
    case 'failed':
      return `${summary.outcome}: ${summary.problem === null ? 'unknown problem' : explainProblem(summary.problem, context)}`;
  }
}

/**
 * Edits went to a service without ETags: each gets its second look before the command ends, so
 * that a change someone made across one is reported now (exit 6), not at the next sync. The looks
 * fall due one after another, as their writes were answered; a run of the edits alone makes those
 * due, until none is left, or a run makes none (the service gone), or a signal ends the wait. The
 * looks left are kept on disk and made by the next sync.
 */
async function lookAgain(
  engine: SyncEngine,
  summary: SyncSummary,
  io: SyncIo,
  stop: AbortSignal,
): Promise<SyncSummary> {
  let result = summary;
  let waiting = summary.outbox.checking;
  io.report(
    `the service gives no ETags: looking again at the ${summary.outbox.checking} edit${summary.outbox.checking === 1 ? '' : 's'} sent, ${SENT_CHECK_TIMING.afterMs / 1000} s after each went out, in case someone's change crossed ${summary.outbox.checking === 1 ? 'it' : 'them'}`,
  );
  for (let due = await engine.nextSentCheck(); due !== null; due = await engine.nextSentCheck()) {
    try {
      await delay(Math.max(0, Date.parse(due) - Date.now()) + 50, undefined, { signal: stop });
    } catch {
      return result;
    }
    const looked = await engine.run({ editsOnly: true });
    result = {
      ...result,
      finishedAt: looked.finishedAt,
      requests: result.requests + looked.requests,
      outbox: { ...looked.outbox, sent: result.outbox.sent + looked.outbox.sent },
    };
    // A due look the run could not make: the service cannot be asked now.
    if (looked.outbox.checking >= waiting) return result;
    waiting = looked.outbox.checking;
  }
  return result;
}

/**
 * Runs one sync of the cache in the data directory against the service, with the same engine the
 * app runs. The summary goes to stdout as one line of JSON, whatever the outcome, once a run has
 * taken place; a signal cancels the run between requests and commits, never inside one.
 */
export async function runSync(
  command: SyncCommand | ProfileSyncCommand,
  io: SyncIo,
): Promise<number> {
  const target = resolveSyncTarget(command);
  try {
    return await syncTarget(command, target, io);
  } finally {
    target.release();
  }
}

async function syncTarget(
  command: SyncCommand | ProfileSyncCommand,
  { service, dataDir, keychainProfile }: SyncTarget,
  io: SyncIo,
): Promise<number> {
  const { files, file } = openCacheForSync(dataDir);
  let keySource: KeySource = command.apiKey === null ? 'none' : 'env';
  const keychain = io.credentials ?? createCredentials().forProfile(keychainProfile);
  // Only told whether the keychain had a key, so a 401 can say which key was refused.
  const credentials: Credentials = {
    ...keychain,
    getKey: async (baseUrl) => {
      const key = await keychain.getKey(baseUrl);
      keySource = key === null ? 'none' : 'keychain';
      return key;
    },
  };
  const queue = new WriteQueue(files.writer, { beforeWrite: files.walBacklog });
  const settings = new SettingsStore(files.reader, files.writer, queue);
  if (settings.baseUrl() !== service) {
    // A cache holds one service's copy, as in the app: another service's records are replaced
    // once this one answers with its own, its queued edits stay (they are kept per service)
    // until that service is synced again.
    await settings.changeService(service);
    for (const kept of new ElsewhereReader(files.reader).others(service)) {
      const sentence = keptEditsSentence(
        { service: kept.service, ...tallyUnsent(kept.edits) },
        'sync with it again',
      );
      io.report(sentence);
    }
  }
  const keptCopyOf = settings.keptCopyOf();
  if (keptCopyOf !== null) {
    io.report(`the copy of ${keptCopyOf} is kept until ${service} answers with its own data`);
  }
  const engine = new SyncEngine({
    reader: files.reader,
    writer: files.writer,
    queue,
    editScope: () => service,
    ...(io.clock === undefined ? {} : { now: io.clock }),
    connect: serviceConnector({
      baseUrl: () => service,
      credentials,
      fetch,
      ...(command.apiKey === null
        ? {}
        : { keyOverride: { baseUrl: service, key: command.apiKey, from: 'environment' } }),
    }),
    onStatus: progressReporter({ write: (line) => io.report(line) }),
  });

  let received: NodeJS.Signals | null = null;
  const stopWaiting = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (received !== null) io.exitNow(exitForSignal(signal));
    received = signal;
    stopWaiting.abort();
    io.report(`${signal}: canceling (again to stop at once)`);
    engine.cancel();
  };
  io.signals.on('SIGINT', onSignal);
  io.signals.on('SIGTERM', onSignal);
  try {
    let summary = await engine.run({ scope: command.scope, force: command.force });
    await engine.idle();
    if (received === null && summary.outbox.checking > 0) {
      summary = await lookAgain(engine, summary, io, stopWaiting.signal);
    }
    const context = { service, keySource };
    const result = {
      ...summary,
      service,
      dataDir: resolve(dataDir),
      database: file,
      keySource,
      cached: cachedCounts(files.reader),
    };
    await writeLine(io.stdout, JSON.stringify(result));
    io.report(outcomeLine(summary, context));
    if (summary.unreadable.count > 0) io.report(unreadableLine(summary));
    const stillKept = settings.keptCopyOf();
    if (stillKept !== null) {
      io.report(`the copy of ${stillKept} was kept: nothing came from ${service} to replace it`);
    }
    return received === null ? exitCodeFor(summary) : exitForSignal(received);
  } finally {
    io.signals.off('SIGINT', onSignal);
    io.signals.off('SIGTERM', onSignal);
    // Nothing of the run may still be writing when the file closes.
    await engine.close();
    files.close();
  }
}
