import type {
  EventAnalysis,
  SeasonAnalysis,
  TeamAnalysis,
  WhatIfInput,
  WhatIfResult,
} from '../../shared/ipc/analysis';
import type { AnalysisModel, AnalysisModelFactory, AnalysisUpdate } from './analysis-model';
import { AnalysisReader, type EventInfo, type MatchInfo } from './cache-read';
import { changedScope, type ChangedScope } from './changed-scope';
import { eventAnswer } from './event-answer';
import { eventFigures, type EventFigures } from './event-figures';
import { isoSeconds } from './math/next-match';
import { ratedMatches } from './season-matches';
import { SeasonRatings } from './seasons';
import { seasonAnswer, teamAnswer } from './team-answers';
import { whatIfAnswer } from './what-if-answer';

/*
 * The analysis of the whole cache, kept between refreshes: the events' matches and registrations
 * as last read, each event's ranking and OPR, and every season's Ratings. A refresh re-reads what
 * the change notices name and recomputes only that (see changed-scope.ts).
 */

export interface ModelData {
  events: ReadonlyMap<string, EventInfo>;
  matches: ReadonlyMap<string, readonly MatchInfo[]>;
  registrations: ReadonlyMap<string, readonly number[]>;
  figures: ReadonlyMap<string, EventFigures>;
  ratings: SeasonRatings;
  /** When each event's and each season's figures were computed. */
  eventAsOf: ReadonlyMap<string, string>;
  seasonAsOf: ReadonlyMap<string, string>;
  /** Events where the team is registered or plays. */
  eventsOf(teamNumber: number): readonly string[];
}

class CacheAnalysis implements AnalysisModel {
  readonly events = new Map<string, EventInfo>();
  readonly matches = new Map<string, MatchInfo[]>();
  readonly registrations = new Map<string, number[]>();
  readonly figures = new Map<string, EventFigures>();
  readonly ratings = new SeasonRatings();
  readonly eventAsOf = new Map<string, string>();
  readonly seasonAsOf = new Map<string, string>();
  private loaded = false;
  private teamIndex: Map<number, string[]> | null = null;

  constructor(
    private readonly reader: AnalysisReader,
    private readonly clock: () => Date,
  ) {}

  refresh(changed: readonly string[]): AnalysisUpdate {
    const asOf = isoSeconds(this.clock().getTime());
    const scope = this.loaded ? changedScope(changed, this.reader, this.matches) : 'everything';
    const dirty = scope === 'everything' ? this.reloadAll() : this.reload(scope);
    this.loaded = true;
    if (dirty.events.size > 0) this.teamIndex = null;
    for (const id of dirty.events) {
      if (this.events.has(id)) {
        const figures = eventFigures(this.matches.get(id) ?? [], this.registrations.get(id) ?? []);
        this.figures.set(id, figures);
      } else {
        this.figures.delete(id);
        this.eventAsOf.delete(id);
      }
    }

    const seasons = [...new Set([...this.events.values()].map((event) => event.season))];
    const rated = this.ratings.update(seasons, dirty.seasons, (season) =>
      ratedMatches(this.seasonEvents(season).map((event) => this.matches.get(event.id) ?? [])),
    );
    const changedEvents = new Set(dirty.events);
    const changedSeasons = new Set([...dirty.seasons, ...rated]);
    for (const season of rated) {
      this.seasonAsOf.set(season, asOf);
      for (const event of this.seasonEvents(season)) changedEvents.add(event.id);
    }
    for (const id of changedEvents) {
      const season = this.events.get(id)?.season;
      if (season === undefined) continue;
      this.eventAsOf.set(id, asOf);
      changedSeasons.add(season);
    }
    for (const season of [...this.seasonAsOf.keys()]) {
      if (!seasons.includes(season)) this.seasonAsOf.delete(season);
    }
    return { events: [...changedEvents].sort(), seasons: [...changedSeasons].sort() };
  }

  event(eventId: string): EventAnalysis | null {
    return eventAnswer(this, eventId);
  }

  team(teamNumber: number, season: string | undefined, now: Date): TeamAnalysis | null {
    return teamAnswer(this, teamNumber, season, now);
  }

  season(season: string): SeasonAnalysis | null {
    return seasonAnswer(this, season);
  }

  whatIf(input: WhatIfInput): WhatIfResult | null {
    return whatIfAnswer(this, input);
  }

