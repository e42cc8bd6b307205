import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/server/demo/generate';
import { hiddenStrengths, type HiddenStrengths } from '../../src/server/demo/strengths';
import type { Dataset, DatasetMatch } from '../../src/server/store/dataset';

/*
 * The demo data's scores are drawn from hidden team strengths, so that the analysis computed from
 * them (rankings, OPR, ratings, predictions) has something true to recover.
 */

const OPTIONS = { size: 'demo', seed: 7, now: new Date('2026-11-21T12:00:00Z') } as const;
const demo = generateDataset(OPTIONS);
const strengths = hiddenStrengths(OPTIONS);

function pearson(xs: readonly number[], ys: readonly number[]): number {
  const mean = (values: readonly number[]): number =>
    values.reduce((sum, value) => sum + value, 0) / values.length;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, index) => {
    const y = ys[index] ?? 0;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

/** The sum of the alliance's strengths at the event; every team on it must have one. */
function expected(source: HiddenStrengths, eventId: string, teams: readonly number[]): number {
  return teams.reduce((sum, team) => {
    const strength = source.atEvent(team, eventId);
    if (strength === undefined) throw new Error(`no strength for ${team} at ${eventId}`);
    return sum + strength;
  }, 0);
}

interface AllianceResult {
  eventId: string;
  teams: readonly number[];
  score: number;
}

function playedAlliances(dataset: Dataset): AllianceResult[] {
  return dataset.matches.flatMap((match: DatasetMatch) =>
    match.status !== 'played'
      ? []
      : [match.red, match.blue].map((alliance) => ({
          eventId: match.eventId,
          teams: alliance.teams,
          score: alliance.score ?? 0,
        })),
  );
}

const alliances = playedAlliances(demo);
const eventsById = new Map(demo.events.map((event) => [event.id, event]));

/** Each team's events in a season, in order of start: from the registrations, as a client sees them. */
function eventsBySeasonOfTeam(): Map<string, string[]> {
  const bySeason = new Map<string, string[]>();
  const registrations = [...demo.registrations].sort((a, b) =>
    (eventsById.get(a.eventId)?.startDate ?? '').localeCompare(
      eventsById.get(b.eventId)?.startDate ?? '',
    ),
  );
  for (const { eventId, teamNumber } of registrations) {
    const key = `${eventsById.get(eventId)?.season ?? ''}|${teamNumber}`;
    bySeason.set(key, [...(bySeason.get(key) ?? []), eventId]);
  }
  return bySeason;
}

describe('demo data: hidden strengths', () => {
  it('give every played alliance an expected score its real score follows closely', () => {
    const sums = alliances.map((alliance) => expected(strengths, alliance.eventId, alliance.teams));
    const scores = alliances.map((alliance) => alliance.score);
    const correlation = pearson(sums, scores);
    const residuals = scores.map((score, index) => score - (sums[index] ?? 0));
    const meanResidual = residuals.reduce((sum, value) => sum + value, 0) / residuals.length;
    const meanScore = scores.reduce((sum, value) => sum + value, 0) / scores.length;
    console.log(
      `demo: ${alliances.length} played alliances; correlation of score with the sum of strengths ` +
        `${correlation.toFixed(3)}, mean score ${meanScore.toFixed(1)}, ` +
        `mean of score − strengths ${meanResidual.toFixed(2)} points`,
    );
    expect(alliances.length).toBeGreaterThan(4_000);
    expect(correlation).toBeGreaterThan(0.75);
    // Strengths are in points: the noise is centred on them, not on some other scale.
    expect(Math.abs(meanResidual)).toBeLessThan(meanScore * 0.01);
  });

  it('rise through a season for some teams and fall for others, and the scores show it', () => {
    const mean = (values: readonly number[]): number =>
      values.reduce((sum, value) => sum + value, 0) / values.length;
    const eventMeans = new Map<string, number>();
    for (const eventId of new Set(alliances.map((alliance) => alliance.eventId))) {
      const atEvent = alliances.filter((alliance) => alliance.eventId === eventId);
      eventMeans.set(eventId, mean(atEvent.map((alliance) => alliance.score)));
    }
    /** How far above its event's mean the team's alliances scored: apart from the season's level. */
    const aboveEvent = (eventId: string, team: number): number | undefined => {
      const scores = alliances
        .filter((alliance) => alliance.eventId === eventId && alliance.teams.includes(team))
        .map((alliance) => alliance.score);
      return scores.length === 0 ? undefined : mean(scores) - (eventMeans.get(eventId) ?? 0);
    };
    const changes: { strength: number; score: number }[] = [];
    for (const [key, eventIds] of eventsBySeasonOfTeam()) {
      const team = Number(key.split('|')[1]);
      const first = eventIds[0] ?? '';
      const last = eventIds[eventIds.length - 1] ?? '';
      const before = aboveEvent(first, team);
      const after = aboveEvent(last, team);
      if (first === last || before === undefined || after === undefined) continue;
      changes.push({
        strength: (strengths.atEvent(team, last) ?? 0) / (strengths.atEvent(team, first) ?? 1) - 1,
        score: after - before,
      });
    }
    const risers = changes.filter((change) => change.strength > 0.05);
    const faders = changes.filter((change) => change.strength < -0.05);
    const scoreChange = (group: typeof changes): number =>
      mean(group.map((change) => change.score));
    console.log(
      `demo: of ${changes.length} team-seasons with two played events, ${risers.length} rose ` +
        `more than 5% from the first to the last (their alliances gained ` +
        `${scoreChange(risers).toFixed(1)} points on their event's mean), ${faders.length} fell ` +
        `more than 5% (${scoreChange(faders).toFixed(1)} points)`,
    );
    expect(risers.length).toBeGreaterThan(changes.length * 0.1);
    expect(faders.length).toBeGreaterThan(changes.length * 0.1);
    expect(scoreChange(risers)).toBeGreaterThan(0);
    expect(scoreChange(faders)).toBeLessThan(0);
  });

  it('are known for registered teams only, at each event and over each season', () => {
    const seasonMeans: number[] = [];
    const eventMeans: number[] = [];
    for (const [key, eventIds] of eventsBySeasonOfTeam()) {
      const [season = '', team = ''] = key.split('|');
      const atEvents = eventIds.map((eventId) => strengths.atEvent(Number(team), eventId) ?? 0);
      for (const strength of atEvents) expect(strength).toBeGreaterThan(0);
      seasonMeans.push(strengths.inSeason(Number(team), season) ?? 0);
      eventMeans.push(atEvents.reduce((sum, value) => sum + value, 0) / atEvents.length);
    }
    // The season's mean is over its whole window, its events only a part of it: close, not equal.
    const correlation = pearson(seasonMeans, eventMeans);
    console.log(
      `demo: correlation of each team's season mean with its mean at that season's events ` +
        correlation.toFixed(3),
    );
    expect(correlation).toBeGreaterThan(0.9);
    const [{ eventId, teamNumber }] = demo.registrations as [Dataset['registrations'][number]];
    const elsewhere = demo.events.find(
      (event) =>
        !demo.registrations.some(
          (row) => row.eventId === event.id && row.teamNumber === teamNumber,
        ),
    );
    expect(strengths.atEvent(teamNumber, elsewhere?.id ?? '')).toBeUndefined();
    expect(strengths.atEvent(teamNumber, 'no-such-event')).toBeUndefined();
    expect(strengths.inSeason(teamNumber, '1999-2000')).toBeUndefined();
    expect(strengths.atEvent(teamNumber, eventId)).toBeDefined();
  });

  it('never leave the generator: the data set has no field for them', () => {
    expect(JSON.stringify(demo)).not.toMatch(/strength/i);
  });

  it('are the same for the same seed and differ for another, as the data do', () => {
    const again = hiddenStrengths(OPTIONS);
    const other = hiddenStrengths({ ...OPTIONS, seed: 8 });
    const otherData = generateDataset({ ...OPTIONS, seed: 8 });
    const listed = (source: HiddenStrengths, dataset: Dataset): (number | undefined)[] =>
      dataset.registrations.map((row) => source.atEvent(row.teamNumber, row.eventId));
    expect(listed(again, demo)).toEqual(listed(strengths, demo));
    expect(generateDataset(OPTIONS).matches).toEqual(demo.matches);
    expect(listed(other, otherData)).not.toEqual(listed(strengths, demo));
    expect(playedAlliances(otherData).map((alliance) => alliance.score)).not.toEqual(
      alliances.map((alliance) => alliance.score),
    );
    const sums = playedAlliances(otherData).map((alliance) =>
      expected(other, alliance.eventId, alliance.teams),
    );
    expect(
      pearson(
        sums,
        playedAlliances(otherData).map((alliance) => alliance.score),
      ),
    ).toBeGreaterThan(0.75);
  });
});
