/*
 * The tests' sense of "now". The reference service a test starts is pinned to `TEST_NOW` (its
 * statuses and its demo data are laid out around that instant), so every clock on the client's
 * side starts there too: a client on the real date would disagree with the service about which
 * events are live, upcoming or within a week, and a test would pass or fail by the calendar.
 *
 * A client clock runs on from `TEST_NOW` at the real pace, because the code under test measures
 * ages and waits (a sync's "synced just now", a second that must pass between two syncs).
 */

/** A Saturday afternoon in the season: the demo has events live, upcoming and past around it. */
export const TEST_NOW = '2026-11-21T12:00:00Z';

const pinnedMs = Date.parse(TEST_NOW);
// Monotonic: a clock moved under the test run (faketime, a daylight-saving change) moves nothing.
const startedMs = performance.now();

/** `TEST_NOW` plus the time this test process has run: what client code takes as now. */
export function testClock(): Date {
  return new Date(pinnedMs + (performance.now() - startedMs));
}

/** `testClock()` as an ISO 8601 instant, for a child process's clock (`PITSIDE_NOW`). */
export function testNowIso(): string {
  return testClock().toISOString();
}
