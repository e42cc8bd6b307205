import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * A suite that replaces a module or a global, or pins the time zone, must have a process of its
 * own: in a shared one the module (or a date formatter made at load) already exists from an
 * earlier file, so the change would come too late, or leak into the next file. Read from the
 * files themselves, so a new mock cannot be forgotten here.
 */
const CHANGES_THE_PROCESS = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|\bprocess\.env\.\w+\s*=[^=]/;

function suitesIn(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join(directory, file));
}

const ownProcess = ['test', 'src']
  .flatMap(suitesIn)
  .filter((file) => CHANGES_THE_PROCESS.test(readFileSync(file, 'utf8')));

const SHARE_CONFORMANCE = [
  'events-list',
  'pagination',
  'teams',
  'event-sub-resources',
  'team-sub-resources',
].map((name) => `test/server/conformance/${name}.test.ts`);

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Most suites wait on sockets and timers (a real service, a rate limit, a proxy's latency), not
    // on the CPU: two forks keep a two-core machine busy where the default of one leaves it idle.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'own process', include: ownProcess },
      },
      {
        // The read-only conformance files again, against a venue share of a Pitside that synced
        // the service (test/server/conformance/target.ts): a share speaks the same interface.
        extends: true,
        test: {
          name: 'share conformance',
          include: SHARE_CONFORMANCE,
          env: { PITSIDE_CONFORMANCE_TARGET: 'share' },
          globalSetup: ['test/server/conformance/share-global-setup.ts'],
        },
      },
      {
        // Each suite in a fresh process loaded the service, the cache and the sync engine again:
        // 123 CPU-s for the service's suites against 68 in shared processes (measured), time taken
        // from the integration tests beside them. Suites here leave no module or global changed.
        extends: true,
        test: {
          name: 'shared processes',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: ownProcess,
          isolate: false,
        },
      },
    ],
  },
});
