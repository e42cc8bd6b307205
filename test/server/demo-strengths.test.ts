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
    const changes: { strength: number; score: number }[] = [];
    const scoreAt = (eventId: string, team: number): number[] =>
      alliances
        .filter((alliance) => alliance.eventId === eventId && alliance.teams.includes(team))
        .map((alliance) => alliance.score);
    for (const [key, eventIds] of eventsBySeasonOfTeam()) {
      const team = Number(key.split('|')[1]);
      const first = eventIds[0] ?? '';
      const last = eventIds[eventIds.length - 1] ?? '';
      const firstScores = scoreAt(first, team);
      const lastScores = scoreAt(last, team);
      if (first === last || firstScores.length === 0 || lastScores.length === 0) continue;
      const mean = (values: number[]): number =>
        values.reduce((sum, value) => sum + value, 0) / values.length;
      changes.push({
        strength: (strengths.atEvent(team, last) ?? 0) / (strengths.atEvent(team, first) ?? 1) - 1,
        score: mean(lastScores) - mean(firstScores),
      });
    }
    const risers = changes.filter((change) => change.strength > 0.05);
    const faders = changes.filter((change) => change.strength < -0.05);
    const meanScoreChange = (group: typeof changes): number =>
      group.reduce((sum, change) => sum + change.score, 0) / group.length;
    console.log(
      `demo: of ${changes.length} team-seasons with two played events, ${risers.length} rose ` +
        `more than 5% from the first to the last (their alliances' scores moved ` +
        `${meanScoreChange(risers).toFixed(1)} points), ${faders.length} fell more than 5% ` +
        `(${meanScoreChange(faders).toFixed(1)} points)`,
    );
    expect(risers.length).toBeGreaterThan(changes.length * 0.1);
    expect(faders.length).toBeGreaterThan(changes.length * 0.1);
    expect(meanScoreChange(risers)).toBeGreaterThan(meanScoreChange(faders));
  });

  it('are known for registered teams only, at each event and over each season', () => {
    const bySeason = eventsBySeasonOfTeam();
    for (const [key, eventIds] of bySeason) {
      const [season = '', team = ''] = key.split('|');
      const seasonMean = strengths.inSeason(Number(team), season);
      expect(seasonMean).toBeGreaterThan(0);
      for (const eventId of eventIds)
        expect(strengths.atEvent(Number(team), eventId)).toBeGreaterThan(0);
    }
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
