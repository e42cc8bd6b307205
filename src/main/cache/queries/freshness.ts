import type { Statement } from 'better-sqlite3';
import type { Freshness } from '../../../shared/ipc/cached';
import type { EventPart, ResourceKey } from '../../../shared/ipc/resources';
import type { AppDatabase } from '../../storage/database';
import { PerCommit } from './per-commit';

interface SyncStateRow {
  complete: number;
  last_success: string | null;
}

interface CoverageRow {
  total: number;
  incomplete: number;
  never: number;
  oldest: string | null;
}

export const UNKNOWN: Freshness = { complete: false, syncedAt: null };

/**
 * Several resources behind one answer: complete only when all are, and as old as the oldest of
 * them, since that is when the answer as a whole was last known to be right.
 */
export function combineFreshness(parts: readonly Freshness[]): Freshness {
  let complete = true;
  let syncedAt: string | null | undefined;
  for (const part of parts) {
    complete &&= part.complete;
    if (part.syncedAt === null) syncedAt = null;
    else if (syncedAt === undefined || (syncedAt !== null && part.syncedAt < syncedAt)) {
      syncedAt = part.syncedAt;
    }
  }
  return { complete, syncedAt: syncedAt ?? null };
}

/** What `sync_state` says about the copies behind an answer. */
export class FreshnessReader {
  private readonly selectState: Statement<[string], SyncStateRow>;
  private readonly registrationCoverage: Statement<[], CoverageRow>;
  private readonly registrationsKept: PerCommit<'registrations', Freshness>;

  constructor(db: AppDatabase) {
    this.selectState = db.prepare(
      // A copy from a venue share is as old as the share's copy (see migration 9).
      `SELECT complete, coalesce(source_synced_at, last_success) AS last_success
      FROM sync_state WHERE resource = ?`,
    );
    this.registrationCoverage = db.prepare(`SELECT count(*) AS total,
        count(*) - count(CASE WHEN s.complete = 1 THEN 1 END) AS incomplete,
        count(*) - count(s.last_success) AS never,
        min(coalesce(s.source_synced_at, s.last_success)) AS oldest
      FROM events e LEFT JOIN sync_state s ON s.resource = 'event:' || e.id || ':teams'
      WHERE e.listed = 1`);
    this.registrationsKept = new PerCommit(db, 1);
  }

  of(resource: ResourceKey): Freshness {
    const row = this.selectState.get(resource);
    if (row === undefined) return UNKNOWN;
    return { complete: row.complete === 1, syncedAt: row.last_success };
  }

  has(resource: ResourceKey): boolean {
    return this.selectState.get(resource) !== undefined;
  }

  /**
   * Whether every registration is known: the event list is complete and so is the team list of
   * every event on it. Only then can "the events of team 254" be answered from the event tables.
   *
   * This looks at every listed event, so it is kept until the writer commits again.
   */
  registrations(): Freshness {
    return this.registrationsKept.get('registrations', () => {
      const coverage = this.registrationCoverage.get();
      const parts = [this.of('events')];
      // No listed event means no team list to wait for: the event list alone says it all.
      if (coverage !== undefined && coverage.total > 0) {
        parts.push({
          complete: coverage.incomplete === 0,
          syncedAt: coverage.never === 0 ? coverage.oldest : null,
        });
      }
      return combineFreshness(parts);
    });
  }

  /** One part (matches, clips) of each of these events. */
  eventParts(eventIds: readonly string[], part: EventPart): Freshness {
    return combineFreshness(eventIds.map((eventId) => this.of(`event:${eventId}:${part}`)));
  }
}
