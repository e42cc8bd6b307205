import { DAY_MS, dayOf, seasonOf, seasonStartingIn, type Season } from './calendar';
import { generateEvents, type DemoEvent } from './events';
import { Random } from './random';
import { registerTeams } from './registrations';
import { SIZE_PLANS, type DemoSize, type SizePlan } from './sizes';
import { StrengthDrift } from './strength-drift';
import { generateTeams, type DemoTeam } from './teams';

export interface GenerateOptions {
  size: DemoSize;
  seed: number;
  /**
   * The data describes the world at the start of its UTC day, and live events as they stand at
   * `now` itself (see `scheduleMatches`).
   */
  now: Date;
}

/** Everything the matches are drawn from: who exists, what is held where, who goes, how strong. */
export interface DemoWorld {
  plan: SizePlan;
  /** Data describes the world at this instant, the midnight that starts the day of `now`. */
  cutoffMs: number;
  /** `now`: live events are played up to it. */
  nowMs: number;
  seasons: readonly Season[];
  teams: readonly DemoTeam[];
  /** In order of start date, then id. */
  events: readonly DemoEvent[];
  attendees: ReadonlyMap<DemoEvent, readonly DemoTeam[]>;
  strengths: StrengthDrift;
  /** Line-ups and times, already past the seasons' score scales. */
  matchRandom: Random;
  /** The seed's stream for a named stage. */
  stream: (stage: string) => Random;
}

/**
 * The stages of the data set that come before any match is played: three seasons up to the one
 * `now` falls in, with past, live and upcoming events around that day.
 *
 * Each stage draws from its own stream of the seed, so that a change to how clips are made (or
 * how strong teams are) does not reshuffle every team.
 */
export function buildWorld({ size, seed, now }: GenerateOptions): DemoWorld {
  const plan = SIZE_PLANS[size];
  const today = dayOf(now);
  // Cut at midnight rather than at `now` so that the whole day gives the same data, but for the
  // live events' matches.
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
  const strengths = StrengthDrift.draw(stream('strengths'), matchRandom, seasons, teams);
  return {
    plan,
    cutoffMs,
    nowMs: now.getTime(),
    seasons,
    teams,
    events,
    attendees,
    strengths,
    matchRandom,
    stream,
  };
}
