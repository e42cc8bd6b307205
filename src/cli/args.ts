import { parseArgs } from 'node:util';
import { SYNC_SCOPES, type SyncScope } from '../shared/ipc/sync';
import { EVENT_ID_PATTERN, normaliseTimestamp } from '../shared/wire/formats';
import { parseAnalysisCommand, type AnalysisCommand } from './analysis-args';
import { parseBundleCommand, type BundleCommand } from './bundle-command';
import { EXIT, UsageError } from './errors';
import { parseShareCommand, type ShareCommand } from './share-args';
import {
  EXPORT_FORMATS,
  EXPORT_RESOURCES,
  type ExportFormat,
  type ExportResource,
} from './export-kinds';

export const USAGE = `usage: npm run cli -- <command> [options]

  sync    send the edits queued here, then bring the local cache up to date with the service
  export  print cached records as JSON or CSV (needs no network and no key)
  events  queue an organizer's edit of an event (needs no network and no key)
  outbox  list the queued edits, resolve a conflict, send a refused edit again, or discard one
  stats   print an event's rankings, OPR, DPR, CCWM and Ratings, computed from the cache
  predict print the predicted scores of an event's scheduled matches, computed from the cache
  share   serve the cache read-only to other Pitsides at a venue (they sync from it)
  bundle  write chosen events to a .pitside file, or merge one in (no network at all)

npm run cli -- sync --service URL --data-dir DIR [--scope default|all] [--force]
npm run cli -- sync --profile NAME --data-dir DIR [--scope default|all] [--force]
  --service URL        the service, http or https; its API key is PITSIDE_API_KEY when set,
                       else the key Pitside keeps in the system keychain for that URL
  --data-dir DIR       with --service: the directory of the cache (DIR/pitside.db); created
                       if missing
  --profile NAME       instead of --service: one of the app's service profiles (as Settings
                       names it); DIR is then the app's data directory, and the profile gives
                       the URL, its cache in DIR and its key (PITSIDE_API_KEY still wins)
  --scope default|all  default: the event and team lists, live events in full; all: every
                       event in full and every team's statistics (default: default)
  --force              pull everything in the scope, however fresh the cached copy is
  Progress goes to stderr, one line per change; the run's summary goes to stdout as one
  line of JSON (the sync summary, the service, the data directory and the cached counts).
  Edits queued in DIR go out first (outbox: sent, pending, failed, conflicts, checking). To a
  service without ETags, each update is looked at again 25 s after it went out, in case
  someone's change crossed it: sync waits for that before it exits (Ctrl-C: the next sync
  does it). A cache holds one service's copy: syncing it with another service keeps the
  first one's copy until the new one answers with a resource of its own, which replaces it
  whole (an address that does not answer with its data changes nothing); queued edits are
  never touched, and wait until their service is synced again.

npm run cli -- events create --data-dir DIR --json '<create payload>'
npm run cli -- events update --data-dir DIR --event CODE --json '<merge patch>'
npm run cli -- events delete --data-dir DIR --event CODE
  Checks the input as the service would and queues the edit for the service DIR was synced
  with; prints the queued edit as JSON. A new event gets a temporary code (local…) until the
  service names it; later edits may use either code. Nothing is sent until the next sync.

npm run cli -- outbox list --data-dir DIR
npm run cli -- outbox resolve --data-dir DIR --edit ID --take mine|theirs
npm run cli -- outbox resend --data-dir DIR --edit ID
npm run cli -- outbox discard --data-dir DIR --edit ID
  list: a JSON array of the queued edits (id, kind, eventId, state: pending | sending |
  failed | conflict, attempts, error, and for a conflict fields: { name: { base, theirs,
  mine } }). resolve: each field both sides changed keeps mine or theirs; the edit goes out
  again on the next sync. resend: a failed edit (say, refused for a key without the right)
  goes out again on the next sync, and so do the edits of a new event that waited for it.
  discard: takes the edit back (not while it is being sent).

npm run cli -- export --data-dir DIR --resource NAME --format json|csv [--now ISO]
  --resource NAME      events, teams, matches, clips or stats
  --format json|csv    json: an array of the service's record shapes; csv: see below
  --now ISO            compute event status at this instant instead of the local clock
  Order: events by startDate, id; teams by number; matches by event startDate, event id,
  type, number; clips by recordedAt (newest first), id; stats by teamNumber, season.

npm run cli -- stats --data-dir DIR --event CODE [--format json|csv]
npm run cli -- predict --data-dir DIR --event CODE [--format json|csv]
  Computed here from the cache (no network, no key), as the app's Rankings tab and
  predictions are. stats: one row per team, ranked, { team, rank, wins, losses, ties,
  rankingPoints, avgScore, opr, dpr, ccwm, rating, provisional } (provisional: OPR, DPR
  and CCWM are steadied toward the event's mean; null without a played match). predict:
  each scheduled match whose alliances are known, in schedule order, { match, redScore,
  blueScore, redWinProbability }. --format defaults to json. An event the cache does not
  hold is a usage error.

npm run cli -- share --data-dir DIR [--host ADDR] [--port N] [--rate-limit N|off]
  Serves the cache in DIR read-only, as the service's GET endpoints answer a viewer key:
  public events in lists, unlisted ones by code, private ones never. Prints
  "sharing on http://ADDR:PORT/" and "key KEY" as its first two lines, then serves until
  Ctrl-C (exit 0); on 0.0.0.0 or ::, "also on http://ADDR:PORT/" lines follow with this
  machine's other network addresses. Another Pitside syncs from it with that address and
  key. As on the service, the event endpoints need the key (401 without it) and the team
  endpoints none; writes get 405; a request naming another host, or sent by a web page,
  gets 403. Each answer carries Pitside-Synced-At: when DIR synced it. An event's
  visibility is as DIR last read its record: an event made private on the service stops
  being served at DIR's first sync 15 minutes or more after that read.
  --host ADDR          an IP address of this machine to listen on (default 127.0.0.1, this
                       machine only); the venue network's address to share with others
  --port N             the port (default 0: any free one)
  --rate-limit N|off   requests/s each laptop may make, in bursts of 2N (default 500);
                       past it a laptop is told to wait (429 and Retry-After)

npm run cli -- bundle export --data-dir DIR --out FILE [--event CODE ...] [--season S]
                             [--include-private] [--now ISO]
npm run cli -- bundle import --data-dir DIR [--dry-run] [--now ISO] FILE
npm run cli -- bundle show [--now ISO] FILE
  export: the chosen events (all whose visibility the cache knows, by default) with their
  teams, matches, clips and their teams' statistics for their seasons, as the service sent
  them (never edits not sent, favorites, pins, pick lists or notes), into one compressed,
  checksummed FILE, written beside it and renamed over it whole; never over a file of a
  Pitside data directory (its pitside.db, pitside.lock, app-state.json, ...). Prints { file,
  bytes, service, parts, events, privateEvents, unlistedEvents, hiddenLeftOut }.
  --include-private    also private and unlisted events; without it a bundle holds only what
                       a viewer's key may see (public events), as a venue share serves, and
                       says on stderr how many it left out. Whoever has the file can read them.
  import: merges FILE into the cache of its service: DIR's cache, or in the app's data
  directory that service's profile (made when there is none). Per resource the copy synced
  later wins; edits not sent, favorites, pins, pick lists and notes are never touched. Only
  public events are listed; private and unlisted ones are kept, readable by code. A bad
  bundle (truncated, corrupted, a newer schema, oversized, records the service would refuse,
  a service address that is not http(s), a time later than this computer's clock by more
  than 5 minutes, not a regular file) is status 2 with nothing changed. --dry-run and show
  print what FILE brings ("48 events, 1,204 teams, ... synced 2 h ago from
  league.example.org") and change nothing.
  --now ISO            read the clock as this instant (how old the parts are, and the latest
                       time a bundle may carry) instead of the local clock

CSV is RFC 4180: a header row, CRLF line ends, a field with a comma, a quote or a line
break is quoted and its quotes doubled. Nested fields become dotted columns (location.city,
red.score, rankings.world), team lists (red.teams, teamNumbers) are joined with one space,
null is an empty field. A field that begins with = + - @, a tab or a carriage return gets
a leading ' so that a spreadsheet shows it instead of running it as a formula; a plain
number such as -5 or -0.25 is left as it is.

PITSIDE_NOW=ISO runs a command on a clock that starts at that instant and runs on (for tests
and reproducible demos, beside a service started with the same --now).

exit status:
  ${EXIT.ok}    done (sync: the run completed)
  ${EXIT.unexpected}    unexpected error
  ${EXIT.usage}    usage: unknown command or option, a missing or invalid value (bad URL, unknown
       profile, unknown resource or format, unusable PITSIDE_API_KEY), an edit the service
       would refuse (each field at fault is named), an unknown event or edit; nothing is queued;
       a bad bundle, or one of another service than DIR's cache; an --out that is no place
       for a bundle (a missing folder, a directory, a data directory's file); nothing is changed
  ${EXIT.setup}    setup: the data directory is unusable, holds no cache to export (or no
       profiles for --profile), or its cache is from a newer Pitside; the keychain cannot be
       read; an --out the system will not let be written (read-only, no permission, full)
  ${EXIT.syncFailed}    sync failed: the service is unreachable, refused the key, ...; what was
       committed before the failure is kept
  ${EXIT.syncPartial}    sync partial: some resources could not be synced; their cached copies are kept
  ${EXIT.editsHeld}    sync completed, but edits were refused by the service or are in conflict
       (see outbox list); they are kept
  ${EXIT.inUse}    the data directory is in use by another Pitside process (the app, the preview,
       another sync or edit; its pid is named): sync and the edits wait for none, they stop
       at once; export and outbox list only read, and work beside it
  130  canceled by SIGINT, 143 by SIGTERM (128 + the signal's number)`;

