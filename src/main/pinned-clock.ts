/** The environment variable that sets a program's clock (tests, reproducible demos). */
export const CLOCK_VARIABLE = 'PITSIDE_NOW';

/** A date and time with a zone, to the millisecond at most: `2026-11-21T12:00:00.250Z`. */
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/;

export class ClockVariableError extends Error {
  override readonly name = 'ClockVariableError';
}

/**
 * The clock PITSIDE_NOW sets for the command line or the preview: that instant, running on at the
 * real pace from the moment the program started; `null` without it (the system's clock). A
 * reference service pinned with `--now` and a program on the same instant agree on what is live,
 * upcoming or past whatever the date; the tests run every program this way. It runs on, rather
 * than standing still, because a sync measures the age of what it holds and waits between tries.
 */
export function clockFromEnvironment(env: NodeJS.ProcessEnv): (() => Date) | null {
  const pinned = env[CLOCK_VARIABLE];
  if (pinned === undefined || pinned === '') return null;
  const pinnedMs = Date.parse(pinned);
  if (!INSTANT.test(pinned) || Number.isNaN(pinnedMs)) {
    throw new ClockVariableError(
      `${CLOCK_VARIABLE} must be an ISO 8601 date-time with a zone, not "${pinned}"`,
    );
  }
  const startedMs = performance.now();
  return () => new Date(pinnedMs + (performance.now() - startedMs));
}
