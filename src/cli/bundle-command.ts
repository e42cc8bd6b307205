import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { exportBundle, type ExportedBundle } from '../main/bundle/bundle-export';
import { importBundle } from '../main/bundle/bundle-import';
import { inspectBundle, summaryLine } from '../main/bundle/bundle-summary';
import { bundleTarget, OtherServiceError } from '../main/bundle/bundle-target';
import { ExportPlaceError } from '../main/bundle/export-place';
import { BundleError } from '../main/bundle/format';
import { checkImportDirectory, UnusableDataDirectoryError } from '../main/bundle/import-directory';
import { DataDirectoryInUseError } from '../main/storage/directory-lock';
import { RefusedDatabaseError } from '../main/storage/refusals';
import { isSeason, normaliseTimestamp } from '../shared/wire/formats';
import { checked, eventCode, oneOf, required } from './args';
import { openCacheForReading } from './data-dir';
import { CliError, EXIT, SetupError, UsageError } from './errors';
import { writeLine } from './output';

const BUNDLE_ACTIONS = ['export', 'import', 'show'] as const;

/**
 * `bundle export|import|show`: hand part of a cache over as one file, with no network at all.
 * `now` is the instant the clock is read as (`--now`), `null` for the local clock.
 */
export type BundleCommand = { command: 'bundle'; now: string | null } & (
  | {
      action: 'export';
      dataDir: string;
      out: string;
      events: string[] | null;
      season: string | null;
      includePrivate: boolean;
    }
  | { action: 'import'; dataDir: string; file: string; dryRun: boolean }
  | { action: 'show'; file: string }
);

function instant(text: string | undefined): string | null {
  if (text === undefined) return null;
  const now = normaliseTimestamp(text);
  if (now === null) {
    throw new UsageError(`--now must be an ISO 8601 date-time with a zone, not "${text}"`);
  }
  return now;
}

