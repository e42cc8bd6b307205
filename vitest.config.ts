import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Most suites wait on sockets and timers (a real service, a rate limit, a proxy's latency), not
    // on the CPU: two forks keep a two-core machine busy where the default of one leaves it idle.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
