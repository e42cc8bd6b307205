import { parseArgs } from 'node:util';
import { SYNC_SCOPES, type SyncScope } from '../shared/ipc/sync';
import { normaliseTimestamp } from '../shared/wire/formats';
import { EXIT, UsageError } from './errors';
import {
  EXPORT_FORMATS,
  EXPORT_RESOURCES,
  type ExportFormat,
  type ExportResource,
} from './export-kinds';

export const USAGE = `usage: npm run cli -- <command> [options]

  sync    bring the local cache up to date with the service
  export  print cached records as JSON or CSV (needs no network and no key)

npm run cli -- sync --service URL --data-dir DIR [--scope default|all] [--force]
  --service URL        the service, http or https; its API key is PITSIDE_API_KEY when set,
                       else the key Pitside keeps in the system keychain for that URL
  --data-dir DIR       the directory of the cache (DIR/pitside.db); created if missing
  --scope default|all  default: the event and team lists, live events in full; all: every
                       event in full and every team's statistics (default: default)
  --force              pull everything in the scope, however fresh the cached copy is
  Progress goes to stderr, one line per change; the run's summary goes to stdout as one
  line of JSON (the sync summary, the service, the data directory and the cached counts).

npm run cli -- export --data-dir DIR --resource NAME --format json|csv [--now ISO]
  --resource NAME      events, teams, matches, clips or stats
  --format json|csv    json: an array of the service's record shapes; csv: see below
  --now ISO            compute event status at this instant instead of the local clock
  Order: events by startDate, id; teams by number; matches by event startDate, event id,
  type, number; clips by recordedAt (newest first), id; stats by teamNumber, season.

CSV is RFC 4180: a header row, CRLF line ends, a field with a comma, a quote or a line
break is quoted and its quotes doubled. Nested fields become dotted columns (location.city,
red.score, rankings.world), team lists (red.teams, teamNumbers) are joined with one space,
null is an empty field. A field that begins with = + - @, a tab or a carriage return gets
a leading ' so that a spreadsheet shows it instead of running it as a formula; a plain
number such as -5 or -0.25 is left as it is.

exit status:
  ${EXIT.ok}    done (sync: the run completed)
  ${EXIT.unexpected}    unexpected error
  ${EXIT.usage}    usage: unknown command or option, a missing or invalid value (bad URL, unknown
       resource or format, unusable PITSIDE_API_KEY)
  ${EXIT.setup}    setup: the data directory is unusable, holds no cache to export, or its cache
       is from a newer Pitside; the keychain cannot be read
  ${EXIT.syncFailed}    sync failed: the service is unreachable, refused the key, ...; what was
       committed before the failure is kept
  ${EXIT.syncPartial}    sync partial: some resources could not be synced; their cached copies are kept
  130  canceled by SIGINT, 143 by SIGTERM (128 + the signal's number)`;

export interface SyncCommand {
  command: 'sync';
  service: string;
  dataDir: string;
  scope: SyncScope;
  force: boolean;
  /** From PITSIDE_API_KEY; `null` means ask the keychain. Never printed. */
  apiKey: string | null;
}

export interface ExportCommand {
  command: 'export';
  dataDir: string;
  resource: ExportResource;
  format: ExportFormat;
  /** The instant event status is computed at; `null` for the local clock. */
  now: string | null;
}

export type CommandLine = { command: 'help' } | SyncCommand | ExportCommand;

/** Runs `parseArgs` (strict: unknown options and stray arguments are errors) as a usage check. */
function checked<Result>(parse: () => Result): Result {
  try {
    return parse();
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
}

/** Node's own messages suggest `--` tricks that do not apply here; name the culprit instead. */
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']*)'/.exec(message)?.[1];
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && quoted !== undefined) {
    return `unknown option ${quoted}`;
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && quoted !== undefined) {
    return `unexpected argument "${quoted}"`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const flag = /--[a-z-]+/.exec(message)?.[0];
    return flag === undefined ? message : `${flag} needs a value`;
  }
  return message;
}

function required(flag: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${flag} is required`);
  return value;
}

function oneOf<Value extends string>(flag: string, text: string, values: readonly Value[]): Value {
  const value = values.find((candidate) => candidate === text);
  if (value === undefined) {
    throw new UsageError(`${flag} must be one of ${values.join(', ')}, not "${text}"`);
  }
  return value;
}

/**
 * The service's base URL. Credentials in the URL are refused rather than sent along: the key
 * belongs in PITSIDE_API_KEY or the keychain, and the message does not repeat such a URL.
 */
export function serviceUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--service must be an http or https URL, not "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--service must be an http or https URL, not "${text}"`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new UsageError(
      '--service must not contain a user name or password; give the key in PITSIDE_API_KEY',
    );
  }
  return url.href.replace(/\/+$/, '');
}

/** An empty variable counts as unset, like an exported but blank shell variable should. */
function apiKeyFrom(env: NodeJS.ProcessEnv): string | null {
  const key = env.PITSIDE_API_KEY?.trim() ?? '';
  if (key === '') return null;
  // Only visible ASCII can travel in an Authorization header; the key itself is never echoed.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new UsageError('PITSIDE_API_KEY must be one line of printable characters without spaces');
  }
  return key;
}

function parseSync(args: string[], env: NodeJS.ProcessEnv): SyncCommand | { command: 'help' } {
  const { values } = checked(() =>
    parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        service: { type: 'string' },
        'data-dir': { type: 'string' },
        scope: { type: 'string', default: 'default' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }),
  );
  if (values.help) return { command: 'help' };
  return {
    command: 'sync',
    service: serviceUrl(required('--service', values.service)),
    dataDir: required('--data-dir', values['data-dir']),
    scope: oneOf('--scope', values.scope, SYNC_SCOPES),
    force: values.force,
    apiKey: apiKeyFrom(env),
  };
}

function parseExport(args: string[]): ExportCommand | { command: 'help' } {
  const { values } = checked(() =>
    parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        'data-dir': { type: 'string' },
        resource: { type: 'string' },
        format: { type: 'string' },
        now: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }),
  );
  if (values.help) return { command: 'help' };
  let now: string | null = null;
  if (values.now !== undefined) {
    now = normaliseTimestamp(values.now);
    if (now === null) {
      throw new UsageError(`--now must be an ISO 8601 date-time with a zone, not "${values.now}"`);
    }
  }
  return {
    command: 'export',
    dataDir: required('--data-dir', values['data-dir']),
    resource: oneOf('--resource', required('--resource', values.resource), EXPORT_RESOURCES),
    format: oneOf('--format', required('--format', values.format), EXPORT_FORMATS),
    now,
  };
}

export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv): CommandLine {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
      throw new UsageError('a command is required: sync or export');
    case '--help':
    case '-h':
    case 'help':
      return { command: 'help' };
    case 'sync':
      return parseSync(rest, env);
    case 'export':
      return parseExport(rest);
    default:
      throw new UsageError(`unknown command "${command}"; the commands are sync and export`);
  }
}
