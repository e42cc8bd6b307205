import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisModel } from '../../../src/main/analysis/analysis-model';
import { contributions } from '../../../src/main/analysis/math/contributions';
import { demoAnalysis, type DemoAnalysis } from './demo-analysis';
import { eventIds, playedQualifications, rawMatches, registered, type RawMatch } from './demo-rows';
import { householderLeastSquares } from './least-squares';

/*
 * The event figures on every event of the real service's demo data, against yardsticks computed
 * here by other means: Householder QR for the least squares, pairwise comparison for the ranking.
 */

let demo: DemoAnalysis;
let model: AnalysisModel;

beforeAll(async () => {
  demo = await demoAnalysis();
  model = demo.model();
}, 120_000);
afterAll(() => demo.close());

const TOLERANCE = 1e-6;

interface Exact {
  teams: number[];
  rank: number;
  opr: number[] | null;
  dpr: number[] | null;
  ccwm: number[] | null;
}

function exactFit(played: readonly (RawMatch & { redScore: number; blueScore: number })[]): Exact {
  const teams = [...new Set(played.flatMap((match) => [...match.red, ...match.blue]))].sort(
    (a, b) => a - b,
  );
  const column = new Map(teams.map((team, i) => [team, i]));
  const rows: number[][] = [];
  const own: number[] = [];
  const opponent: number[] = [];
  for (const match of played) {
    for (const [alliance, score, other] of [
      [match.red, match.redScore, match.blueScore],
      [match.blue, match.blueScore, match.redScore],
    ] as const) {
      const row = new Array<number>(teams.length).fill(0);
      for (const team of alliance) row[column.get(team) ?? 0] = 1;
      rows.push(row);
      own.push(score);
      opponent.push(other);
    }
  }
  const margin = own.map((score, i) => score - (opponent[i] ?? 0));
  const opr = householderLeastSquares(rows, own, teams.length);
  return {
    teams,
    rank: opr.rank,
    opr: opr.solution,
    dpr: householderLeastSquares(rows, opponent, teams.length).solution,
    ccwm: householderLeastSquares(rows, margin, teams.length).solution,
  };
}

describe('OPR, DPR and CCWM', () => {
  it('equal an independent exact least-squares solution on every event of full rank', () => {
    const db = demo.synced.cache.reader;
    let fullRank = 0;
    let compared = 0;
    for (const { id } of eventIds(db)) {
      const played = playedQualifications(rawMatches(db, id));
      const exact = exactFit(played);
      const rows = model.event(id)?.teams ?? [];
      if (exact.opr === null || exact.dpr === null || exact.ccwm === null) {
        // Rank-deficient: every value is the prior's, and says so.
        for (const row of rows)
          if (row.contribution !== null) expect(row.contribution.provisional).toBe(true);
        continue;
      }
      fullRank += 1;
      const [opr, dpr, ccwm] = [exact.opr, exact.dpr, exact.ccwm];
      const byTeam = new Map(rows.map((row) => [row.team, row]));
      exact.teams.forEach((team, i) => {
        const contribution = byTeam.get(team)?.contribution;
        expect(contribution, `${id} ${team}`).toBeDefined();
        if (contribution === null || contribution === undefined) return;
        const matches = played.filter((match) =>
          [...match.red, ...match.blue].includes(team),
        ).length;
        expect(contribution.matches).toBe(matches);
        expect(contribution.provisional).toBe(matches < 3);
        if (contribution.provisional) return;
        expect(Math.abs(contribution.opr - (opr[i] ?? NaN))).toBeLessThan(TOLERANCE);
        expect(Math.abs(contribution.dpr - (dpr[i] ?? NaN))).toBeLessThan(TOLERANCE);
        expect(Math.abs(contribution.ccwm - (ccwm[i] ?? NaN))).toBeLessThan(TOLERANCE);
        compared += 1;
      });
    }
    expect(fullRank).toBeGreaterThan(0);
    expect(compared).toBeGreaterThan(0);
  });

  it('are provisional for every team exactly while the system is rank-deficient, as the event fills', () => {
    const db = demo.synced.cache.reader;
    let deficient = 0;
    let full = 0;
    for (const { id } of eventIds(db).slice(0, 6)) {
      const raw = playedQualifications(rawMatches(db, id));
      const alliances = raw.flatMap((match) => [
        { teams: match.red, score: match.redScore, opponentScore: match.blueScore },
        { teams: match.blue, score: match.blueScore, opponentScore: match.redScore },
      ]);
      for (let played = 1; played <= raw.length; played += 1) {
        const exact = exactFit(raw.slice(0, played));
        const values = contributions(alliances.slice(0, 2 * played));
        const counts = new Map<number, number>();
        for (const match of raw.slice(0, played)) {
          for (const team of [...match.red, ...match.blue])
            counts.set(team, (counts.get(team) ?? 0) + 1);
        }
        expect(values.size).toBe(exact.teams.length);
        if (exact.opr === null) {
          deficient += 1;
          for (const value of values.values()) expect(value.provisional).toBe(true);
        } else {
          full += 1;
          exact.teams.forEach((team, i) => {
            const value = values.get(team);
            expect(value?.provisional).toBe((counts.get(team) ?? 0) < 3);
            if (value?.provisional === false) {
              expect(Math.abs(value.opr - (exact.opr?.[i] ?? NaN))).toBeLessThan(TOLERANCE);
            }
          });
        }
        for (const value of values.values()) expect(Number.isFinite(value.opr)).toBe(true);
      }
    }
    expect(deficient).toBeGreaterThan(0);
    expect(full).toBeGreaterThan(0);
  });
});

