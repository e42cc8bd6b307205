import { describe, expect, it } from 'vitest';
import { fullPlace, shortPlace } from '../../../../src/renderer/src/views/events/location';

const place = (city: string, state: string, country: string) => ({
  venue: 'Arena',
  city,
  state,
  country,
});

describe('shortPlace', () => {
  it('gives the city and state', () => {
    expect(shortPlace(place('Springfield', 'IL', 'USA'))).toBe('Springfield, IL');
  });

  it('gives the country where there is no state', () => {
    expect(shortPlace(place('Auckland', '', 'New Zealand'))).toBe('Auckland, New Zealand');
  });

  it('leaves out an empty city without a dangling comma', () => {
    expect(shortPlace(place('', 'IL', 'USA'))).toBe('IL');
    expect(shortPlace(place('', '', ''))).toBe('');
  });

  it('never shows the venue', () => {
    expect(shortPlace(place('Springfield', 'IL', 'USA'))).not.toContain('Arena');
  });
});

describe('fullPlace', () => {
  it('gives city, state and country', () => {
    expect(fullPlace(place('Springfield', 'IL', 'USA'))).toBe('Springfield, IL, USA');
  });

  it('leaves out what is empty', () => {
    expect(fullPlace(place('Auckland', '', 'New Zealand'))).toBe('Auckland, New Zealand');
    expect(fullPlace(place('', '', 'USA'))).toBe('USA');
  });
});
