import type { TeamListItem, TeamSeasonStats } from '../../../src/shared/wire';
import type { DemoIndex } from './fixtures';

/** decisions.md "Team statistics", recomputed from the records the API lists. */

interface Tally {
  matches: number;
  wins: number;
  losses: number;
  scoreSum: number;
  highScore: number;
  events: Set<string>;
}

export interface ExpectedSeasonStats {
  season: string;
  events: number;
  matches: number;
  wins: number;
  losses: number;
  winRate: number;
  /** Unrounded: the service answers it to 2 decimals. */
  meanScore: number;
  highScore: number;
  rankings: TeamSeasonStats['rankings'];
}

function countedEvents(demo: DemoIndex): Map<string, DemoIndex['events'][number]> {
  return new Map(
    demo.events.filter((event) => event.visibility !== 'private').map((event) => [event.id, event]),
  );
}

function seasonTallies(demo: DemoIndex, season: string): Map<number, Tally> {
  const events = countedEvents(demo);
  const tallies = new Map<number, Tally>();
  for (const match of demo.matches) {
    if (match.status !== 'played' || events.get(match.eventId)?.season !== season) continue;
    for (const side of ['red', 'blue'] as const) {
      const alliance = match[side];
      for (const team of alliance.teams) {
        const tally = tallies.get(team) ?? {
          matches: 0,
          wins: 0,
          losses: 0,
          scoreSum: 0,
          highScore: 0,
          events: new Set(),
        };
        tally.matches += 1;
        if (match.winner === side) tally.wins += 1;
        else if (match.winner !== 'tie') tally.losses += 1;
        tally.scoreSum += alliance.score ?? 0;
        tally.highScore = Math.max(tally.highScore, alliance.score ?? 0);
        tally.events.add(match.eventId);
        tallies.set(team, tally);
      }
    }
  }
  return tallies;
}

/** Every team's expected statistics for one season. */
export function expectedSeason(demo: DemoIndex, season: string): Map<number, ExpectedSeasonStats> {
  const tallies = seasonTallies(demo, season);
  const teams = new Map<number, TeamListItem>(demo.teams.map((team) => [team.number, team]));
  const ranked = [...tallies.entries()]
    .map(([number, tally]) => ({
      number,
      winRate: tally.wins / tally.matches,
      mean: tally.scoreSum / tally.matches,
      high: tally.highScore,
    }))
    .sort(
      (a, b) => b.winRate - a.winRate || b.mean - a.mean || b.high - a.high || a.number - b.number,
    );
  const result = new Map<number, ExpectedSeasonStats>();
  for (const team of demo.teams) {
    const tally = tallies.get(team.number);
    if (tally === undefined) {
      result.set(team.number, zeroStats(season));
      continue;
    }
    const rankedBefore = (keep: (other: TeamListItem) => boolean) =>
      ranked
        .slice(0, ranked.findIndex((entry) => entry.number === team.number) + 1)
        .filter((entry) => keep(teams.get(entry.number)!)).length;
    result.set(team.number, {
      season,
      events: tally.events.size,
      matches: tally.matches,
      wins: tally.wins,
      losses: tally.losses,
      winRate: tally.wins / tally.matches,
      meanScore: tally.scoreSum / tally.matches,
      highScore: tally.highScore,
      rankings: {
        world: rankedBefore(() => true),
        regional: rankedBefore((other) => other.country === team.country),
        state: rankedBefore(
          (other) => other.country === team.country && other.state === team.state,
        ),
      },
    });
  }
  return result;
}

export function zeroStats(season: string): ExpectedSeasonStats {
  return {
    season,
    events: 0,
    matches: 0,
    wins: 0,
    losses: 0,
    winRate: 0,
    meanScore: 0,
    highScore: 0,
    rankings: { world: 0, regional: 0, state: 0 },
  };
}

/** The counts of the single team record: all seasons, events that are not private. */
export function expectedTeamCounts(
  demo: DemoIndex,
  team: number,
): { eventCount: number; matchCount: number; clipCount: number } {
  const events = countedEvents(demo);
  return {
    eventCount: [...events.keys()].filter((id) => demo.registrations.get(id)?.includes(team))
      .length,
    matchCount: demo.matches.filter(
      (match) =>
        events.has(match.eventId) &&
        (match.red.teams.includes(team) || match.blue.teams.includes(team)),
    ).length,
    clipCount: demo.clips.filter(
      (clip) => events.has(clip.eventId) && clip.teamNumbers.includes(team),
    ).length,
  };
}

/** The season of the team's latest event (by startDate, then id), or null when it has none. */
export function latestSeason(
  demo: DemoIndex,
  team: number,
  includePrivate: boolean,
): string | null {
  const events = demo.events
    .filter((event) => includePrivate || event.visibility !== 'private')
    .filter((event) => demo.registrations.get(event.id)?.includes(team));
  const latest = events.reduce<DemoIndex['events'][number] | null>(
    (best, event) =>
      best === null ||
      event.startDate > best.startDate ||
      (event.startDate === best.startDate && event.id > best.id)
        ? event
        : best,
    null,
  );
  return latest?.season ?? null;
}
