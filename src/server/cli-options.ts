import { parseArgs } from 'node:util';
import { normaliseTimestamp } from '../shared/wire/formats';
import { DEFAULT_RATE_LIMIT, type DataSize, type RateLimit, type ServerConfig } from './config';

export const USAGE = `usage: npm run server -- [options]
  --host HOST            address to listen on (default 127.0.0.1)
  --port N               port, 0 for any free one (default 8787)
  --db FILE|:memory:     store file (default :memory:)
  --data demo|large|none data set for an empty store (default demo)
  --seed N               seed of the data set (default 1)
  --keys FILE            JSON keys file; without it one key per role is made and printed
  --now ISO              pin the clock, e.g. 2026-03-14T09:00:00Z (env PITSIDE_SERVER_NOW)
  --rate-limit N|off     N requests/s per caller, bursts of 5N (default 20)
  --extensions on|off    ETag, If-Match, Idempotency-Key, season on stats (default on)
  --help                 print this and exit
env: PITSIDE_SERVER_KEYS holds a keys file's JSON when --keys is not given`;

/** A command line that cannot be run; the message names the flag and what is wrong with it. */
export class UsageError extends Error {}

export interface CommandLine {
  help: boolean;
  /** Everything but the keys, which come from a file, the environment or are made up. */
  config: Omit<ServerConfig, 'keys'>;
  keysFile: string | null;
}

const DATA_SIZES: readonly DataSize[] = ['demo', 'large', 'none'];

function wholeNumber(flag: string, text: string, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) > max) {
    throw new UsageError(`${flag} must be a whole number from 0 to ${max}, not "${text}"`);
  }
  return Number(text);
}

function rateLimit(text: string): RateLimit | null {
  if (text === 'off') return null;
  const perSecond = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(perSecond > 0)) {
    throw new UsageError(
      `--rate-limit must be a positive number of requests/s or "off", not "${text}"`,
    );
  }
  return { perSecond, burst: 5 * perSecond };
}

function pinnedNow(text: string, source: string): string {
  const normalised = normaliseTimestamp(text);
  if (normalised === null) {
    throw new UsageError(`${source} must be an ISO 8601 date-time with a zone, not "${text}"`);
  }
  return normalised;
}

function oneOf<Value extends string>(flag: string, text: string, values: readonly Value[]): Value {
  const value = values.find((candidate) => candidate === text);
  if (value === undefined)
    throw new UsageError(`${flag} must be ${values.join(', ')}, not "${text}"`);
  return value;
}

export function parseCommandLine(args: string[], env: NodeJS.ProcessEnv): CommandLine {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '8787' },
        db: { type: 'string', default: ':memory:' },
        data: { type: 'string', default: 'demo' },
        seed: { type: 'string', default: '1' },
        keys: { type: 'string' },
        now: { type: 'string' },
        'rate-limit': { type: 'string' },
        extensions: { type: 'string', default: 'on' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.host === '') throw new UsageError('--host must not be empty');
  if (values.db === '') throw new UsageError('--db must not be empty');
  const envNow = env.PITSIDE_SERVER_NOW;
  const now =
    values.now !== undefined
      ? pinnedNow(values.now, '--now')
      : envNow !== undefined && envNow !== ''
        ? pinnedNow(envNow, 'PITSIDE_SERVER_NOW')
        : null;
  return {
    help: values.help,
    keysFile: values.keys ?? null,
    config: {
      host: values.host,
      port: wholeNumber('--port', values.port, 65_535),
      db: values.db,
      data: oneOf('--data', values.data, DATA_SIZES),
      seed: wholeNumber('--seed', values.seed, Number.MAX_SAFE_INTEGER),
      now,
      rateLimit:
        values['rate-limit'] === undefined ? DEFAULT_RATE_LIMIT : rateLimit(values['rate-limit']),
      extensions: oneOf('--extensions', values.extensions, ['on', 'off']) === 'on',
    },
  };
}
