import type { RateLimit } from '../../server/config';
import type { ShareClient } from '../../shared/ipc/share';
import { formatTimestamp } from '../../shared/wire/formats';
import type { AppDatabase } from '../storage/database';
import { buildShareApp, SHARE_RATE_LIMIT } from './share-app';
import { hostHeader, reachableAddresses, shareHosts } from './share-hosts';
import { newShareKey } from './share-key';

export interface ShareOptions {
  db: AppDatabase;
  /** An address of this machine; the command line and the app default to loopback. */
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** A fresh one when absent. */
  key?: string;
  now?: () => Date;
  rateLimit?: RateLimit | null;
  /** Told of a laptop's first read in this session. */
  onNewClient?: (client: ShareClient) => void;
  /** Told of every read answered. */
  onRead?: () => void;
}

export interface RunningShare {
  /** `http://host:port/`, the address to give the other laptops: the first of `urls`. */
  url: string;
  /**
   * Every address the other laptops can use: the one listened on, or on a wildcard (`0.0.0.0`,
   * `::`) each of this machine's network addresses, which the wildcard itself is not.
   */
  urls: string[];
  key: string;
  host: string;
  port: number;
  /** Who read from the share so far, the latest first. */
  clients(): ShareClient[];
  close(): Promise<void>;
}

/** Serves the copy in `db` until closed; the caller owns `db` and closes it after. */
export async function startShare(options: ShareOptions): Promise<RunningShare> {
  const key = options.key ?? newShareKey();
  const now = options.now ?? (() => new Date());
  const clients = new Map<string, ShareClient>();
  let hosts: ReadonlySet<string> = new Set();
  const app = buildShareApp({
    db: options.db,
    key,
    now,
    rateLimit: options.rateLimit === undefined ? SHARE_RATE_LIMIT : options.rateLimit,
    hosts: () => hosts,
    onRead(address, status) {
      options.onRead?.();
      const at = formatTimestamp(now());
      const unchanged = status === 304 ? 1 : 0;
      const known = clients.get(address);
      if (known !== undefined) {
        known.lastAt = at;
        known.reads += 1;
        known.unchanged += unchanged;
        return;
      }
      const client = { address, firstAt: at, lastAt: at, reads: 1, unchanged };
      clients.set(address, client);
      options.onNewClient?.(client);
    },
  });
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  hosts = shareHosts(options.host, port);
  const urls = reachableAddresses(options.host).map(
    (address) => `http://${hostHeader(address, port)}/`,
  );
  return {
    url: urls[0] ?? `http://${hostHeader(options.host, port)}/`,
    urls,
    key,
    host: options.host,
    port,
    clients: () =>
      [...clients.values()]
        .map((client) => ({ ...client }))
        .sort((a, b) => (a.lastAt < b.lastAt ? 1 : -1)),
    close: () => app.close(),
  };
}
