import { resourceKeys } from '../../shared/ipc/resources';
import { statusAt } from '../../shared/wire/event-rules';
import type { EventRecord } from '../../shared/wire/event';
import { formatTimestamp } from '../../shared/wire/formats';
import { isLocalEventCode } from '../../shared/wire/local-code';
import { CACHE_MIGRATIONS } from '../cache/migrations';
import {
  CLIP_COLUMNS,
  MATCH_COLUMNS,
  STATS_COLUMNS,
  TEAM_COLUMNS,
  toClipRecord,
  toMatchRecord,
  toSeasonStats,
  toTeamListItem,
  type ClipRow,
  type MatchRow,
  type StatsRow,
  type TeamRow,
} from '../cache/queries/rows';
import { EVENT_ROW_COLUMNS, type EventRow } from '../outbox/event-row';
import { SettingsReader } from '../settings/settings-store';
import type { AppDatabase } from '../storage/database';
import { BundleFileWriter } from './container-write';
import { asPlaceError, checkExportPlace } from './export-place';
import { BundleError, type BundleManifest } from './format';

/**
 * Which events go into a bundle: all of them, those of a season, or those named (or both). Only
 * the public ones, what a viewer may see, unless `includePrivate` asks for the private and
 * unlisted ones too: a venue share never serves a private event, and a file is handed on further.
 */
export interface BundleSelection {
  events: readonly string[] | null;
  season: string | null;
  includePrivate?: boolean;
}

/** A bundle written, with how many events a viewer's key never lists went in or stayed out. */
export interface ExportedBundle {
  manifest: BundleManifest;
  privateEvents: number;
  unlistedEvents: number;
  /** Private and unlisted events of the selection left out, since they were not asked for. */
  hiddenLeftOut: number;
}

/** An event named in the selection that cannot go into a bundle, and why. */
export class EventNotExportableError extends BundleError {
  constructor(
    readonly eventId: string,
    reason: string,
  ) {
    super(`event ${eventId} cannot go into a bundle: ${reason}`);
    this.name = 'EventNotExportableError';
  }
}

interface SyncedRow {
  complete: number;
  last_success: string | null;
}

/** The service's copy of an event, never the edits standing on it: the shadow when there is one. */
interface ServiceCopy {
  row: EventRow;
  syncedAt: string;
}

/** The cache's reads a bundle needs, prepared once. */
class BundleReads {
  readonly eventIds;
  readonly shadow;
  readonly eventRow;
  readonly synced;
  readonly teamsOf;
  readonly matchesOf;
  readonly clipsOf;
  readonly listedTeam;
  readonly statsOf;
  readonly listedTeams;
  readonly statsSeasons;

  constructor(db: AppDatabase) {
    this.eventIds = db
      .prepare<[], string>(
        'SELECT id FROM events UNION SELECT event_id FROM event_shadows ORDER BY 1',
      )
      .pluck();
    this.shadow = db.prepare<[string], { record: string | null }>(
      'SELECT record FROM event_shadows WHERE event_id = ?',
    );
    this.eventRow = db.prepare<[string], EventRow>(
      `SELECT ${EVENT_ROW_COLUMNS} FROM events WHERE id = ?`,
    );
    this.synced = db.prepare<[string], SyncedRow>(
      // A copy taken from a venue share is as old as the share's copy (migration 9).
      `SELECT complete, coalesce(source_synced_at, last_success) AS last_success
      FROM sync_state WHERE resource = ?`,
    );
    this.teamsOf = db.prepare<[string], TeamRow>(`SELECT ${TEAM_COLUMNS} FROM registrations r
      JOIN teams t ON t.number = r.team_number WHERE r.event_id = ? ORDER BY t.number`);
    this.matchesOf = db.prepare<[string], MatchRow>(`SELECT ${MATCH_COLUMNS} FROM matches m
      WHERE m.event_id = ? ORDER BY m.type_rank, m.number, m.id`);
    this.clipsOf = db.prepare<[string], ClipRow>(`SELECT ${CLIP_COLUMNS} FROM clips c
      WHERE c.event_id = ? ORDER BY c.recorded_at DESC, c.id`);
    this.listedTeam = db.prepare<[number], TeamRow>(
      `SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.number = ? AND t.listed = 1`,
    );
    this.listedTeams = db.prepare<[], number>('SELECT number FROM teams WHERE listed = 1').pluck();
    this.statsSeasons = db.prepare<[], string>('SELECT DISTINCT season FROM team_stats').pluck();
    this.statsOf = db.prepare<[number, string], StatsRow>(
      `SELECT ${STATS_COLUMNS} FROM team_stats WHERE team_number = ? AND season = ?`,
    );
  }

