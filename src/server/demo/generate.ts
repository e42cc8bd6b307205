import type { Dataset } from '../store/dataset';
import { DAY_MS, dayOf, seasonOf, seasonStartingIn } from './calendar';
import { generateClips } from './clips';
import { generateEvents } from './events';
import { Random } from './random';
import { registerTeams } from './registrations';
import { scheduleMatches, type EventMatch } from './schedule';
import { SIZE_PLANS, type DemoSize } from './sizes';
import { generateTeams } from './teams';

export interface GenerateOptions {
  size: DemoSize;
  seed: number;
  /** Only its UTC day matters: the data describes the world at the start of that day. */
  now: Date;
}

/**
 * A realistic store's worth of records, the same for the same size, seed and UTC day: three
 * seasons up to the one `now` falls in, with past, live and upcoming events around that day.
 *
 * Each stage draws from its own stream of the seed, so that a change to how clips are made does
 * not reshuffle every team.
 */
export function generateDataset({ size, seed, now }: GenerateOptions): Dataset {
  const plan = SIZE_PLANS[size];
  const today = dayOf(now);
  // Cut at midnight rather than at `now` so that the whole day gives the same data.
  const cutoffMs = today * DAY_MS;
  const current = seasonOf(today);
  const seasons = [current.firstYear - 2, current.firstYear - 1, current.firstYear].map(
    seasonStartingIn,
  );
  const stream = (stage: string): Random => new Random(seed, `${size}:${stage}`);

  const teams = generateTeams(stream('teams'), plan.teams, current);
  const events = generateEvents(stream('events'), plan, seasons, teams, today).sort(
    (a, b) =>
      a.record.startDate.localeCompare(b.record.startDate) ||
      a.record.id.localeCompare(b.record.id),
  );
  const attendees = registerTeams(stream('registrations'), events, teams);

  const matchRandom = stream('matches');
  const scoreScales = new Map(
    seasons.map((season) => [season.label, 0.85 + 0.35 * matchRandom.next()] as const),
  );
  const matchesByEvent = events.map((event): EventMatch[] =>
    scheduleMatches(
      { random: matchRandom, cutoffMs, scoreScale: scoreScales.get(event.season.label) ?? 1 },
      event,
      attendees.get(event) ?? [],
    ),
  );

  const eventsWithPlay = matchesByEvent.filter((matches) =>
    matches.some((match) => match.playedMs !== null),
  ).length;
  const clipContext = {
    random: stream('clips'),
    cutoffMs,
    perEvent: plan.clips / Math.max(1, eventsWithPlay),
  };
  const clips = events.flatMap((event, index) =>
    generateClips(clipContext, event, attendees.get(event) ?? [], matchesByEvent[index] ?? []),
  );

  return {
    events: events.map((event) => event.record),
    teams: teams.map((team) => team.record),
    registrations: events.flatMap((event) =>
      (attendees.get(event) ?? []).map((team) => ({
        eventId: event.record.id,
        teamNumber: team.record.number,
      })),
    ),
    matches: matchesByEvent.flatMap((matches) => matches.map((match) => match.record)),
    clips,
  };
}