interface SyncOptions {
  command: 'sync';
  dataDir: string;
  scope: SyncScope;
  force: boolean;
  /** From PITSIDE_API_KEY; `null` means ask the keychain. Never printed. */
  apiKey: string | null;
}

/** `--service URL`: the cache in `dataDir`, the key the keychain keeps for the address. */
export interface SyncCommand extends SyncOptions {
  service: string;
}

/** `--profile NAME`: `dataDir` is the app's; the profile says the service, cache and key. */
export interface ProfileSyncCommand extends SyncOptions {
  profile: string;
}

export interface ExportCommand {
  command: 'export';
  dataDir: string;
  resource: ExportResource;
  format: ExportFormat;
  /** The instant event status is computed at; `null` for the local clock. */
  now: string | null;
}

export interface EditCommand {
  command: 'events';
  action: 'create' | 'update' | 'delete';
  dataDir: string;
  /** The event's code; empty for a create. */
  eventId: string;
  /** The create payload or merge patch as parsed JSON; checked by the outbox like a form is. */
  body: unknown;
}

export interface OutboxCommand {
  command: 'outbox';
  action: (typeof OUTBOX_ACTIONS)[number];
  dataDir: string;
  editId: number;
  take: 'mine' | 'theirs';
}

export type CommandLine =
  | { command: 'help' }
  | SyncCommand
  | ProfileSyncCommand
  | ExportCommand
  | EditCommand
  | OutboxCommand
  | AnalysisCommand
  | ShareCommand
  | BundleCommand;

