// Runs a command with the whole process tree's clock moved, by Debian's libfaketime: Node, the
// reference service, the command line and SQLite all read the moved clock, and timers still run
// at the real pace. The suite must give the same result on any date; these are the dates it is
// proven on (`npm run test:dates`), and the one `npm test` runs besides today.
import { onPath } from './keyring-session.mjs';

const DAY_S = 24 * 60 * 60;

/** Each date as a moved clock: a whole number of days on, or an instant (with a time zone). */
export const MOVED_DATES = [
  { name: '+9d', about: '9 days on', days: 9 },
  { name: '+45d', about: '45 days on', days: 45 },
  { name: '+200d', about: '200 days on', days: 200 },
  { name: '+400d', about: '400 days on', days: 400 },
  {
    // Clocks go forward at 01:00 UTC: the run starts two minutes before and crosses it.
    name: 'dst',
    about: 'across the daylight-saving change of 28 March 2027 in Europe/London',
    at: '2027-03-28T00:58:00Z',
    timeZone: 'Europe/London',
  },
  { name: 'leap', about: 'on 29 February 2028', at: '2028-02-29T12:00:00Z' },
];

/** The date `npm test` runs at besides today: fixed, so that a failure at it can be run again. */
export const NPM_TEST_DATE = 'leap';

/**
 * The suites `npm test` runs again at that date: those whose subject is the calendar (the demo's
 * layout around now, what is live or soon, how old a copy or a bundle is, seasons and the next
 * match, the digest, the renderer's dates), as vitest's filters (a part of the file's path). The
 * whole suite twice would not fit in CI's fifteen minutes; `npm run test:dates` runs it all at
 * every date.
 */
export const CALENDAR_SUITES = [
  'test/server/demo-',
  'test/server/conformance/events-list.test.ts',
  'test/server/conformance/timestamp-range.test.ts',
  'test/main/sync/schedule.test.ts',
  'test/main/sync/list-order.test.ts',
  'test/main/sync/live-event-stats.test.ts',
  'test/main/outbox/restored-service.test.ts',
  'test/main/bundle/',
  'test/main/share/',
  'test/main/analysis/',
  'test/main/digest/',
  'test/main/notify/',
  'test/cli/command-clock.test.ts',
  'test/cli/sync-export.test.ts',
  'test/renderer/',
  'test/shared/',
];

export function movedDate(name) {
  const date = MOVED_DATES.find((candidate) => candidate.name === name);
  if (date === undefined) {
    const names = MOVED_DATES.map((candidate) => candidate.name).join(', ');
    throw new Error(`no moved date "${name}" (known: ${names})`);
  }
  return date;
}

export const HAS_FAKETIME = onPath('faketime');
export const FAKETIME_PACKAGE = 'faketime';

/**
 * `command args` as a spawn takes it, with the clock moved to `date`. An instant becomes an offset
 * from now, reckoned at the start: faketime's own "start at" form would start every child process
 * at that instant again, and a service started later would live earlier than its client.
 */
export function withMovedClock(date, command, args, env = process.env) {
  const offsetSeconds =
    date.days !== undefined
      ? date.days * DAY_S
      : Math.round((Date.parse(date.at) - Date.now()) / 1000);
  const sign = offsetSeconds >= 0 ? '+' : '-';
  return {
    command: 'faketime',
    args: ['-f', `${sign}${Math.abs(offsetSeconds)}`, command, ...args],
    env: date.timeZone === undefined ? env : { ...env, TZ: date.timeZone },
  };
}
