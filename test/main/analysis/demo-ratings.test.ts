import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisModel } from '../../../src/main/analysis/analysis-model';
import { createAnalysisModel } from '../../../src/main/analysis/model';
import {
  eventAnalysisSchema,
  seasonAnalysisSchema,
  teamAnalysisSchema,
  whatIfResultSchema,
} from '../../../src/shared/ipc/analysis';
import { WhatIfInputError } from '../../../src/main/analysis/what-if-answer';
import { TEST_NOW } from '../../harness/server';
import { demoAnalysis, type DemoAnalysis } from './demo-analysis';
import { eventIds, rawMatches, type RawMatch } from './demo-rows';

/*
 * Ratings, predictions, what-if and refreshes on the real service's demo data: deterministic,
 * blind to the future, and the same whether reached step by step or computed afresh.
 */

let demo: DemoAnalysis;
let model: AnalysisModel;

beforeAll(async () => {
  demo = await demoAnalysis();
  model = demo.model();
}, 120_000);
afterAll(() => demo.close());

const seasonsOf = (db: Database.Database) => [
  ...new Set(eventIds(db).map((event) => event.season)),
];

/** Everything the model answers about the cache, for comparing two models. */
function answers(subject: AnalysisModel, db: Database.Database) {
  const events = eventIds(db).map(({ id }) => subject.event(id));
  const seasons = seasonsOf(db).map((season) => subject.season(season));
  const teams = (seasons.at(-1)?.teams ?? [])
    .filter((_, i) => i % 25 === 0)
    .map(({ team }) => subject.team(team, undefined, new Date(TEST_NOW)));
  return { events, seasons, teams };
}

/**
 * The live event with the most qualification matches still to play: under way, some played. (An
 * upcoming event within the week has its schedule out already, and none of it played.)
 */
function liveEvent(db: Database.Database): { id: string; unplayed: RawMatch[] } {
  const candidates = eventIds(db)
    .map(({ id }) => ({ id, matches: rawMatches(db, id) }))
    .filter(({ matches }) => matches.some((match) => match.status === 'played'))
    .map(({ id, matches }) => ({
      id,
      unplayed: matches.filter(
        (match) => match.type === 'qualification' && match.status === 'scheduled',
      ),
    }));
  candidates.sort((a, b) => b.unplayed.length - a.unplayed.length);
  const best = candidates[0];
  if (best === undefined || best.unplayed.length === 0)
    throw new Error('no live event in the demo data');
  return best;
}

function setScores(
  writer: Database.Database,
  id: string,
  red: number,
  blue: number,
  playedAt: string,
) {
  const winner = red === blue ? 'tie' : red > blue ? 'red' : 'blue';
  writer
    .prepare(
      `UPDATE matches SET status = 'played', red_score = ?, blue_score = ?, winner = ?, played_at = ?
       WHERE id = ?`,
    )
    .run(red, blue, winner, playedAt, id);
}

