import { describe, expect, it } from 'vitest';
import {
  FILTER_PARAMS,
  FILTER_TEXT_MAX,
  eventListFilters,
  hasFilters,
} from '../../../../src/renderer/src/views/events/list-filters';

const filtersOf = (query: string) => eventListFilters(new URLSearchParams(query));

describe('eventListFilters', () => {
  it('has no filters for an empty query', () => {
    expect(filtersOf('')).toEqual({});
    expect(hasFilters(filtersOf(''))).toBe(false);
  });

  it('reads every filter the address holds', () => {
    const filters = filtersOf('season=2025-2026&status=live&region=Midwest&search=spring');
    expect(filters).toEqual({
      season: '2025-2026',
      status: 'live',
      region: 'Midwest',
      search: 'spring',
    });
    expect(hasFilters(filters)).toBe(true);
  });

  it('names exactly the parameters it reads', () => {
    expect([...FILTER_PARAMS]).toEqual(['season', 'status', 'region', 'search']);
  });

  it('leaves unset a season that is not one', () => {
    expect(filtersOf('season=2025-2027')).toEqual({});
    expect(filtersOf('season=2025')).toEqual({});
  });

  it('accepts each event status and leaves any other unset', () => {
    for (const status of ['upcoming', 'live', 'past']) {
      expect(filtersOf(`status=${status}`)).toEqual({ status });
    }
    expect(filtersOf('status=LIVE')).toEqual({});
    expect(filtersOf('status=cancelled')).toEqual({});
  });

  it('trims free text and leaves it unset when nothing is left', () => {
    expect(filtersOf('region=%20%20North%20&search=%20')).toEqual({ region: 'North' });
  });

  it('cuts free text to the longest the read accepts', () => {
    const long = 'x'.repeat(FILTER_TEXT_MAX + 50);
    const filters = filtersOf(`region=${long}&search=${long}`);
    expect(filters.region).toHaveLength(FILTER_TEXT_MAX);
    expect(filters.search).toHaveLength(FILTER_TEXT_MAX);
    expect(FILTER_TEXT_MAX).toBe(200);
  });

  it('ignores parameters it does not know', () => {
    expect(filtersOf('page=3&teams=254')).toEqual({});
  });
});

describe('hasFilters', () => {
  it('is true for any one filter set', () => {
    expect(hasFilters({ search: 'a' })).toBe(true);
    expect(hasFilters({ status: 'past' })).toBe(true);
  });
});
