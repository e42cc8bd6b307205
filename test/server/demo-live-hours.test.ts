import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/server/demo/generate';
import type { DatasetEvent, DatasetMatch } from '../../src/server/store/dataset';

/*
 * The demo as a person finds it at whatever hour and on whatever day they start it: an event
 * live part-way through its schedule, matches played minutes ago and the next ones minutes away,
 * an event starting within the week, and past events. At 21:17 on a live event's second day it
 * once said the next match "was due on Tue, Dec 1, 09:00 AM (delay not known yet)".
 */

const MINUTE = 60_000;
const DAYS = [
  '2026-11-21', // a Saturday in the season
  '2026-12-01', // a Tuesday
  '2027-03-14', // the United States change to daylight-saving time
  '2027-06-15', // outside the season's window
  '2027-08-01', // the first day of a season
  '2028-02-29', // a leap day
];
const HOURS = ['00:01', '06:30', '12:00', '17:45', '21:17', '23:59'];

function statusAt(event: DatasetEvent, instant: number): 'upcoming' | 'live' | 'past' {
  if (instant < Date.parse(event.startDate)) return 'upcoming';
  return instant <= Date.parse(event.endDate) ? 'live' : 'past';
}

const at = (match: DatasetMatch, field: 'scheduledAt' | 'playedAt'): number =>
  Date.parse(match[field] ?? '');

describe.each(DAYS)('the demo on %s', (day) => {
  it.each(HOURS)('at %s is under way, with more to come and more behind', (hour) => {
    const now = Date.parse(`${day}T${hour}:00Z`);
    const demo = generateDataset({ size: 'demo', seed: 1, now: new Date(now) });
    const live = demo.events.filter((event) => statusAt(event, now) === 'live');
    expect(live.length).toBeGreaterThanOrEqual(1);
    for (const event of live) {
      const matches = demo.matches.filter((match) => match.eventId === event.id);
      const played = matches.filter((match) => match.status === 'played');
      const scheduled = matches.filter((match) => match.status === 'scheduled');
      // Part-way: some played, some not.
      expect(played.length, event.id).toBeGreaterThan(0);
      expect(scheduled.length, event.id).toBeGreaterThan(0);
      const lastPlayed = Math.max(...played.map((match) => at(match, 'playedAt')));
      expect(lastPlayed, `${event.id}: the last match played`).toBeLessThan(now);
      expect(lastPlayed, `${event.id}: the last match played`).toBeGreaterThan(now - 30 * MINUTE);
      const next = Math.min(...scheduled.map((match) => at(match, 'scheduledAt')));
      // Due in minutes, or a little overdue while the event runs behind: never hours away.
      expect(next, `${event.id}: the next match`).toBeLessThan(now + 15 * MINUTE);
      expect(next, `${event.id}: the next match`).toBeGreaterThan(now - 25 * MINUTE);
    }
    const upcoming = demo.events.filter((event) => statusAt(event, now) === 'upcoming');
    const soon = upcoming.filter(
      (event) => Date.parse(event.startDate) <= now + 7 * 24 * 60 * MINUTE,
    );
    expect(soon.length).toBeGreaterThanOrEqual(1);
    expect(demo.events.filter((event) => statusAt(event, now) === 'past').length).toBeGreaterThan(
      demo.events.length / 2,
    );
  });
});
