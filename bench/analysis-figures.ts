import type { Database } from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { createAnalysisModel } from '../src/main/analysis/model';
import { AnalysisReader, type MatchInfo } from '../src/main/analysis/cache-read';
import { contributions, type AllianceResult } from '../src/main/analysis/math/contributions';
import { ratedMatches } from '../src/main/analysis/season-matches';
import { SeasonRatings } from '../src/main/analysis/seasons';
import type { AnalysisModel } from '../src/main/analysis/analysis-model';
import type { HiddenStrengths } from '../src/server/demo/strengths';
import { householderLeastSquares } from '../test/main/analysis/least-squares';
import { percentile } from './cache-queries';

/*
 * The analysis' figures computed in this process, on the model's own code: OPR per event against a
 * dense exact solve, the season replay, the whole first computation, what-if, and how well the
 * numbers recover the generator's hidden strengths.
 */

/** Each event's played qualification alliances, as OPR reads them. */
function allianceSystems(matches: Map<string, MatchInfo[]>): AllianceResult[][] {
  const systems: AllianceResult[][] = [];
  for (const list of matches.values()) {
    const alliances: AllianceResult[] = [];
    for (const match of list) {
      if (match.type !== 'qualification' || !match.played) continue;
      const red = match.redScore ?? 0;
      const blue = match.blueScore ?? 0;
      alliances.push({ teams: match.red, score: red, opponentScore: blue });
      alliances.push({ teams: match.blue, score: blue, opponentScore: red });
    }
    if (alliances.length > 0) systems.push(alliances);
  }
  return systems;
}

/** The same three fits by Householder QR on the dense alliance matrix itself. */
function denseSolve(alliances: readonly AllianceResult[]): void {
  const teams = [...new Set(alliances.flatMap((alliance) => alliance.teams))];
  const column = new Map(teams.map((team, i) => [team, i]));
  const a = alliances.map((alliance) => {
    const row = new Array<number>(teams.length).fill(0);
    for (const team of alliance.teams) row[column.get(team) ?? 0] = 1;
    return row;
  });
  for (const target of [
    alliances.map((alliance) => alliance.score),
    alliances.map((alliance) => alliance.opponentScore),
    alliances.map((alliance) => alliance.score - alliance.opponentScore),
  ]) {
    householderLeastSquares(a, target, teams.length);
  }
}

function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

export interface OprFigures {
  events: number;
  p95Ms: number;
  denseP95Ms: number;
}

/** p95 over events of one event's OPR/DPR/CCWM, the model's solve and the dense one. */
export function oprFigures(db: Database): OprFigures {
  const systems = allianceSystems(new AnalysisReader(db).allMatches());
  const ours: number[] = [];
  const dense: number[] = [];
  for (const alliances of systems) {
    ours.push(timed(() => contributions(alliances)));
    dense.push(timed(() => denseSolve(alliances)));
  }
  const sorted = (values: number[]) => values.sort((x, y) => x - y);
  return {
    events: systems.length,
    p95Ms: percentile(sorted(ours), 0.95),
    denseP95Ms: percentile(sorted(dense), 0.95),
  };
}

/** Every season's Ratings replayed from the start; the matches are read beforehand. */
export function replayFigures(db: Database): { matches: number; ms: number } {
  const reader = new AnalysisReader(db);
  const seasonOf = new Map(reader.events().map((event) => [event.id, event.season]));
  const bySeason = new Map<string, MatchInfo[][]>();
  for (const [eventId, list] of reader.allMatches()) {
    const season = seasonOf.get(eventId);
    if (season === undefined) continue;
    bySeason.set(season, [...(bySeason.get(season) ?? []), list]);
  }
  const rated = new Map([...bySeason].map(([season, lists]) => [season, ratedMatches(lists)]));
  const seasons = [...rated.keys()];
  const matches = [...rated.values()].reduce((sum, list) => sum + list.length, 0);
  const ms = timed(() => {
    new SeasonRatings().update(seasons, new Set(seasons), (season) => rated.get(season) ?? []);
  });
  return { matches, ms };
}

/** A model that has computed everything, and how long that took in this process. */
export function wholeAnalysis(db: Database, now: Date): { model: AnalysisModel; ms: number } {
  const model = createAnalysisModel(db, () => now);
  const ms = timed(() => model.refresh(['all']));
  return { model, ms };
}

export interface WhatIfFigures {
  eventId: string;
  teams: number;
  remaining: number;
  runs: number;
  ms: number;
}

/** What-if on the event still to play whose team count is nearest 60. */
export function whatIfFigures(
  model: AnalysisModel,
  db: Database,
  runs: number,
): WhatIfFigures | null {
  const candidates = db
    .prepare<[], { id: string; teams: number }>(
      `SELECT e.id, (SELECT count(*) FROM registrations r WHERE r.event_id = e.id) AS teams
       FROM events e WHERE EXISTS (SELECT 1 FROM matches m WHERE m.event_id = e.id
         AND m.type = 'qualification' AND m.status = 'scheduled')
       ORDER BY abs(teams - 60), e.id LIMIT 1`,
    )
    .all();
  const event = candidates[0];
  if (event === undefined) return null;
  let remaining = 0;
  const ms = timed(() => {
    remaining = model.whatIf({ eventId: event.id, fixed: [], runs, seed: 1 })?.remaining ?? 0;
  });
  return { eventId: event.id, teams: event.teams, remaining, runs, ms };
}

function pearson(pairs: readonly [number, number][]): number {
  const n = pairs.length;
  const mean = (pick: 0 | 1) => pairs.reduce((sum, pair) => sum + pair[pick], 0) / n;
  const [mx, my] = [mean(0), mean(1)];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

export interface AccuracyFigures {
  /** Pearson r over (team, event) pairs with a steady (not provisional) OPR. */
  oprCorrelation: number;
  oprPairs: number;
  /** Pearson r over (team, season) pairs with a Rating. */
  ratingCorrelation: number;
  ratingPairs: number;
  predicted: number;
  /** Predictions that named a favourite: too-early and even ones did not. */
  called: number;
  right: number;
  brier: number;
}

export function accuracyFigures(
  model: AnalysisModel,
  db: Database,
  strengths: HiddenStrengths,
): AccuracyFigures {
  const events = new AnalysisReader(db).events();
  const oprPairs: [number, number][] = [];
  let predicted = 0;
  let called = 0;
  let right = 0;
  let brierSum = 0;
  for (const event of events) {
    const analysis = model.event(event.id);
    if (analysis === null) continue;
    for (const row of analysis.teams) {
      const strength = strengths.atEvent(row.team, event.id);
      if (row.contribution === null || row.contribution.provisional || strength === undefined)
        continue;
      oprPairs.push([row.contribution.opr, strength]);
    }
    if (analysis.accuracy !== null) {
      predicted += analysis.accuracy.matches;
      called += analysis.accuracy.called;
      right += analysis.accuracy.right;
      brierSum += analysis.accuracy.brier * analysis.accuracy.matches;
    }
  }
  const ratingPairs: [number, number][] = [];
  for (const season of new Set(events.map((event) => event.season))) {
    for (const row of model.season(season)?.teams ?? []) {
      const strength = strengths.inSeason(row.team, season);
      if (strength !== undefined) ratingPairs.push([row.rating, strength]);
    }
  }
  return {
    oprCorrelation: pearson(oprPairs),
    oprPairs: oprPairs.length,
    ratingCorrelation: pearson(ratingPairs),
    ratingPairs: ratingPairs.length,
    predicted,
    called,
    right,
    brier: predicted === 0 ? Number.NaN : brierSum / predicted,
  };
}
