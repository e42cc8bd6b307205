import { describe, expect, it } from 'vitest';
import type { MatchRecord } from '../../../../src/shared/wire/match';
import { matchScores } from '../../../../src/renderer/src/views/teams/match-scores';

function match(overrides: Partial<MatchRecord> & Pick<MatchRecord, 'id'>): MatchRecord {
  return {
    eventId: '2026springfield',
    type: 'qualification',
    number: 1,
    status: 'played',
    scheduledAt: '2026-03-14T09:00:00Z',
    playedAt: '2026-03-14T09:05:00Z',
    red: { teams: [254, 1678, 118], score: 90 },
    blue: { teams: [971, 973, 1323], score: 70 },
    winner: 'red',
    clipCount: 0,
    ...overrides,
  };
}

describe('matchScores', () => {
  it('gives the team’s alliance score first when it played red', () => {
    expect(matchScores([match({ id: 'm1', number: 12 })], 254)).toEqual([
      { id: 'm1', eventId: '2026springfield', label: 'Q12', alliance: 90, opponents: 70 },
    ]);
  });

  it('gives the team’s alliance score first when it played blue', () => {
    const [score] = matchScores([match({ id: 'm1' })], 973);
    expect(score).toMatchObject({ alliance: 70, opponents: 90 });
  });

  it('leaves out matches the team was not in', () => {
    expect(matchScores([match({ id: 'm1' })], 9999)).toEqual([]);
  });

  it('leaves out scheduled matches and played ones missing a score', () => {
    const matches = [
      match({ id: 'scheduled', status: 'scheduled', playedAt: null }),
      match({ id: 'no-red', red: { teams: [254, 1678], score: null } }),
      match({ id: 'no-blue', blue: { teams: [971, 973], score: null } }),
      match({ id: 'kept' }),
    ];
    expect(matchScores(matches, 254).map((score) => score.id)).toEqual(['kept']);
  });

  it('keeps a score of 0', () => {
    const [score] = matchScores([match({ id: 'm1', red: { teams: [254, 1], score: 0 } })], 254);
    expect(score).toMatchObject({ alliance: 0, opponents: 70 });
  });

  it('orders by when each match was played, whatever order it was given in', () => {
    const matches = [
      match({ id: 'c', playedAt: '2026-03-15T10:00:00Z' }),
      match({ id: 'a', playedAt: '2026-03-14T09:00:00Z' }),
      match({ id: 'b', playedAt: '2026-03-14T17:30:00Z' }),
    ];
    expect(matchScores(matches, 254).map((score) => score.id)).toEqual(['a', 'b', 'c']);
  });

  it('falls back to the scheduled time when no play time is known', () => {
    const matches = [
      match({ id: 'late', playedAt: '2026-03-14T12:00:00Z' }),
      match({ id: 'early', playedAt: null, scheduledAt: '2026-03-14T10:00:00Z' }),
    ];
    expect(matchScores(matches, 254).map((score) => score.id)).toEqual(['early', 'late']);
  });

  it('orders matches played at the same time by id', () => {
    const matches = [match({ id: 'x-2' }), match({ id: 'x-1' })];
    expect(matchScores(matches, 254).map((score) => score.id)).toEqual(['x-1', 'x-2']);
  });

  it('labels playoff matches by their short type', () => {
    const matches = [
      match({ id: 'sf', type: 'semifinal', number: 2, playedAt: '2026-03-15T10:00:00Z' }),
      match({ id: 'f', type: 'final', number: 1, playedAt: '2026-03-15T12:00:00Z' }),
    ];
    expect(matchScores(matches, 254).map((score) => score.label)).toEqual(['SF2', 'F1']);
  });
});
