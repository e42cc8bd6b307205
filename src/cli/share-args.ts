import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { SHARE_RATE_LIMIT, type ShareRateLimit } from '../main/share/share-app';
import { checked, required } from './args';
import { UsageError } from './errors';

/** `share`: serve a cache read-only to the other laptops at a venue. */
export interface ShareCommand {
  command: 'share';
  dataDir: string;
  host: string;
  port: number;
  /** Per laptop; `null` for none. */
  rateLimit: ShareRateLimit | null;
}

/** Loopback unless the person names an address: a share is never on every interface by default. */
export const SHARE_DEFAULT_HOST = '127.0.0.1';

function portOf(text: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65_535) {
    throw new UsageError(`--port must be a port number from 0 to 65535, not "${text}"`);
  }
  return Number(text);
}

function hostOf(text: string): string {
  if (text !== 'localhost' && isIP(text) === 0) {
    throw new UsageError(
      `--host must be an IP address of this machine (or localhost), not "${text}"`,
    );
  }
  return text;
}

/** `N` requests/s per laptop, in bursts of 2N, or `off`. */
function rateLimitOf(text: string): ShareRateLimit | null {
  if (text === 'off') return null;
  const perSecond = Number(text);
  if (!/^\d+$/.test(text) || perSecond < 1) {
    throw new UsageError(
      `--rate-limit must be a whole number of requests/s or "off", not "${text}"`,
    );
  }
  return { perSecond, burst: 2 * perSecond };
}

export function parseShareCommand(args: string[]): ShareCommand | { command: 'help' } {
  const { values } = checked(() =>
    parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        'data-dir': { type: 'string' },
        host: { type: 'string', default: SHARE_DEFAULT_HOST },
        port: { type: 'string', default: '0' },
        'rate-limit': { type: 'string', default: String(SHARE_RATE_LIMIT.perSecond) },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }),
  );
  if (values.help) return { command: 'help' };
  return {
    command: 'share',
    dataDir: required('--data-dir', values['data-dir']),
    host: hostOf(values.host),
    port: portOf(values.port),
    rateLimit: rateLimitOf(values['rate-limit']),
  };
}
