import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/server/demo/generate';
import type { DatasetEvent } from '../../src/server/store/dataset';
import { checkEventDates } from '../../src/shared/wire';

/** Instants where the season turns, the year turns, or the season window has closed. */
const NOWS: readonly [string, string[]][] = [
  ['2026-07-31T23:59:59Z', ['2023-2024', '2024-2025', '2025-2026']],
  ['2026-08-01T00:00:00Z', ['2024-2025', '2025-2026', '2026-2027']],
  ['2026-09-02T08:00:00Z', ['2024-2025', '2025-2026', '2026-2027']],
  ['2026-12-31T23:00:00Z', ['2024-2025', '2025-2026', '2026-2027']],
  ['2027-01-01T00:30:00Z', ['2024-2025', '2025-2026', '2026-2027']],
  ['2027-03-10T12:00:00Z', ['2024-2025', '2025-2026', '2026-2027']],
  ['2027-05-20T18:00:00Z', ['2024-2025', '2025-2026', '2026-2027']],
];

function statusAt(event: DatasetEvent, instant: number): 'upcoming' | 'live' | 'past' {
  if (instant < Date.parse(event.startDate)) return 'upcoming';
  return instant <= Date.parse(event.endDate) ? 'live' : 'past';
}

describe.each(NOWS)('demo data generated at %s', (now, seasons) => {
  const dataset = generateDataset({ size: 'demo', seed: 3, now: new Date(now) });
  const dayStart = Date.parse(`${now.slice(0, 10)}T00:00:00Z`);
  const dayEnd = dayStart + 24 * 3_600_000 - 1_000;

  it('covers that season and the two before it', () => {
    expect(new Set(dataset.events.map((event) => event.season))).toEqual(new Set(seasons));
  });

  it('keeps every event within the rules a create would be held to', () => {
    for (const event of dataset.events) expect(checkEventDates(event)).toEqual([]);
  });

  it('has live, upcoming and past events, the same at either end of the day', () => {
    for (const instant of [dayStart, Date.parse(now), dayEnd]) {
      const count = (status: string): number =>
        dataset.events.filter((event) => statusAt(event, instant) === status).length;
      expect(count('live')).toBeGreaterThanOrEqual(1);
      expect(count('upcoming')).toBeGreaterThanOrEqual(2);
      expect(count('past')).toBeGreaterThan(dataset.events.length / 2);
    }
    const statuses = (instant: number): string[] =>
      dataset.events.map((event) => statusAt(event, instant));
    expect(statuses(dayEnd)).toEqual(statuses(dayStart));
  });

  it('has nothing played, recorded or created after the start of the day, but live events up to now', () => {
    const instant = Date.parse(now);
    const live = new Set(
      dataset.events
        .filter((event) => statusAt(event, instant) === 'live')
        .map((event) => event.id),
    );
    for (const match of dataset.matches) {
      const cutoff = live.has(match.eventId) ? instant : dayStart;
      if (match.playedAt !== null) expect(Date.parse(match.playedAt)).toBeLessThan(cutoff);
    }
    for (const clip of dataset.clips) {
      const cutoff = live.has(clip.eventId) ? instant : dayStart;
      expect(Date.parse(clip.recordedAt)).toBeLessThan(cutoff);
    }
    for (const event of dataset.events) expect(Date.parse(event.updatedAt)).toBeLessThan(dayStart);
  });
});
