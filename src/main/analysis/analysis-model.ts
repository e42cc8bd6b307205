import type { Database } from 'better-sqlite3';
import type {
  EventAnalysis,
  SeasonAnalysis,
  TeamAnalysis,
  WhatIfInput,
  WhatIfResult,
} from '../../shared/ipc/analysis';

/*
 * The seam between the analysis' computation and its plumbing. The model reads the cache through
 * a read-only connection and keeps what it computed; the worker (src/main/analysis/worker) owns
 * one and answers main's questions with it, and the command line builds one for a single answer.
 * Nothing here knows about threads or IPC, so the math is tested in plain Node.
 */

/** What a refresh recomputed: a view showing one of these re-reads. */
export interface AnalysisUpdate {
  events: string[];
  seasons: string[];
}

export interface AnalysisModel {
  /**
   * Re-reads what the changed cache resources (change-notice terms, `all` for everything) may
   * have altered and recomputes only that: a new score at one event recomputes that event's
   * rankings and OPR, and its season's Ratings from that match on. The first call computes all.
   */
  refresh(changed: readonly string[]): AnalysisUpdate;
  event(eventId: string): EventAnalysis | null;
  /** The team's figures for a season (the newest season it played when absent); `now` places the next match. */
  team(teamNumber: number, season: string | undefined, now: Date): TeamAnalysis | null;
  season(season: string): SeasonAnalysis | null;
  whatIf(input: WhatIfInput): WhatIfResult | null;
}

/** How a model is made: from a connection it may only read. */
export type AnalysisModelFactory = (db: Database, clock: () => Date) => AnalysisModel;
