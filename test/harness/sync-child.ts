import { join } from 'node:path';
import { createApiClient } from '../../src/main/api/client';
import { openCache } from '../../src/main/cache/open';
import { WriteQueue, type WriteSession } from '../../src/main/cache/write-queue';
import { SyncEngine } from '../../src/main/sync/engine';
import type { SyncScope } from '../../src/shared/ipc/sync';

/*
 * One sync run in a process of its own, for the tests that kill it at random moments (crash
 * consistency) or read everything it prints (key secrecy). Configured by the environment:
 *
 *   PITSIDE_CHILD_DIR      data directory; the cache is DIR/cache.db
 *   PITSIDE_CHILD_SERVICE  the service's base URL
 *   PITSIDE_API_KEY        the key, as the command line takes it (absent: no key)
 *   PITSIDE_CHILD_SCOPE    `all` (default) or `default`
 *   PITSIDE_CHILD_NOW      the engine's clock, pinned like the test service's
 *   PITSIDE_CHILD_STEP_MS  a pause after each step of a multi-step write session (a slow disk):
 *                          widens the window in which a kill lands inside one, nothing else
 *
 * stdout: `started` once the run is under way, `session N` when the Nth write session has begun
 * its transaction, then the summary as one JSON line. stderr: every status push and change
 * notification as a JSON line, the way a log would record them.
 */

/** The app's write queue, announcing each session and pausing between its steps if asked. */
class ObservedQueue extends WriteQueue {
  private sessions = 0;

  constructor(
    db: ConstructorParameters<typeof WriteQueue>[0],
    private readonly stepPauseMs: number,
  ) {
    super(db, { onCommit: (changed) => console.error(JSON.stringify({ changed })) });
  }

  override session<Result>(work: (session: WriteSession) => Promise<Result>): Promise<Result> {
    return super.session((session) => {
      this.sessions += 1;
      process.stdout.write(`session ${this.sessions}\n`);
      return work({
        step: async (batch) => {
          const result = await session.step(batch);
          if (this.stepPauseMs > 0) await new Promise((done) => setTimeout(done, this.stepPauseMs));
          return result;
        },
      });
    });
  }
}

function setting(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

async function main(): Promise<void> {
  const dir = setting('PITSIDE_CHILD_DIR');
  const baseUrl = setting('PITSIDE_CHILD_SERVICE');
  const key = process.env.PITSIDE_API_KEY ?? null;
  const scope: SyncScope = process.env.PITSIDE_CHILD_SCOPE === 'default' ? 'default' : 'all';
  const pinned = process.env.PITSIDE_CHILD_NOW;
  const now = pinned === undefined ? () => new Date() : () => new Date(pinned);

  const cache = openCache(join(dir, 'cache.db'));
  const queue = new ObservedQueue(cache.writer, Number(process.env.PITSIDE_CHILD_STEP_MS ?? '0'));
  const engine = new SyncEngine({
    reader: cache.reader,
    writer: cache.writer,
    queue,
    now,
    connect: () =>
      Promise.resolve(
        createApiClient({
          baseUrl,
          fetch: (url, init) => fetch(url, init),
          apiKey: () => Promise.resolve(key),
        }),
      ),
    onStatus: (status) => console.error(JSON.stringify({ status })),
  });
  const run = engine.run({ scope });
  process.stdout.write('started\n');
  const summary = await run;
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  await engine.close();
  cache.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
