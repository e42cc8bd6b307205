import { randomBytes } from 'node:crypto';
import type { DataSize } from '../../../src/server/config';
import type { KeyRole } from '../../../src/shared/ipc/edits';
import { startServer, type RunningServer } from '../../../src/server/start';
import { TEST_NOW } from '../../harness/clock';
import type { ListEnvelope, SingleEnvelope } from '../../../src/shared/wire/envelopes';

/** Far above what a read of the in-memory service takes, even on a busy machine. */
const ANSWER_WITHIN_MS = 10_000;

export type Query = Record<string, string | number | undefined>;

/**
 * The real reference service on 127.0.0.1, in memory. A stop and a restart bring back the same
 * service on the same port, as a venue's wifi coming back would: the same seed and the same
 * pinned clock make the same data again.
 *
 * Its clock is pinned to `TEST_NOW`, so nothing it derives (statuses, figures) moves during a test
 * and every run sees the same data whatever the date. The app's main process and its page run on
 * the tests' clock from the same instant (see the fixtures): a service living on another day would
 * disagree with the app about which events are live, and the comparisons of the two would test
 * the calendar instead of the app.
 */
export class ReferenceService {
  readonly keys: Record<KeyRole, string>;
  readonly now = TEST_NOW;
  private running: RunningServer | null = null;
  private port = 0;

  constructor(private readonly options: { data: DataSize }) {
    this.keys = {
      viewer: `viewer-${randomBytes(12).toString('hex')}`,
      organizer: `organizer-${randomBytes(12).toString('hex')}`,
      admin: `admin-${randomBytes(12).toString('hex')}`,
    };
  }

  /** `http://127.0.0.1:<port>`, the same across a stop and a restart. */
  get url(): string {
    if (this.port === 0) throw new Error('the reference service has not been started');
    return `http://127.0.0.1:${this.port}`;
  }

  get isRunning(): boolean {
    return this.running !== null;
  }

  async start(): Promise<void> {
    if (this.running !== null) return;
    this.running = await startServer({
      host: '127.0.0.1',
      port: this.port,
      db: ':memory:',
      data: this.options.data,
      seed: 1,
      keys: (Object.keys(this.keys) as KeyRole[]).map((role) => ({ key: this.keys[role], role })),
      now: this.now,
      rateLimit: null,
      extensions: true,
    });
    this.port = Number(new URL(this.running.url).port);
  }

  async stop(): Promise<void> {
    const running = this.running;
    this.running = null;
    await running?.close();
  }

  /** Asks the service itself, as the app would, with the key of `role`. */
  async get<Body>(path: string, query: Query = {}, role: KeyRole = 'viewer'): Promise<Body> {
    const url = new URL(path, this.url);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    }
    const what = `GET ${url.pathname}${url.search}`;
    // A bounded wait: a request to the service that never came back once took a whole test's
    // timeout with it, and the report named no step. Now it names the request.
    const signal = AbortSignal.timeout(ANSWER_WITHIN_MS);
    try {
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${this.keys[role]}` },
        signal,
      });
      if (!response.ok) throw new Error(`${what}: ${response.status}`);
      return (await response.json()) as Body;
    } catch (error) {
      if (signal.aborted) throw new Error(`${what}: no answer within ${ANSWER_WITHIN_MS} ms`);
      throw error;
    }
  }

  list<Item>(path: string, query: Query = {}, role: KeyRole = 'viewer') {
    return this.get<ListEnvelope<Item>>(path, query, role);
  }

  one<Item>(path: string, query: Query = {}, role: KeyRole = 'viewer') {
    return this.get<SingleEnvelope<Item>>(path, query, role);
  }
}
