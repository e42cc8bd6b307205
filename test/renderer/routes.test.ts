import { describe, expect, it } from 'vitest';
import { compareTeams, pageParam, paths, withQuery } from '../../src/renderer/src/routes';

describe('withQuery', () => {
  it('gives the plain path when every value is empty, so default filters make no query string', () => {
    expect(withQuery('/events')).toBe('/events');
    expect(withQuery('/events', { season: undefined, status: null, search: '' })).toBe('/events');
  });

  it('keeps set values, 0 included, and leaves out only the empty ones', () => {
    expect(withQuery('/teams', { season: '2025-2026', region: '', page: 0, search: null })).toBe(
      '/teams?season=2025-2026&page=0',
    );
  });

  it('encodes values so text cannot break the address', () => {
    const address = withQuery('/events', { search: 'a&b=c #1' });
    expect(new URLSearchParams(address.slice(address.indexOf('?') + 1)).get('search')).toBe(
      'a&b=c #1',
    );
    expect(address).not.toContain('#');
  });
});

describe('paths', () => {
  it('encodes an event id in its path and adds the query', () => {
    expect(paths.event('2026springfield', { tab: 'matches' })).toBe(
      '/events/2026springfield?tab=matches',
    );
    expect(paths.event('a/b?c')).toBe('/events/a%2Fb%3Fc');
  });

  it('writes a team page by its number', () => {
    expect(paths.team(254)).toBe('/teams/254');
    expect(paths.teams({ page: 2 })).toBe('/teams?page=2');
  });

  it('keeps plain commas between compared teams, and no query for none', () => {
    expect(paths.compare([254, 1678, 118])).toBe('/compare?teams=254,1678,118');
    expect(paths.compare([])).toBe('/compare');
  });

  it('round-trips a compare address through compareTeams', () => {
    const address = paths.compare([1678, 254]);
    const teams = new URLSearchParams(address.slice(address.indexOf('?') + 1)).get('teams');
    expect(compareTeams(teams)).toEqual([1678, 254]);
  });
});

describe('pageParam', () => {
  it('reads a whole page number from 1', () => {
    expect(pageParam('1')).toBe(1);
    expect(pageParam('7')).toBe(7);
  });

  it.each([null, '', '0', '-2', '1.5', 'abc', 'NaN', 'Infinity'])('gives page 1 for %j', (text) => {
    expect(pageParam(text)).toBe(1);
  });
});

describe('compareTeams', () => {
  it('keeps the order given', () => {
    expect(compareTeams('1678,254,118')).toEqual([1678, 254, 118]);
  });

  it('keeps each team once, at its first place', () => {
    expect(compareTeams('254,1678,254,118,1678')).toEqual([254, 1678, 118]);
  });

  it('keeps at most four teams, counting distinct ones', () => {
    expect(compareTeams('1,2,3,4,5,6')).toEqual([1, 2, 3, 4]);
    expect(compareTeams('1,1,2,2,3,4,5')).toEqual([1, 2, 3, 4]);
  });

  it('keeps team numbers from 1 to 99999 and drops the rest', () => {
    expect(compareTeams('0,1,99999,100000,-5')).toEqual([1, 99999]);
  });

  it('drops parts that are not whole numbers and trims spaces', () => {
    expect(compareTeams(' 254 , x, 1.5,,118')).toEqual([254, 118]);
  });

  it('reads nothing from an absent or empty parameter', () => {
    expect(compareTeams(null)).toEqual([]);
    expect(compareTeams('')).toEqual([]);
  });
});
