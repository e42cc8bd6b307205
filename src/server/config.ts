import type { KeyRole } from '../shared/ipc/edits';

export type DataSize = 'demo' | 'large' | 'none';

export interface ApiKeyEntry {
  key: string;
  role: KeyRole;
}

export interface RateLimit {
  /** Tokens added per second. */
  perSecond: number;
  /** Bucket size: how many requests may come at once. */
  burst: number;
}

/** Everything the reference service is started with; the command line and the tests build one. */
export interface ServerConfig {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** A file path, or `:memory:`. */
  db: string;
  /** Fills an empty store; a store that already holds events is left as it is. */
  data: DataSize;
  seed: number;
  keys: ApiKeyEntry[];
  /** Pins the service's clock (ISO 8601); `null` follows the real clock. */
  now: string | null;
  /** `null` turns rate limiting off. */
  rateLimit: RateLimit | null;
  /** Off: no ETag, If-None-Match, If-Match, Idempotency-Key or `season` on stats. */
  extensions: boolean;
  /** How long a request may take to arrive, headers and body together; 30 s when not given. */
  requestTimeoutMs?: number;
  /**
   * better-sqlite3's build for this runtime, when it is not the one in node_modules: the app runs
   * the demo service inside Electron, whose ABI differs from Node's.
   */
  nativeBinding?: string;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 20, burst: 100 };
