import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../server/start';
import { markDemoMade, renewStaleDemo } from './demo-renewal';

/** The demo service's key, beside the demo's cache: readable by its owner alone. */
export const DEMO_KEY_FILE = 'demo.key';

const DEMO_KEY = /^demo-[A-Za-z0-9_-]{32}$/;

/** The demo service's own store, beside the demo's cache: it keeps its data across restarts. */
export const DEMO_SERVICE_FILE = 'service.db';

export interface DemoService {
  /** `http://127.0.0.1:<port>`, different at every start. */
  url: string;
  key: string;
  close(): Promise<void>;
}

/**
 * The demo's key: made once, at random, and kept in the demo's directory. The app makes it for
 * its own service inside the same process, so it guards nothing outside and needs no keychain:
 * the demo runs where there is none (a fresh Linux box, a CI runner). Real services' keys stay in
 * the keychain. A file that does not hold a demo key is replaced by a new key.
 */
export function demoKey(directory: string): string {
  const file = join(directory, DEMO_KEY_FILE);
  let kept: string | null = null;
  try {
    kept = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (kept !== null && DEMO_KEY.test(kept)) {
    // A copy or an unpack may have widened it.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return kept;
  }
  const key = `demo-${randomBytes(24).toString('base64url')}`;
  const written = `${file}.${process.pid}.tmp`;
  writeFileSync(written, `${key}\n`, { mode: 0o600 });
  renameSync(written, file);
  return key;
}

/**
 * Starts the reference service inside this process, on loopback only, with the demo data set in
 * `directory` (made on the first start, and again at a start an hour or more later while nobody
 * has edited it: see `renewStaleDemo`). Its clock is the real one, so events move
 * from upcoming to live to past as days go by, unless `now` pins it (as the app's own clock is
 * pinned in tests); it has no rate limit: one app is its only client. The key is an
 * organizer's, so the demo shows what an organizer sees.
 */
export async function startDemoService(options: {
  directory: string;
  key: string;
  nativeBinding?: string;
  now?: string | null;
}): Promise<DemoService> {
  const now =
    options.now === undefined || options.now === null ? new Date() : new Date(options.now);
  const renewal = renewStaleDemo(options.directory, DEMO_SERVICE_FILE, now, options.nativeBinding);
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    db: join(options.directory, DEMO_SERVICE_FILE),
    data: 'demo',
    seed: 1,
    keys: [{ key: options.key, role: 'organizer' }],
    now: options.now ?? null,
    rateLimit: null,
    extensions: true,
    nativeBinding: options.nativeBinding,
  });
  if (renewal !== 'kept') markDemoMade(options.directory, now);
  return { url: server.url, key: options.key, close: () => server.close() };
}