  eventsOf(teamNumber: number): readonly string[] {
    if (this.teamIndex === null) {
      const index = new Map<number, Set<string>>();
      const add = (team: number, id: string) => {
        const held = index.get(team);
        if (held === undefined) index.set(team, new Set([id]));
        else held.add(id);
      };
      for (const [id, teams] of this.registrations) for (const team of teams) add(team, id);
      for (const [id, list] of this.matches) {
        for (const match of list) for (const team of [...match.red, ...match.blue]) add(team, id);
      }
      this.teamIndex = new Map([...index].map(([team, ids]) => [team, [...ids]]));
    }
    return (this.teamIndex.get(teamNumber) ?? []).filter((id) => this.events.has(id));
  }

  private seasonEvents(season: string): EventInfo[] {
    return [...this.events.values()].filter((event) => event.season === season);
  }

  /** Everything re-read; only what differs from what was held counts as changed. */
  private reloadAll(): Dirty {
    const events = new Map(this.reader.events().map((event) => [event.id, event]));
    const matches = this.reader.allMatches();
    const registrations = this.reader.allRegistrations();
    const ids = new Set([...this.events.keys(), ...events.keys()]);
    const dirty: Dirty = { events: new Set(), seasons: new Set() };
    for (const id of ids) this.setEvent(id, events.get(id) ?? null, dirty);
    for (const id of ids) this.setMatches(id, matches.get(id) ?? [], dirty);
    for (const id of ids) this.setRegistrations(id, registrations.get(id) ?? [], dirty);
    return dirty;
  }

  private reload(scope: ChangedScope): Dirty {
    const dirty: Dirty = { events: new Set(), seasons: new Set() };
    for (const id of scope.events) this.setEvent(id, this.reader.event(id), dirty);
    for (const id of scope.matches) this.setMatches(id, this.reader.eventMatches(id), dirty);
    if (scope.allRegistrations) {
      const all = this.reader.allRegistrations();
      for (const id of new Set([...this.registrations.keys(), ...all.keys()])) {
        this.setRegistrations(id, all.get(id) ?? [], dirty);
      }
    }
    for (const id of scope.registrations) {
      this.setRegistrations(id, this.reader.eventRegistrations(id), dirty);
    }
    return dirty;
  }

  private setEvent(id: string, next: EventInfo | null, dirty: Dirty): void {
    const held = this.events.get(id) ?? null;
    if (same(held, next)) return;
    dirty.events.add(id);
    // Names and dates do not enter the Ratings; a season's set of events does.
    if (held?.season !== next?.season) {
      if (held !== null) dirty.seasons.add(held.season);
      if (next !== null) dirty.seasons.add(next.season);
    }
    if (next === null) this.events.delete(id);
    else this.events.set(id, next);
  }

  private setMatches(id: string, next: MatchInfo[], dirty: Dirty): void {
    if (sameMatches(this.matches.get(id) ?? [], next)) return;
    dirty.events.add(id);
    const season = this.events.get(id)?.season;
    if (season !== undefined) dirty.seasons.add(season);
    if (next.length === 0) this.matches.delete(id);
    else this.matches.set(id, next);
  }

  private setRegistrations(id: string, next: number[], dirty: Dirty): void {
    if (same(this.registrations.get(id) ?? [], next)) return;
    dirty.events.add(id);
    if (next.length === 0) this.registrations.delete(id);
    else this.registrations.set(id, next);
  }
}

interface Dirty {
  /** Events whose figures to recompute. */
  events: Set<string>;
  /** Seasons whose Ratings may have changed. */
  seasons: Set<string>;
}

function sameTeams(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((team, i) => team === b[i]);
}

/** Field by field: a season's worth of matches is compared on every `all` notice. */
function sameMatches(a: readonly MatchInfo[], b: readonly MatchInfo[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i];
    return (
      y !== undefined &&
      x.id === y.id &&
      x.type === y.type &&
      x.number === y.number &&
      x.played === y.played &&
      x.scheduledAt === y.scheduledAt &&
      x.playedAt === y.playedAt &&
      x.redScore === y.redScore &&
      x.blueScore === y.blueScore &&
      x.winner === y.winner &&
      sameTeams(x.red, y.red) &&
      sameTeams(x.blue, y.blue)
    );
  });
}

/** Plain records read from rows compare by their JSON: same rows, same text. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const createAnalysisModel: AnalysisModelFactory = (db, clock) =>
  new CacheAnalysis(new AnalysisReader(db), clock);
