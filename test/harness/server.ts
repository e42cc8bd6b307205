import { randomBytes } from 'node:crypto';
import type { ApiKeyEntry, DataSize, RateLimit } from '../../src/server/config';
import type { KeyRole } from '../../src/shared/ipc/edits';
import { startServer } from '../../src/server/start';
import { TEST_NOW } from './clock';

export interface TestServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  keys: Record<KeyRole, string>;
  /** Sent by a conformance request that names no caller; a venue share answers none without. */
  defaultKey?: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  data?: DataSize;
  seed?: number;
  /** Pinned clock; defaults to a fixed instant so that derived statuses do not drift between runs. */
  now?: string | null;
  rateLimit?: RateLimit | null;
  extensions?: boolean;
  db?: string;
  /** The keys per role; fresh random ones when absent (two services may share keys this way). */
  keys?: Record<KeyRole, string>;
  /** Keys beyond the one per role, e.g. more viewers: the rate limit gives each its own bucket. */
  extraKeys?: readonly ApiKeyEntry[];
  /** The port; any free one when absent (a restarted service keeps its address this way). */
  port?: number;
}

export { TEST_NOW } from './clock';

/** Changes an event on the service as an organizer would (the change another person makes). */
export async function patchEvent(
  server: TestServer,
  eventId: string,
  patch: Record<string, unknown>,
): Promise<number> {
  const response = await fetch(`${server.url}/v1/events/${eventId}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${server.keys.organizer}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(patch),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Creates an upcoming event of season 2026-2027 named `name` on the service, as an organizer
 * would (through the API, not the store); answers the status.
 */
export async function postEvent(server: TestServer, name: string): Promise<number> {
  const response = await fetch(`${server.url}/v1/events`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.keys.organizer}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      name,
      season: '2026-2027',
      startDate: '2026-12-05T09:00:00Z',
      endDate: '2026-12-06T18:00:00Z',
      location: { city: 'Springfield', country: 'US' },
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The real reference service on 127.0.0.1, port 0, in memory unless told otherwise. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const keys: Record<KeyRole, string> = options.keys ?? {
    viewer: `viewer-${randomBytes(12).toString('hex')}`,
    organizer: `organizer-${randomBytes(12).toString('hex')}`,
    admin: `admin-${randomBytes(12).toString('hex')}`,
  };
  const server = await startServer({
    host: '127.0.0.1',
    port: options.port ?? 0,
    db: options.db ?? ':memory:',
    data: options.data ?? 'demo',
    seed: options.seed ?? 1,
    keys: [
      ...(Object.keys(keys) as KeyRole[]).map((role) => ({ key: keys[role], role })),
      ...(options.extraKeys ?? []),
    ],
    now: options.now === undefined ? TEST_NOW : options.now,
    rateLimit: options.rateLimit ?? null,
    extensions: options.extensions ?? true,
  });
  return { url: server.url, keys, close: () => server.close() };
}
