import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { exportBundle } from '../main/bundle/bundle-export';
import { importBundle } from '../main/bundle/bundle-import';
import { inspectBundle, summaryLine } from '../main/bundle/bundle-summary';
import { bundleTarget, OtherServiceError } from '../main/bundle/bundle-target';
import { BundleError } from '../main/bundle/format';
import { DataDirectoryInUseError } from '../main/storage/directory-lock';
import { RefusedDatabaseError } from '../main/storage/refusals';
import { isSeason } from '../shared/wire/formats';
import { checked, eventCode, oneOf, required } from './args';
import { openCacheForReading } from './data-dir';
import { CliError, EXIT, SetupError, UsageError } from './errors';
import { writeLine } from './output';

const BUNDLE_ACTIONS = ['export', 'import', 'show'] as const;

/** `bundle export|import|show`: hand part of a cache over as one file, with no network at all. */
export type BundleCommand =
  | {
      command: 'bundle';
      action: 'export';
      dataDir: string;
      out: string;
      events: string[] | null;
      season: string | null;
    }
  | { command: 'bundle'; action: 'import'; dataDir: string; file: string; dryRun: boolean }
  | { command: 'bundle'; action: 'show'; file: string };

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
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }),
  );
  if (values.help) return { command: 'help' };
  const only = (allowed: readonly string[]) => {
    const given = Object.keys(values).filter(
      (name) => name !== 'help' && name !== 'dry-run' && !allowed.includes(name),
    );
    if (given.length > 0) throw new UsageError(`--${given[0]} is not for bundle ${action}`);
    if (action !== 'import' && values['dry-run'])
      throw new UsageError('--dry-run is for bundle import');
  };
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
        dataDir: required('--data-dir', values['data-dir']),
        out: required('--out', values.out),
        events: values.event === undefined ? null : values.event.map(eventCode),
        season,
      };
    }
    case 'import':
      only(['data-dir']);
      return {
        command: 'bundle',
        action,
        dataDir: required('--data-dir', values['data-dir']),
        file: file(),
        dryRun: values['dry-run'],
      };
    case 'show':
      only([]);
      return { command: 'bundle', action, file: file() };
  }
}

/** The failures of a bundle command, as the exit statuses the usage lists. */
function cliErrorOf(error: unknown): unknown {
  if (error instanceof BundleError || error instanceof OtherServiceError) {
    return new CliError(EXIT.usage, error.message);
  }
  if (error instanceof DataDirectoryInUseError) return new CliError(EXIT.inUse, error.message);
  if (error instanceof RefusedDatabaseError) return new SetupError(error.message);
  return error;
}

function runExportBundle(command: Extract<BundleCommand, { action: 'export' }>): object {
  const out = resolve(command.out);
  const cache = openCacheForReading(command.dataDir);
  try {
    const manifest = exportBundle(cache.db, command, out);
    return {
      file: out,
      bytes: statSync(out).size,
      service: manifest.service,
      parts: manifest.parts.length,
      events: manifest.parts.filter((part) => /^event:[^:]+$/.test(part.resource)).length,
    };
  } catch (error) {
    if (error instanceof BundleError) throw new CliError(EXIT.usage, error.message);
    throw error;
  } finally {
    cache.close();
  }
}

export async function runBundleCommand(
  command: BundleCommand,
  stdout: Writable,
  clock: () => Date = () => new Date(),
): Promise<number> {
  try {
    switch (command.action) {
      case 'export':
        await writeLine(stdout, JSON.stringify(runExportBundle(command)));
        return EXIT.ok;
      case 'show':
        await writeLine(stdout, summaryLine(await inspectBundle(command.file), clock()));
        return EXIT.ok;
      case 'import': {
        if (command.dryRun) {
          const summary = await inspectBundle(command.file);
          const target = bundleTarget(resolve(command.dataDir), summary.service);
          await writeLine(
            stdout,
            JSON.stringify({
              dryRun: true,
              summary: summaryLine(summary, clock()),
              cache: target.cacheFile,
              newProfile: target.newProfile?.name ?? null,
            }),
          );
          return EXIT.ok;
        }
        const outcome = await importBundle(command.file, command.dataDir);
        await writeLine(
          stdout,
          JSON.stringify({
            summary: summaryLine(outcome.summary, clock()),
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