interface Tally {
  wins: number;
  losses: number;
  ties: number;
  points: number;
  sum: number;
  high: number;
  played: number;
}

/** Whether `a` ranks above `b`, compared directly from the rules. */
function above(a: [number, Tally], b: [number, Tally]): boolean {
  const [teamA, x] = a;
  const [teamB, y] = b;
  if (x.played === 0 || y.played === 0) {
    if (x.played !== y.played) return y.played === 0;
    return teamA < teamB;
  }
  if (x.points !== y.points) return x.points > y.points;
  if (x.sum / x.played !== y.sum / y.played) return x.sum / x.played > y.sum / y.played;
  if (x.high !== y.high) return x.high > y.high;
  return teamA < teamB;
}

describe('event rankings', () => {
  it('equal a brute-force recomputation from the matches on every event', () => {
    const db = demo.synced.cache.reader;
    let ranked = 0;
    for (const { id } of eventIds(db)) {
      const tallies = new Map<number, Tally>();
      const tally = (team: number): Tally => {
        let held = tallies.get(team);
        if (held === undefined) {
          held = { wins: 0, losses: 0, ties: 0, points: 0, sum: 0, high: 0, played: 0 };
          tallies.set(team, held);
        }
        return held;
      };
      for (const team of registered(db, id)) tally(team);
      for (const match of playedQualifications(rawMatches(db, id))) {
        for (const [alliance, score, other] of [
          [match.red, match.redScore, match.blueScore],
          [match.blue, match.blueScore, match.redScore],
        ] as const) {
          for (const team of alliance) {
            const entry = tally(team);
            entry.played += 1;
            entry.sum += score;
            entry.high = Math.max(entry.high, score);
            if (score > other) {
              entry.wins += 1;
              entry.points += 2;
            } else if (score < other) entry.losses += 1;
            else {
              entry.ties += 1;
              entry.points += 1;
            }
          }
        }
      }
      const entries = [...tallies];
      const expected = entries.map(([team, entry]) => ({
        team,
        rank: 1 + entries.filter((other) => above(other, [team, entry])).length,
        wins: entry.wins,
        losses: entry.losses,
        ties: entry.ties,
        rankingPoints: entry.points,
        avgScore: entry.played === 0 ? null : entry.sum / entry.played,
        highScore: entry.played === 0 ? null : entry.high,
      }));
      expected.sort((a, b) => a.rank - b.rank);
      const rows = (model.event(id)?.teams ?? []).map((row) => ({
        team: row.team,
        rank: row.rank,
        wins: row.wins,
        losses: row.losses,
        ties: row.ties,
        rankingPoints: row.rankingPoints,
        avgScore: row.avgScore,
        highScore: row.highScore,
      }));
      expect(rows, id).toEqual(expected);
      ranked += expected.length;
    }
    expect(ranked).toBeGreaterThan(0);
  });
});
