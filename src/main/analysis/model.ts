import type {
  EventAnalysis,
  SeasonAnalysis,
  TeamAnalysis,
  WhatIfInput,
  WhatIfResult,
} from '../../shared/ipc/analysis';
import type { AnalysisModel, AnalysisModelFactory, AnalysisUpdate } from './analysis-model';
import { AnalysisReader, type EventInfo, type MatchInfo } from './cache-read';
import { changedScope } from './changed-scope';
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

  constructor(
    private readonly reader: AnalysisReader,
    private readonly clock: () => Date,
  ) {}

  refresh(changed: readonly string[]): AnalysisUpdate {
    const asOf = isoSeconds(this.clock().getTime());
    const scope = this.loaded ? changedScope(changed, this.reader, this.matches) : 'everything';
    const touched = new Set<string>();
    const oldSeasons = new Map([...this.events].map(([id, event]) => [id, event.season]));
    if (scope === 'everything') {
      this.loadAll();
      for (const id of new Set([...this.events.keys(), ...oldSeasons.keys()])) touched.add(id);
    } else {
      for (const id of scope.events) {
        const event = this.reader.event(id);
        if (event === null) this.events.delete(id);
        else this.events.set(id, event);
      }
      for (const id of scope.matches) this.matches.set(id, this.reader.eventMatches(id));
      if (scope.allRegistrations) this.loadRegistrations();
      for (const id of scope.registrations)
        this.registrations.set(id, this.reader.eventRegistrations(id));
      for (const id of [...scope.events, ...scope.matches, ...scope.registrations]) touched.add(id);
      if (scope.allRegistrations) for (const id of this.events.keys()) touched.add(id);
    }

    const dirtySeasons = new Set<string>();
    for (const id of touched) {
      const event = this.events.get(id);
      const before = oldSeasons.get(id);
      if (before !== undefined) dirtySeasons.add(before);
      if (event === undefined) {
        this.figures.delete(id);
        this.eventAsOf.delete(id);
        this.matches.delete(id);
        continue;
      }
      dirtySeasons.add(event.season);
      this.figures.set(
        id,
        eventFigures(this.matches.get(id) ?? [], this.registrations.get(id) ?? []),
      );
    }
    this.loaded = true;

    const seasons = [...new Set([...this.events.values()].map((event) => event.season))];
    const rated = this.ratings.update(seasons, dirtySeasons, (season) =>
      ratedMatches(this.seasonEvents(season).map((event) => this.matches.get(event.id) ?? [])),
    );
    const changedEvents = new Set(
      [...touched].filter((id) => this.events.has(id) || oldSeasons.has(id)),
    );
    for (const season of rated) {
      this.seasonAsOf.set(season, asOf);
      for (const event of this.seasonEvents(season)) changedEvents.add(event.id);
    }
    for (const id of changedEvents) if (this.events.has(id)) this.eventAsOf.set(id, asOf);
    for (const season of [...this.seasonAsOf.keys()]) {
      if (!seasons.includes(season)) this.seasonAsOf.delete(season);
    }
    const changedSeasons = new Set(rated);
    for (const id of changedEvents) {
      const season = this.events.get(id)?.season ?? oldSeasons.get(id);
      if (season !== undefined) changedSeasons.add(season);
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

  private seasonEvents(season: string): EventInfo[] {
    return [...this.events.values()].filter((event) => event.season === season);
  }

  private loadAll(): void {
    this.events.clear();
    for (const event of this.reader.events()) this.events.set(event.id, event);
    this.matches.clear();
    for (const [id, list] of this.reader.allMatches()) this.matches.set(id, list);
    this.loadRegistrations();
    for (const id of [...this.figures.keys()]) if (!this.events.has(id)) this.figures.delete(id);
  }

  private loadRegistrations(): void {
    this.registrations.clear();
    for (const [id, list] of this.reader.allRegistrations()) this.registrations.set(id, list);
  }
}

export const createAnalysisModel: AnalysisModelFactory = (db, clock) =>
  new CacheAnalysis(new AnalysisReader(db), clock);