export function parseBundleCommand(args: string[]): BundleCommand | { command: 'help' } {
  const [actionText, ...rest] = args;
  if (actionText === undefined || actionText === '--help' || actionText === '-h') {
    if (actionText === undefined)
      throw new UsageError('an action is required (export, import, show)');
    return { command: 'help' };
  }
  const action = oneOf('bundle', actionText, BUNDLE_ACTIONS);
  const { values, positionals } = checked(() =>
    parseArgs({
      args: rest,
      strict: true,
      allowPositionals: action !== 'export',
      options: {
        'data-dir': { type: 'string' },
        out: { type: 'string' },
        event: { type: 'string', multiple: true },
        season: { type: 'string' },
        'include-private': { type: 'boolean', default: false },
        now: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }),
  );
  if (values.help) return { command: 'help' };
  const switches = ['help', 'dry-run', 'include-private'];
  const only = (allowed: readonly string[]) => {
    const given = Object.keys(values).filter(
      (name) => !switches.includes(name) && name !== 'now' && !allowed.includes(name),
    );
    if (given.length > 0) throw new UsageError(`--${given[0]} is not for bundle ${action}`);
    if (action !== 'import' && values['dry-run'])
      throw new UsageError('--dry-run is for bundle import');
    if (action !== 'export' && values['include-private'])
      throw new UsageError('--include-private is for bundle export');
  };
  const now = instant(values.now);
  const file = () => {
    if (positionals.length !== 1) throw new UsageError(`bundle ${action} takes one bundle FILE`);
    return positionals[0] as string;
  };
  switch (action) {
    case 'export': {
      only(['data-dir', 'out', 'event', 'season']);
      const season = values.season ?? null;
      if (season !== null && !isSeason(season)) {
        throw new UsageError(`--season must be a season such as 2025-2026, not "${season}"`);
      }
      return {
        command: 'bundle',
        action,
        now,
        dataDir: required('--data-dir', values['data-dir']),
        out: required('--out', values.out),
        events: values.event === undefined ? null : values.event.map(eventCode),
        season,
        includePrivate: values['include-private'],
      };
    }
    case 'import':
      only(['data-dir']);
      return {
        command: 'bundle',
        action,
        now,
        dataDir: required('--data-dir', values['data-dir']),
        file: file(),
        dryRun: values['dry-run'],
      };
    case 'show':
      only([]);
      return { command: 'bundle', action, now, file: file() };
  }
}

/** The failures of a bundle command, as the exit statuses the usage lists. */
function cliErrorOf(error: unknown): unknown {
  if (error instanceof BundleError || error instanceof OtherServiceError) {
    return new CliError(EXIT.usage, error.message);
  }
  if (error instanceof ExportPlaceError) {
    return error.fault === 'path'
      ? new CliError(EXIT.usage, `--out: ${error.message}`)
      : new SetupError(error.message);
  }
  if (error instanceof UnusableDataDirectoryError) return new SetupError(error.message);
  if (error instanceof DataDirectoryInUseError) return new CliError(EXIT.inUse, error.message);
  if (error instanceof RefusedDatabaseError) return new SetupError(error.message);
  return error;
}

const events = (count: number, kind: string) =>
  `${count.toLocaleString('en-US')} ${kind} ${count === 1 ? 'event' : 'events'}`;

/** What a person should know of the private and unlisted events a bundle holds or left out. */
function hiddenNote(exported: ExportedBundle): string | null {
  const { privateEvents, unlistedEvents, hiddenLeftOut } = exported;
  if (privateEvents + unlistedEvents > 0) {
    const held = [
      ...(privateEvents > 0 ? [events(privateEvents, 'private')] : []),
      ...(unlistedEvents > 0 ? [events(unlistedEvents, 'unlisted')] : []),
    ].join(' and ');
    return `the bundle holds ${held}: whoever has the file can read them, though a viewer's key would never list them`;
  }
  if (hiddenLeftOut > 0) {
    const one = hiddenLeftOut === 1;
    return `${events(hiddenLeftOut, 'private or unlisted')} left out: a viewer would not see ${one ? 'it' : 'them'} (--include-private puts such events in)`;
  }
  return null;
}

function runExportBundle(
  command: Extract<BundleCommand, { action: 'export' }>,
  now: Date,
  report: (line: string) => void,
): object {
  const out = resolve(command.out);
  const cache = openCacheForReading(command.dataDir);
  try {
    const exported = exportBundle(cache.db, command, out, now);
    const { manifest } = exported;
    const note = hiddenNote(exported);
    if (note !== null) report(note);
    return {
      file: out,
      bytes: statSync(out).size,
      service: manifest.service,
      parts: manifest.parts.length,
      events: manifest.parts.filter((part) => /^event:[^:]+$/.test(part.resource)).length,
      privateEvents: exported.privateEvents,
      unlistedEvents: exported.unlistedEvents,
      hiddenLeftOut: exported.hiddenLeftOut,
    };
  } finally {
    cache.close();
  }
}

/** Notes beside the output go to stderr, with the command's name, as main reports a failure. */
function reportToStderr(line: string): void {
  process.stderr.write(`pitside bundle: ${line}\n`);
}

export async function runBundleCommand(
  command: BundleCommand,
  stdout: Writable,
  clock: () => Date = () => new Date(),
  report: (line: string) => void = reportToStderr,
): Promise<number> {
  const now = command.now === null ? clock() : new Date(command.now);
  try {
    switch (command.action) {
      case 'export':
        await writeLine(stdout, JSON.stringify(runExportBundle(command, now, report)));
        return EXIT.ok;
      case 'show':
        await writeLine(stdout, summaryLine(await inspectBundle(command.file, now), now));
        return EXIT.ok;
      case 'import': {
        if (command.dryRun) {
          const summary = await inspectBundle(command.file, now);
          const dataDirectory = resolve(command.dataDir);
          checkImportDirectory(dataDirectory);
          const target = bundleTarget(dataDirectory, summary.service);
          await writeLine(
            stdout,
            JSON.stringify({
              dryRun: true,
              summary: summaryLine(summary, now),
              cache: target.cacheFile,
              newProfile: target.newProfile?.name ?? null,
            }),
          );
          return EXIT.ok;
        }
        const outcome = await importBundle(command.file, command.dataDir, { now });
        await writeLine(
          stdout,
          JSON.stringify({
            summary: summaryLine(outcome.summary, now),
            service: outcome.summary.service,
            cache: outcome.cacheFile,
            newProfile: outcome.newProfile,
            merged: outcome.merged,
            keptNewer: outcome.keptNewer,
            skipped: outcome.skipped,
          }),
        );
        return EXIT.ok;
      }
    }
  } catch (error) {
    throw cliErrorOf(error);
  }
}
