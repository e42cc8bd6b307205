import { describe, expect, it } from 'vitest';
import { checkEventDates, eventIdBase } from '../../src/shared/wire/event-rules';
import { isSeason, normaliseTimestamp } from '../../src/shared/wire/formats';

describe('seasons', () => {
  it.each([
    ['2025-2026', true],
    ['1999-2000', true],
    ['2025-2027', false],
    ['2026-2025', false],
    ['2025/2026', false],
    ['25-26', false],
    ['2025-2026 ', false],
  ])('%j → %s', (text, valid) => expect(isSeason(text)).toBe(valid));
});

describe('request timestamps', () => {
  it.each([
    ['2026-03-14T09:00:00Z', '2026-03-14T09:00:00Z'],
    ['2026-03-14T09:00Z', '2026-03-14T09:00:00Z'],
    ['2026-03-14T09:00:00.750Z', '2026-03-14T09:00:00Z'],
    ['2026-03-14T10:30:00+01:30', '2026-03-14T09:00:00Z'],
    ['2026-03-13T23:00:00-10:00', '2026-03-14T09:00:00Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00Z'],
  ])('%s is normalised to %s', (text, normalised) => {
    expect(normaliseTimestamp(text)).toBe(normalised);
  });

  it.each([
    '2026-03-14T09:00:00',
    '2026-03-14',
    '2026-02-30T09:00:00Z',
    '2025-02-29T09:00:00Z',
    '2026-03-14T24:00:00Z',
    '2026-03-14T09:60:00Z',
    '2026-03-14T09:00:00+25:00',
    '14/03/2026 09:00',
    '',
  ])('%j is refused', (text) => {
    expect(normaliseTimestamp(text)).toBeNull();
  });
});

describe('event rules', () => {
  it('builds the id base from the season and the name’s first 12 letters and digits', () => {
    expect(eventIdBase('Springfield Regional', '2026-2027')).toBe('2026springfieldr');
    expect(eventIdBase('Z', '2025-2026')).toBe('2025z');
    expect(eventIdBase('¡Évènement!', '2025-2026')).toBe('2025vnement');
    expect(eventIdBase('東京 大会', '2025-2026')).toBe('2025event');
  });

  it('wants endDate ≥ startDate and a season that starts in startDate’s year or the one before', () => {
    const ok = {
      season: '2025-2026',
      startDate: '2026-03-01T00:00:00Z',
      endDate: '2026-03-03T00:00:00Z',
    };
    expect(checkEventDates(ok)).toEqual([]);
    expect(checkEventDates({ ...ok, season: '2026-2027' })).toEqual([]);
    expect(checkEventDates({ ...ok, season: '2024-2025' }).map((p) => p.field)).toEqual(['season']);
    expect(checkEventDates({ ...ok, endDate: '2026-02-28T23:59:59Z' }).map((p) => p.field)).toEqual(
      ['endDate'],
    );
  });
});