describe('Ratings and predictions', () => {
  it('are the same for the same data, from a fresh model', () => {
    const db = demo.synced.cache.reader;
    expect(answers(demo.model(), db)).toEqual(answers(model, db));
  });

  it('answer in the shapes the contract binds', () => {
    const db = demo.synced.cache.reader;
    const { events, seasons, teams } = answers(model, db);
    for (const answer of events) expect(eventAnalysisSchema.parse(answer)).toEqual(answer);
    for (const answer of seasons) expect(seasonAnalysisSchema.parse(answer)).toEqual(answer);
    for (const answer of teams) expect(teamAnalysisSchema.parse(answer)).toEqual(answer);
    const whatIf = model.whatIf({ eventId: liveEvent(db).id, fixed: [], runs: 100, seed: 1 });
    expect(whatIfResultSchema.parse(whatIf)).toEqual(whatIf);
    expect(events.length).toBeGreaterThan(0);
    expect(teams.length).toBeGreaterThan(0);
  });

  it('do better than a coin flip on the demo data', () => {
    let matches = 0;
    let right = 0;
    for (const { id } of eventIds(demo.synced.cache.reader)) {
      const accuracy = model.event(id)?.accuracy;
      matches += accuracy?.called ?? 0;
      right += accuracy?.right ?? 0;
    }
    expect(matches).toBeGreaterThan(0);
    expect(right / matches).toBeGreaterThan(0.5);
  });

  it('on a cache holding one event, do no worse than a coin flip in any stretch of it', async () => {
    // As a scout's first sync leaves it: one event, no season before. Calls on teams with one or
    // two results were right half the time at 69% confidence (a Brier score of 0.29).
    const events = eventIds(demo.synced.cache.reader).filter(
      ({ id }) => (model.event(id)?.accuracy?.matches ?? 0) >= 24,
    );
    const stretches = [0, 6, 12, 18].map(() => ({ matches: 0, squares: 0, called: 0 }));
    for (const { id } of events.slice(0, 12)) {
      const { path, writer } = await demo.copy();
      writer.prepare('DELETE FROM matches WHERE event_id != ?').run(id);
      const played = (demo.model(undefined, path).event(id)?.predictions ?? []).filter(
        (prediction) => prediction.winner !== null,
      );
      played.slice(0, 24).forEach((prediction, i) => {
        const stretch = stretches[Math.floor(i / 6)];
        if (stretch === undefined) return;
        const outcome = prediction.winner === 'red' ? 1 : prediction.winner === 'blue' ? 0 : 0.5;
        stretch.matches += 1;
        stretch.squares += (prediction.redWinProbability - outcome) ** 2;
        if (prediction.right !== null) stretch.called += 1;
      });
    }
    const briers = stretches.map((stretch) => stretch.squares / stretch.matches);
    expect(stretches.every((stretch) => stretch.matches >= 60)).toBe(true);
    for (const brier of briers) expect(brier).toBeLessThanOrEqual(0.25);
    // The first matches are not called at all; calls start once teams have three results.
    expect(stretches[0]?.called).toBe(0);
    expect(stretches[3]?.called).toBeGreaterThan(0);
    console.log(
      `one-event caches: Brier per six matches ${briers.map((b) => b.toFixed(3)).join(', ')}`,
    );
  });

  it('use only matches played before: a future result leaves every earlier prediction alone', async () => {
    const { path, writer } = await demo.copy();
    const subject = demo.model(undefined, path);
    const { id, unplayed } = liveEvent(writer);
    const season = eventIds(writer).find((event) => event.id === id)?.season;
    const seasonEvents = eventIds(writer).filter((event) => event.season === season);
    const latest = seasonEvents
      .flatMap((event) => rawMatches(writer, event.id))
      .reduce(
        (max, match) => (match.playedAt !== null && match.playedAt > max ? match.playedAt : max),
        '',
      );
    const future = new Date(Date.parse(latest) + 60_000).toISOString().replace('.000Z', 'Z');
    const injected = unplayed[0] as RawMatch;
    const before = new Map(seasonEvents.map((event) => [event.id, subject.event(event.id)]));
    const scheduledBefore = before.get(id)?.predictions.find((p) => p.matchId === injected.id);

    setScores(writer, injected.id, 400, 0, future);
    const update = subject.refresh([`event:${id}:matches`]);
    expect(update.events).toContain(id);

    let compared = 0;
    for (const event of seasonEvents) {
      const after = new Map(subject.event(event.id)?.predictions.map((p) => [p.matchId, p]));
      for (const prediction of before.get(event.id)?.predictions ?? []) {
        if (prediction.winner === null) continue;
        expect(after.get(prediction.matchId)).toEqual(prediction);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(0);
    // The injected match itself is predicted from the Ratings before it: what it was as scheduled.
    const playedNow = subject.event(id)?.predictions.find((p) => p.matchId === injected.id);
    expect(playedNow?.winner).toBe('red');
    expect(scheduledBefore?.winner).toBeNull();
    expect(playedNow?.redWinProbability).toBe(scheduledBefore?.redWinProbability);
    expect([playedNow?.redScore, playedNow?.blueScore]).toEqual([
      scheduledBefore?.redScore,
      scheduledBefore?.blueScore,
    ]);
    // And the result did reach the Ratings.
    const team = injected.red[0] as number;
    const ratingOf = (answer: ReturnType<AnalysisModel['event']>) =>
      answer?.teams.find((row) => row.team === team)?.rating;
    expect(ratingOf(subject.event(id))).not.toBe(ratingOf(before.get(id) ?? null));
  });
});

describe('a refresh', () => {
  it('computes everything on the first call, whatever it names', () => {
    const db = new Database(demo.path, { readonly: true });
    try {
      const update = createAnalysisModel(db, () => new Date(TEST_NOW)).refresh(['favorites']);
      expect(update.events).toEqual(
        eventIds(db)
          .map(({ id }) => id)
          .sort(),
      );
      expect(update.seasons).toEqual(seasonsOf(db).sort());
    } finally {
      db.close();
    }
  });

  it('equals a fresh model after each change, recomputing what the notice names', async () => {
    const { path, writer } = await demo.copy();
    const subject = demo.model(undefined, path);
    const events = eventIds(writer);
    const seasons = seasonsOf(writer);
    const oldest = events.filter((event) => event.season === seasons[0]);
    const middle = oldest[Math.floor(oldest.length / 2)] as { id: string };
    const played = rawMatches(writer, middle.id).filter((match) => match.status === 'played');
    const corrected = played[Math.floor(played.length / 2)] as RawMatch;

    // A corrected score mid-way through the oldest season.
    setScores(
      writer,
      corrected.id,
      (corrected.redScore ?? 0) + 40,
      corrected.blueScore ?? 0,
      corrected.playedAt ?? TEST_NOW,
    );
    const update = subject.refresh([`event:${middle.id}:matches`]);
    expect(update.events).toContain(middle.id);
    expect(update.seasons).toEqual([...seasons].sort());
    expect(answers(subject, writer)).toEqual(answers(demo.model(undefined, path), writer));

    // A team withdrawn from a live event's list.
    const { id: live } = liveEvent(writer);
    const withdrawn = writer
      .prepare('SELECT team_number FROM registrations WHERE event_id = ? LIMIT 1')
      .pluck()
      .get(live) as number;
    writer
      .prepare('DELETE FROM registrations WHERE event_id = ? AND team_number = ?')
      .run(live, withdrawn);
    subject.refresh([`event:${live}:teams`]);
    expect(answers(subject, writer)).toEqual(answers(demo.model(undefined, path), writer));

    // A team's matches pulled on their own, with a new score at its latest event.
    const unplayed = liveEvent(writer).unplayed[0] as RawMatch;
    const team = unplayed.blue[0] as number;
    setScores(writer, unplayed.id, 10, 20, TEST_NOW);
    subject.refresh([`team:${team}:matches`]);
    expect(answers(subject, writer)).toEqual(answers(demo.model(undefined, path), writer));

    // An event dropped from the cache (its matches go with it) in the middle season.
    const dropped = events.filter((event) => event.season === seasons[1])[3] as { id: string };
    writer.prepare('DELETE FROM events WHERE id = ?').run(dropped.id);
    const afterDrop = subject.refresh([`event:${dropped.id}`]);
    expect(afterDrop.events).toContain(dropped.id);
    expect(subject.event(dropped.id)).toBeNull();
    expect(answers(subject, writer)).toEqual(answers(demo.model(undefined, path), writer));

    // A notice about data that did not change, or that the analysis does not draw from: nothing.
    expect(
      subject.refresh([`event:${live}:matches`, 'registrations', `team:${team}:events`]),
    ).toEqual({
      events: [],
      seasons: [],
    });
    expect(subject.refresh(['favorites', `team:${team}:clips`, 'settings'])).toEqual({
      events: [],
      seasons: [],
    });
  });
});

describe('what if', () => {
  it('ranks every team with probabilities in range, and the same seed gives the same figures', () => {
    const { id, unplayed } = liveEvent(demo.synced.cache.reader);
    const result = model.whatIf({ eventId: id, fixed: [], runs: 2000, seed: 7 });
    expect(result).not.toBeNull();
    if (result === null) return;
    const size = result.teams.length;
    expect(result.remaining).toBe(unplayed.length);
    for (const team of result.teams) {
      expect(team.top8).toBeGreaterThanOrEqual(0);
      expect(team.top8).toBeLessThanOrEqual(1);
      expect(team.expectedRank).toBeGreaterThanOrEqual(1);
      expect(team.expectedRank).toBeLessThanOrEqual(size);
    }
    const topSum = result.teams.reduce((sum, team) => sum + team.top8, 0);
    const rankSum = result.teams.reduce((sum, team) => sum + team.expectedRank, 0);
    expect(topSum).toBeCloseTo(Math.min(8, size), 9);
    expect(rankSum).toBeCloseTo((size * (size + 1)) / 2, 6);
    expect(model.whatIf({ eventId: id, fixed: [], runs: 2000, seed: 7 })).toEqual(result);
    expect(model.whatIf({ eventId: id, fixed: [], runs: 2000, seed: 8 })).not.toEqual(result);
  });

  it('honours fixed outcomes: with every match fixed, sure places are certain', () => {
    const { id, unplayed } = liveEvent(demo.synced.cache.reader);
    const fixed = unplayed.map((match) => ({ matchId: match.id, winner: 'red' as const }));
    const result = model.whatIf({ eventId: id, fixed, runs: 500, seed: 1 });
    expect(result?.remaining).toBe(0);
    const points = new Map(model.event(id)?.teams.map((row) => [row.team, row.rankingPoints]));
    for (const match of unplayed) {
      for (const team of match.red) points.set(team, (points.get(team) ?? 0) + 2);
    }
    let sureIn = 0;
    let sureOut = 0;
    for (const row of result?.teams ?? []) {
      const own = points.get(row.team) ?? 0;
      const others = [...points].filter(([team]) => team !== row.team).map(([, value]) => value);
      if (others.filter((value) => value >= own).length <= 7) {
        expect(row.top8, `${row.team}`).toBe(1);
        sureIn += 1;
      } else if (others.filter((value) => value > own).length >= 8) {
        expect(row.top8, `${row.team}`).toBe(0);
        sureOut += 1;
      }
    }
    expect(sureIn).toBeGreaterThan(0);
    expect(sureOut).toBeGreaterThan(0);
  });

  it('refuses to fix a match already played, and knows no unknown event', () => {
    const db = demo.synced.cache.reader;
    const { id } = liveEvent(db);
    const played = rawMatches(db, id).find((match) => match.status === 'played') as RawMatch;
    expect(() =>
      model.whatIf({
        eventId: id,
        fixed: [{ matchId: played.id, winner: 'red' }],
        runs: 100,
        seed: 1,
      }),
    ).toThrow(WhatIfInputError);
    expect(model.whatIf({ eventId: '2026nosuchevent', fixed: [], runs: 100, seed: 1 })).toBeNull();
  });
});