/** Runs `parseArgs` (strict: unknown options and stray arguments are errors) as a usage check. */
export function checked<Result>(parse: () => Result): Result {
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

export function required(flag: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${flag} is required`);
  return value;
}

export function oneOf<Value extends string>(
  flag: string,
  text: string,
  values: readonly Value[],
): Value {
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

function parseSync(
  args: string[],
  env: NodeJS.ProcessEnv,
): SyncCommand | ProfileSyncCommand | { command: 'help' } {
  const { values } = checked(() =>
    parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        service: { type: 'string' },
        profile: { type: 'string' },
        'data-dir': { type: 'string' },
        scope: { type: 'string', default: 'default' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }),
  );
  if (values.help) return { command: 'help' };
  if (values.service !== undefined && values.profile !== undefined) {
    throw new UsageError('give --service URL or --profile NAME, not both');
  }
  const options = {
    command: 'sync' as const,
    dataDir: required('--data-dir', values['data-dir']),
    scope: oneOf('--scope', values.scope, SYNC_SCOPES),
    force: values.force,
    apiKey: apiKeyFrom(env),
  };
  if (values.profile !== undefined) {
    return { ...options, profile: required('--profile', values.profile).trim() };
  }
  return { ...options, service: serviceUrl(required('--service', values.service)) };
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

const EDIT_ACTIONS = ['create', 'update', 'delete'] as const;
const OUTBOX_ACTIONS = ['list', 'resolve', 'resend', 'discard'] as const;

function jsonBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(
      `--json is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function eventCode(text: string): string {
  if (!EVENT_ID_PATTERN.test(text)) {
    throw new UsageError(
      `--event must be an event code (lowercase letters and digits), not "${text}"`,
    );
  }
  return text;
}

function editNumber(text: string): number {
  if (!/^[1-9]\d{0,15}$/.test(text)) {
    throw new UsageError(`--edit must be an edit's id (a positive whole number), not "${text}"`);
  }
  return Number(text);
}

/**
 * `<command> <action> --data-dir DIR [--name value …]`: the action, then its options, strictly
 * (every option a string); `null` when help was asked for instead.
 */
function parseAction<Action extends string>(
  args: string[],
  command: string,
  actions: readonly Action[],
  names: readonly string[],
): { action: Action; dataDir: string; values: Record<string, string | undefined> } | null {
  const [actionText, ...rest] = args;
  if (actionText === '--help' || actionText === '-h') return null;
  const action = oneOf(command, required(`an action (${actions.join(', ')})`, actionText), actions);
  const options = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  const { values } = checked(() =>
    parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: {
        ...options,
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }),
  );
  if (values.help === true) return null;
  const strings: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') strings[name] = value;
  }
  return { action, dataDir: required('--data-dir', strings['data-dir']), values: strings };
}

