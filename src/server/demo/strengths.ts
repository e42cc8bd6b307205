import type { DemoSize } from './sizes';
import { buildWorld } from './world';

export interface HiddenStrengthsOptions {
  seed: number;
  size: DemoSize;
  /** As the generator takes it (only its UTC day matters); the service's default is the clock's now. */
  now?: Date;
}

/**
 * The strengths the demo data's scores were drawn from, which the service never reveals: for tests
 * and the benchmark to measure how well OPR and ratings recover them. Both are in points of
 * alliance score, so an alliance's expected score is the sum of its teams' `atEvent`.
 */
export interface HiddenStrengths {
  /** The team's strength at the event; undefined unless the team is registered there. */
  atEvent(team: number, eventId: string): number | undefined;
  /**
   * The team's mean strength over the season's usual window (September to April); undefined
   * unless the team is registered at an event of that season (`2025-2026`).
   */
  inSeason(team: number, season: string): number | undefined;
}

/** The hidden strengths of the data set `generateDataset` gives for the same options. */
export function hiddenStrengths({
  seed,
  size,
  now = new Date(),
}: HiddenStrengthsOptions): HiddenStrengths {
  const world = buildWorld({ seed, size, now });
  const byEvent = new Map<string, Map<number, number>>();
  const bySeason = new Map<string, number>();
  for (const event of world.events) {
    const teams = world.attendees.get(event) ?? [];
    const atEvent = new Map<number, number>();
    for (const [team, strength] of world.strengths.atEvent(event, teams)) {
      atEvent.set(team.record.number, strength);
      const key = `${event.season.label}|${team.record.number}`;
      if (!bySeason.has(key)) bySeason.set(key, world.strengths.seasonMean(team, event.season));
    }
    byEvent.set(event.record.id, atEvent);
  }
  return {
    atEvent: (team, eventId) => byEvent.get(eventId)?.get(team),
    inSeason: (team, season) => bySeason.get(`${season}|${team}`),
  };
}
