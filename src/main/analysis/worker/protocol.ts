import type {
  EventAnalysis,
  SeasonAnalysis,
  TeamAnalysis,
  WhatIfInput,
  WhatIfResult,
} from '../../../shared/ipc/analysis';
import type { WorkerConnectionData } from '../../storage/worker-connection';
import type { AnalysisUpdate } from '../analysis-model';

/*
 * The messages between main and the analysis worker. Every request carries an id and the app's
 * clock (`now`), so "as of" and the next match follow the app's time, never the worker's; every
 * answer carries the id back, and a failure travels as a value, never as a thrown error that
 * would take the worker down.
 */

/** What the worker is asked, by kind, with what it answers. */
export interface AnalysisQueries {
  refresh: { ask: { changed: string[] }; answer: AnalysisUpdate };
  event: { ask: { eventId: string }; answer: EventAnalysis | null };
  team: { ask: { teamNumber: number; season: string | undefined }; answer: TeamAnalysis | null };
  season: { ask: { season: string }; answer: SeasonAnalysis | null };
  whatIf: { ask: { input: WhatIfInput }; answer: WhatIfResult | null };
}
export type QueryKind = keyof AnalysisQueries;

export type AnalysisRequest = {
  [Kind in QueryKind]: { id: number; kind: Kind; now: string } & AnalysisQueries[Kind]['ask'];
}[QueryKind];

export type AnalysisResponse =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

/** What the worker is started with: how to open the cache, read-only. */
export type AnalysisWorkerData = WorkerConnectionData;

/** Sent once, before any answer: the connection could not be opened (the worker then ends). */
export interface AnalysisStartFailure {
  id: 0;
  ok: false;
  message: string;
}
