import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PerCommit } from '../../../src/main/cache/queries/per-commit';
import { openTestCache, team, type TestCache } from './fixtures';

let testCache: TestCache;

beforeEach(() => {
  testCache = openTestCache();
  testCache.write((writer) => writer.teams.upsertItems([team(254), team(1114)]));
});
afterEach(() => testCache.close());

/** Counts listed teams on the reader, through a memo, and how often it really counted. */
function countingTeams(capacity: number) {
  const { reader } = testCache.cache;
  const count = reader.prepare<[], number>('SELECT count(*) FROM teams WHERE listed = 1').pluck();
  const kept = new PerCommit<string, number>(reader, capacity);
  const derived: string[] = [];
  return {
    derived,
    ask: (key: string) =>
      kept.get(key, () => {
        derived.push(key);
        return count.get() ?? 0;
      }),
  };
}

describe('answers kept per commit', () => {
  it('derives an answer once while nothing is committed', () => {
    const teams = countingTeams(4);
    expect(teams.ask('listed')).toBe(2);
    expect(teams.ask('listed')).toBe(2);
    expect(teams.derived).toEqual(['listed']);
  });

  it('derives again after the writer commits, and sees the commit', () => {
    const teams = countingTeams(4);
    expect(teams.ask('listed')).toBe(2);
    testCache.write((writer) => writer.teams.upsertItems([team(118)]));
    expect(teams.ask('listed')).toBe(3);
    expect(teams.ask('listed')).toBe(3);
    expect(teams.derived).toEqual(['listed', 'listed']);
  });

  it('drops what it derived while the writer’s transaction was open once that commits', () => {
    const teams = countingTeams(4);
    const { writer } = testCache.cache;
    writer.prepare('BEGIN').run();
    writer.prepare('UPDATE teams SET listed = 0 WHERE number = 254').run();
    // WAL: the reader sees the last commit, and must not keep that answer past the next one.
    expect(teams.ask('listed')).toBe(2);
    writer.prepare('COMMIT').run();
    expect(teams.ask('listed')).toBe(1);
  });

  it('lets the oldest answer go past its capacity', () => {
    const teams = countingTeams(2);
    teams.ask('a');
    teams.ask('b');
    teams.ask('c');
    teams.ask('b');
    teams.ask('a');
    expect(teams.derived).toEqual(['a', 'b', 'c', 'a']);
  });
});
