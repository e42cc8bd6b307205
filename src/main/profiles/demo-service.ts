import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startServer } from '../../server/start';
import type { Credentials } from '../credentials/credentials';

/**
 * The keychain account of the demo's key. The demo's address changes with every launch (port 0),
 * so the key is kept under this fixed name instead; `.localhost` never resolves off the machine,
 * so no real service can share the account.
 */
export const DEMO_KEY_ACCOUNT = 'http://pitside-demo.localhost';

/** The demo service's own store, beside the demo's cache: it keeps its data across restarts. */
export const DEMO_SERVICE_FILE = 'service.db';

export interface DemoService {
  /** `http://127.0.0.1:<port>`, different at every start. */
  url: string;
  key: string;
  close(): Promise<void>;
}

/**
 * The demo's key: made once, at random, and kept in the keychain like any service's key. Only
 * this app's demo service knows it, and only while the app runs.
 */
export async function demoKey(credentials: Credentials): Promise<string> {
  const kept = await credentials.getKey(DEMO_KEY_ACCOUNT);
  if (kept !== null) return kept;
  const key = `demo-${randomBytes(24).toString('base64url')}`;
  await credentials.setKey(DEMO_KEY_ACCOUNT, key);
  return key;
}

/**
 * Starts the reference service inside this process, on loopback only, with the demo data set in
 * `directory` (made on the first start, kept after). Its clock is the real one, so events move
 * from upcoming to live to past as days go by, and it has no rate limit: one app is its only
 * client. The key is an organizer's, so the demo shows what an organizer sees.
 */
export async function startDemoService(options: {
  directory: string;
  key: string;
  nativeBinding?: string;
}): Promise<DemoService> {
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    db: join(options.directory, DEMO_SERVICE_FILE),
    data: 'demo',
    seed: 1,
    keys: [{ key: options.key, role: 'organizer' }],
    now: null,
    rateLimit: null,
    extensions: true,
    nativeBinding: options.nativeBinding,
  });
  return { url: server.url, key: options.key, close: () => server.close() };
}