  /** When a complete copy of `resource` was last synced; `null` for none. */
  syncedAt(resource: string): string | null {
    const state = this.synced.get(resource);
    return state?.complete === 1 ? state.last_success : null;
  }

  /** The service's copy of the event, or why there is none to hand over. */
  serviceCopy(eventId: string): ServiceCopy | string {
    if (isLocalEventCode(eventId)) return 'it was created here and the service has not named it';
    const shadow = this.shadow.get(eventId);
    let row: EventRow | null;
    if (shadow === undefined) row = this.eventRow.get(eventId) ?? null;
    else row = shadow.record === null ? null : (JSON.parse(shadow.record) as EventRow);
    if (row === null) return 'the cache holds no copy of the service’s';
    if (row.visibility === null || row.createdAt === null || row.updatedAt === null) {
      return 'its visibility is not known (sync with scope all, or open it once)';
    }
    const syncedAt = this.syncedAt(resourceKeys.event(eventId));
    if (syncedAt === null) return 'its own record was never synced';
    return { row, syncedAt };
  }
}

function eventRecord(row: EventRow, now: string): EventRecord {
  return {
    id: row.id,
    name: row.name,
    season: row.season,
    startDate: row.startDate,
    endDate: row.endDate,
    location: { venue: row.venue, city: row.city, state: row.state, country: row.country },
    status: statusAt(row.startDate, row.endDate, now),
    streamStatus: row.streamStatus,
    teamCount: row.teamCount,
    clipCount: row.clipCount,
    visibility: row.visibility ?? 'public',
    createdAt: row.createdAt ?? row.startDate,
    updatedAt: row.updatedAt ?? row.startDate,
  };
}

/** Whether a viewer's key sees the event in lists: what a bundle holds unless asked for more. */
function isPublic(copy: ServiceCopy): boolean {
  return copy.row.visibility === 'public';
}

interface ChosenEvents {
  events: Map<string, ServiceCopy>;
  hiddenLeftOut: number;
}

/** The events a selection names, in code order; a named one that cannot go is an error. */
function chosenEvents(reads: BundleReads, selection: BundleSelection): ChosenEvents {
  const events = new Map<string, ServiceCopy>();
  let hiddenLeftOut = 0;
  const named = selection.events === null ? null : new Set(selection.events);
  const candidates = named === null ? reads.eventIds.all() : [...named].sort();
  for (const eventId of candidates) {
    const copy = reads.serviceCopy(eventId);
    if (typeof copy === 'string') {
      if (named !== null) throw new EventNotExportableError(eventId, copy);
      continue;
    }
    if (selection.season !== null && copy.row.season !== selection.season) {
      if (named !== null) {
        throw new EventNotExportableError(eventId, `it is of season ${copy.row.season}`);
      }
      continue;
    }
    if (!isPublic(copy) && selection.includePrivate !== true) {
      if (named !== null) {
        throw new EventNotExportableError(
          eventId,
          `it is ${copy.row.visibility}, and private and unlisted events go in only when asked for (--include-private)`,
        );
      }
      hiddenLeftOut += 1;
      continue;
    }
    events.set(eventId, copy);
  }
  return { events, hiddenLeftOut };
}

/** What a bundle of the cache on `db` can hold: its seasons (newest first) and pinned events. */
export interface BundleContents {
  /** Per season, the events a viewer may see, and the private and unlisted ones (`hidden`). */
  seasons: { season: string; events: number; hidden: number }[];
  /** The pinned events that can go in, in code order: public ones, then the others. */
  pinned: string[];
  pinnedHidden: string[];
  /** Events that cannot, their visibility not known (synced as list entries only). */
  withoutRecord: number;
  /** Every event looked at, so that a change to any of them is known to change this. */
  looked: string[];
}

export function bundleContents(db: AppDatabase): BundleContents {
  const reads = new BundleReads(db);
  const pins = new Set(db.prepare<[], string>('SELECT event_id FROM pinned_events').pluck().all());
  const counts = new Map<string, { events: number; hidden: number }>();
  const pinned: string[] = [];
  const pinnedHidden: string[] = [];
  const looked: string[] = [];
  let withoutRecord = 0;
  db.transaction(() => {
    for (const eventId of reads.eventIds.all()) {
      if (isLocalEventCode(eventId)) continue;
      looked.push(eventId);
      const copy = reads.serviceCopy(eventId);
      if (typeof copy === 'string') {
        withoutRecord += 1;
        continue;
      }
      const count = counts.get(copy.row.season) ?? { events: 0, hidden: 0 };
      if (isPublic(copy)) count.events += 1;
      else count.hidden += 1;
      counts.set(copy.row.season, count);
      if (pins.has(eventId)) (isPublic(copy) ? pinned : pinnedHidden).push(eventId);
    }
  }).deferred();
  const seasons = [...counts].map(([season, count]) => ({ season, ...count }));
  seasons.sort((one, other) => other.season.localeCompare(one.season));
  return { seasons, pinned, pinnedHidden, withoutRecord, looked };
}