function parseEvents(args: string[]): EditCommand | { command: 'help' } {
  const parsed = parseAction(args, 'events', EDIT_ACTIONS, ['event', 'json']);
  if (parsed === null) return { command: 'help' };
  const { action, dataDir, values } = parsed;
  if (action === 'create') {
    if (values.event !== undefined)
      throw new UsageError('--event is not for create: the service names new events');
    return {
      command: 'events',
      action,
      dataDir,
      eventId: '',
      body: jsonBody(required('--json', values.json)),
    };
  }
  const eventId = eventCode(required('--event', values.event));
  if (action === 'delete') {
    if (values.json !== undefined) throw new UsageError('--json is not for delete');
    return { command: 'events', action, dataDir, eventId, body: null };
  }
  return {
    command: 'events',
    action,
    dataDir,
    eventId,
    body: jsonBody(required('--json', values.json)),
  };
}

function parseOutbox(args: string[]): OutboxCommand | { command: 'help' } {
  const parsed = parseAction(args, 'outbox', OUTBOX_ACTIONS, ['edit', 'take']);
  if (parsed === null) return { command: 'help' };
  const { action, dataDir, values } = parsed;
  if (action === 'list') {
    if (values.edit !== undefined || values.take !== undefined) {
      throw new UsageError('outbox list takes only --data-dir');
    }
    return { command: 'outbox', action, dataDir, editId: 0, take: 'mine' };
  }
  const editId = editNumber(required('--edit', values.edit));
  if (action === 'discard' || action === 'resend') {
    if (values.take !== undefined) throw new UsageError('--take is for outbox resolve');
    return { command: 'outbox', action, dataDir, editId, take: 'mine' };
  }
  const take = oneOf('--take', required('--take', values.take), ['mine', 'theirs'] as const);
  return { command: 'outbox', action, dataDir, editId, take };
}

export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv): CommandLine {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
      throw new UsageError(
        'a command is required: sync, export, events, outbox, stats, predict, share or bundle',
      );
    case '--help':
    case '-h':
    case 'help':
      return { command: 'help' };
    case 'sync':
      return parseSync(rest, env);
    case 'export':
      return parseExport(rest);
    case 'events':
      return parseEvents(rest);
    case 'outbox':
      return parseOutbox(rest);
    case 'stats':
    case 'predict':
      return parseAnalysisCommand(command, rest);
    case 'share':
      return parseShareCommand(rest);
    case 'bundle':
      return parseBundleCommand(rest);
    default:
      throw new UsageError(
        `unknown command "${command}"; the commands are sync, export, events, outbox, stats, predict, share and bundle`,
      );
  }
}
