import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ftsPhrase, numberPrefixRanges } from '../../../src/main/cache/queries/text-match';
import { event, eventRecord, openTestCache, team, type TestCache } from './fixtures';
import { readsOf, type Reads } from './reads-harness';

let testCache: TestCache;
let reads: Reads;

beforeEach(() => {
  testCache = openTestCache();
  testCache.write((writer) => {
    writer.teams.upsertItems([
      team(254, { name: 'The Cheesy Poofs', school: 'Bellarmine College Prep', city: 'San Jose' }),
      team(2540, { name: 'Robo Lions', city: 'Portland' }),
      team(25401, { name: 'Gear Heads', city: 'Portland' }),
      team(1254, { name: 'Team 1254 Entropy', city: 'Portland' }),
      team(25, { name: 'Raider Robotix', city: 'Portland' }),
      team(118, { name: 'The Mighty Ducks', school: 'Anaheim High', city: 'Anaheim' }),
      team(971, { name: 'Spartan Robotics', school: 'Ducks Academy', city: 'Mountain View' }),
      team(4, { name: 'Zebra "Quotes" Crew', school: 'Polytechnic', city: 'Zürich' }),
    ]);
    writer.events.upsertItems([
      event({
        id: '2026springfield',
        name: 'Springfield Regional',
        startDate: '2026-03-01T09:00:00Z',
        location: { city: 'Springfield' },
      }),
      event({
        id: '2026hotsprings',
        name: 'Hot Springs Open',
        startDate: '2026-04-01T09:00:00Z',
        location: { city: 'Hot Springs' },
      }),
      event({
        id: '2026springtime',
        name: 'Seasonal Kickoff',
        startDate: '2026-05-01T09:00:00Z',
        location: { city: 'Boston' },
      }),
      event({
        id: '2026central',
        name: 'Central Illinois',
        startDate: '2026-06-01T09:00:00Z',
        location: { city: 'Springfield' },
      }),
      event({
        id: '2026zurich',
        name: 'Zürich Open',
        startDate: '2026-11-21T09:00:00Z',
        endDate: '2026-11-22T09:00:00Z',
        location: { city: 'Zürich', country: 'CH' },
      }),
    ]);
    writer.events.upsertRecord(
      eventRecord({ id: '2026secret', name: 'Spring Secret' }, 'unlisted'),
    );
    writer.eventParts.replaceTeams('2026springfield', [team(9999, { name: 'Hidden Ducks' })]);
  });
  reads = readsOf(testCache);
});
afterEach(() => testCache.close());

async function found(text: string, limit?: number) {
  const answer = await reads.ask('search:query', limit === undefined ? { text } : { text, limit });
  return {
    events: answer.events.map((item) => item.id),
    teams: answer.teams.map((item) => item.number),
  };
}

describe('quick-open search', () => {
  it('finds substrings of names from three characters on, in any case', async () => {
    expect((await found('ucks')).teams).toEqual([118, 971]);
    expect((await found('DUCKS')).teams).toEqual([118, 971]);
    expect((await found('poof')).teams).toEqual([254]);
    expect((await found('quack')).teams).toEqual([]);
  });

  it('ignores accents, both ways', async () => {
    expect(await found('zurich')).toEqual({ events: ['2026zurich'], teams: [4] });
    expect(await found('ZÜRICH')).toEqual({ events: ['2026zurich'], teams: [4] });
  });

  it('ranks teams by name, then school, then city', async () => {
    // 118 by its name, 971 by its school.
    expect((await found('ducks')).teams).toEqual([118, 971]);
    // Spartan (name), Anaheim High (school), then Portland and San Jose (city), by number.
    expect((await found('an')).teams).toEqual([971, 118, 25, 254, 1254, 2540, 25401]);
    expect((await found('anaheim')).teams).toEqual([118]);
    expect((await found('san jose')).teams).toEqual([254]);
  });

  it('ranks events by name, then code, then city; newest first within each', async () => {
    expect((await found('spring')).events).toEqual([
      '2026hotsprings',
      '2026springfield',
      '2026springtime',
      '2026central',
    ]);
  });

  it('puts the exact team number first, then numbers starting with the digits', async () => {
    expect((await found('254')).teams).toEqual([254, 2540, 25401, 1254]);
    expect((await found('25')).teams).toEqual([25, 254, 2540, 25401, 1254]);
    expect((await found('2540')).teams).toEqual([2540, 25401]);
    expect((await found('0254')).teams).toEqual([]);
  });

  it('scans for one or two characters', async () => {
    expect((await found('dU')).teams).toEqual([118, 971]);
    expect((await found('Z')).teams).toEqual([4]);
    expect((await found('z')).events).toEqual(['2026zurich']);
    // Accents and case are folded for short text too.
    expect(await found('zü')).toEqual({ events: ['2026zurich'], teams: [4] });
    expect(await found('ZU')).toEqual({ events: ['2026zurich'], teams: [4] });
  });

  it('finds what the writer committed since the last search', async () => {
    expect((await found('qx')).teams).toEqual([]);
    testCache.write((writer) => writer.teams.upsertItems([team(5, { name: 'Qxyz' })]));
    expect((await found('qx')).teams).toEqual([5]);
    expect((await found('qxy')).teams).toEqual([5]);
  });

  it('takes quotes and query syntax as plain text', async () => {
    expect((await found('"Quotes"')).teams).toEqual([4]);
    expect((await found('a "Q')).teams).toEqual([4]);
    expect((await found('"')).teams).toEqual([4]);
    for (const text of ['""', '"""', 'NEAR(a b)', 'ducks*', 'name:', '-ducks', 'a OR b', '^spr']) {
      await expect(found(text)).resolves.toBeDefined();
    }
    expect((await found('ducks*')).teams).toEqual([]);
  });

  it('returns at most `limit` of each, and nothing for blank text', async () => {
    const few = await found('o', 2);
    expect(few.teams).toHaveLength(2);
    expect(few.events).toHaveLength(2);
    expect(await found('   ')).toEqual({ events: [], teams: [] });
  });

  it('leaves out what the lists leave out', async () => {
    expect((await found('secret')).events).toEqual([]);
    expect((await found('hidden')).teams).toEqual([]);
  });

  it('answers list items, with statuses from the local clock', async () => {
    const answer = await reads.ask('search:query', { text: 'zürich' });
    expect(answer.events[0]?.status).toBe('live');
    expect(answer.teams[0]?.name).toBe('Zebra "Quotes" Crew');
  });
});

describe('search helpers', () => {
  it('quote a phrase for FTS5, doubling quotes', () => {
    expect(ftsPhrase('name', 'a "b"')).toBe('name : "a ""b"""');
  });

  it('list the number ranges that start with the digits, within team numbers', () => {
    expect(numberPrefixRanges('254')).toEqual([
      [2540, 2549],
      [25400, 25499],
    ]);
    expect(numberPrefixRanges('99999')).toEqual([]);
    expect(numberPrefixRanges('1')).toEqual([
      [10, 19],
      [100, 199],
      [1000, 1999],
      [10000, 19999],
    ]);
    expect(numberPrefixRanges('012')).toEqual([]);
  });
});