/**
 * Writes the chosen events of the cache on `db` to `file`, atomically, with their teams, matches,
 * clips and the statistics of their teams for their seasons: each as the service sent it, with the
 * time it was synced. What only this computer knows (edits not sent, favorites, pins, pick lists,
 * notes) never goes in. `db` is read inside one transaction, so a sync committing meanwhile does
 * not split the bundle between two states. `file` is refused when it is no place for a bundle
 * (`checkExportPlace`); it is only ever replaced whole, by a rename, once the bundle is written.
 */
export function exportBundle(
  db: AppDatabase,
  selection: BundleSelection,
  file: string,
  now: Date = new Date(),
): ExportedBundle {
  const service = new SettingsReader(db).copyOf();
  if (service === null) {
    throw new BundleError(
      'the cache has not been synced with a service yet; there is nothing to hand over',
    );
  }
  checkExportPlace(file);
  const reads = new BundleReads(db);
  const at = formatTimestamp(now);
  let writer: BundleFileWriter;
  try {
    writer = new BundleFileWriter(file);
  } catch (error) {
    throw asPlaceError(error, file);
  }
  const tally = { privateEvents: 0, unlistedEvents: 0, hiddenLeftOut: 0 };
  try {
    const read = db.transaction(() => {
      const { events, hiddenLeftOut } = chosenEvents(reads, selection);
      tally.hiddenLeftOut = hiddenLeftOut;
      const teams = new Set<number>();
      const seasons = new Set<string>();
      for (const [eventId, { row, syncedAt }] of events) {
        seasons.add(row.season);
        if (row.visibility === 'private') tally.privateEvents += 1;
        if (row.visibility === 'unlisted') tally.unlistedEvents += 1;
        writer.add({
          resource: resourceKeys.event(eventId),
          syncedAt,
          // As a viewer's list shows it, whatever key this copy was synced with.
          listed: row.listed === 1 && row.visibility === 'public',
          records: [eventRecord(row, at)],
        });
        const part = (name: 'teams' | 'matches' | 'clips', records: () => unknown[]) => {
          const resource = resourceKeys.eventPart(eventId, name);
          const partSynced = reads.syncedAt(resource);
          if (partSynced !== null)
            writer.add({ resource, syncedAt: partSynced, records: records() });
        };
        part('teams', () =>
          reads.teamsOf.all(eventId).map((team) => {
            teams.add(team.number);
            return toTeamListItem(team);
          }),
        );
        part('matches', () => reads.matchesOf.all(eventId).map(toMatchRecord));
        part('clips', () => reads.clipsOf.all(eventId).map(toClipRecord));
      }
      // A bundle of everything is the whole copy: teams at no event and every season's statistics.
      const everything = selection.events === null && selection.season === null;
      if (everything) {
        for (const number of reads.listedTeams.all()) teams.add(number);
        for (const season of reads.statsSeasons.all()) seasons.add(season);
      }
      const numbers = [...teams].sort((a, b) => a - b);
      const teamsSynced = reads.syncedAt('teams');
      if (teamsSynced !== null) {
        const listed = numbers.flatMap((number) => {
          const row = reads.listedTeam.get(number);
          return row === undefined ? [] : [toTeamListItem(row)];
        });
        if (listed.length > 0)
          writer.add({ resource: 'teams', syncedAt: teamsSynced, records: listed });
      }
      for (const number of numbers) {
        for (const season of [...seasons].sort()) {
          const resource = resourceKeys.teamStats(number, season);
          const syncedAt = reads.syncedAt(resource);
          const stats = reads.statsOf.get(number, season);
          if (syncedAt === null || stats === undefined) continue;
          writer.add({ resource, syncedAt, records: [toSeasonStats(stats)] });
        }
      }
    });
    read.deferred();
    const manifest = writer.finish({
      format: 'pitside-bundle',
      schemaVersion: CACHE_MIGRATIONS.length,
      createdAt: at,
      service,
      selection: {
        events: selection.events === null ? null : [...selection.events],
        season: selection.season,
      },
    });
    return { manifest, ...tally };
  } catch (error) {
    writer.abort();
    throw asPlaceError(error, file);
  }
}
