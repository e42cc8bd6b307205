import type { Statement } from 'better-sqlite3';
import { parseResourceKey, type ResourceKey } from '../../shared/ipc/resources';
import type { AppDatabase } from '../storage/database';
import { NO_CHANGE_LOG, type ChangeRecorder } from './change-log';
import { DigestRecorder } from './digest/digest-recorder';
import { EventPartRows } from './rows/event-part-rows';
import { NO_OVERLAY, type EventRowOverlay, type EventRowOverlayOf } from './rows/event-row-overlay';
import { EventRows } from './rows/event-rows';
import { TeamPartRows } from './rows/team-part-rows';
import { TeamRows } from './rows/team-rows';
import { SyncStateWriter } from './sync-state-writes';

type HeldKind = 'events' | 'teams' | 'teams_of_event' | 'matches' | 'clips';
/** Named, since better-sqlite3 binds `?1` as a name; a statement may leave `eventId` unused. */
type HeldParams = { eventId: string; id: string };

/**
 * The cache's writes, one repository per resource, their statements prepared once. Each method is
 * synchronous and small enough to be one batch of a write session; the sync engine decides how
 * they group into transactions.
 *
 * Upserts only touch a row whose content differs (the `WHERE … IS NOT …` of each DO UPDATE), so a
 * pull that brings nothing new writes nothing, and `changes` says whether anything did. Every
 * row that did change is recorded under the resources it belongs to (`CacheResource`), which
 * is what the commit's change notice will name; bookkeeping (ETags, sync times) is not.
 */
export class CacheWriter {
  readonly events: EventRows;
  readonly teams: TeamRows;
  readonly eventParts: EventPartRows;
  readonly teamParts: TeamPartRows;
  /** What keeps the rows of events with edits standing (the outbox's, see `OutboxWriter`). */
  readonly overlay: EventRowOverlay;
  /** The copy's bookkeeping: sync state, validators, what was learned of the service. */
  readonly syncState: SyncStateWriter;
  private readonly heldStatements: Record<HeldKind, Statement<[HeldParams], number>>;
  private readonly movePin: Statement<[string, string]>;
  private readonly putAlias: Statement<[string, string]>;
  private readonly aliasTargets: Statement<[], string>;

  /** With no overlay, the cache is written as the service sends it. */
  constructor(
    db: AppDatabase,
    private readonly changes: ChangeRecorder = NO_CHANGE_LOG,
    overlayOf: EventRowOverlayOf = () => NO_OVERLAY,
  ) {
    this.syncState = new SyncStateWriter(db, changes);
    this.overlay = overlayOf((eventId) => this.events.removeRow(eventId));
    const digest = new DigestRecorder(db);
    this.events = new EventRows(db, changes, this.syncState, this.overlay, digest);
    this.teams = new TeamRows(db, changes);
    this.eventParts = new EventPartRows(db, changes, this.teams, digest);
    this.teamParts = new TeamPartRows(db, changes);
    this.movePin = db.prepare('UPDATE OR IGNORE pinned_events SET event_id = ? WHERE event_id = ?');
    this.putAlias = db.prepare(
      'INSERT OR REPLACE INTO event_aliases (local_id, event_id) VALUES (?, ?)',
    );
    this.aliasTargets = db.prepare<[], string>('SELECT event_id FROM event_aliases').pluck();
    const held = (sql: string) => db.prepare<[HeldParams], number>(sql).pluck();
    this.heldStatements = {
      events: held('SELECT count(*) FROM events WHERE id = @id AND listed = 1'),
      teams: held('SELECT count(*) FROM teams WHERE number = CAST(@id AS INTEGER) AND listed = 1'),
      teams_of_event: held(`SELECT count(*) FROM registrations
        WHERE event_id = @eventId AND team_number = CAST(@id AS INTEGER)`),
      matches: held('SELECT count(*) FROM matches WHERE event_id = @eventId AND id = @id'),
      clips: held('SELECT count(*) FROM clips WHERE event_id = @eventId AND id = @id'),
    };
  }

  /**
   * An event created here got its code from the service: its pin moves to that code, the
   * temporary code is kept as an alias, and the temporary row goes (the caller writes the real one).
   */
  renameEvent(from: string, to: string): void {
    if (this.movePin.run(to, from).changes > 0) this.changes.record('pins');
    this.putAlias.run(from, to);
    this.events.removeRow(from);
  }

  /** Events the service created for edits made here: no other create may claim them. */
  claimedEventIds(): Set<string> {
    return new Set(this.aliasTargets.all());
  }

  /**
   * How many of `ids` (records the service listed but we could not read) the copy of `resource`
   * still holds from before; a fetched copy (a team's part) never keeps them.
   */
  countHeld(resource: ResourceKey, ids: readonly string[]): number {
    const parsed = parseResourceKey(resource);
    let kind: HeldKind | null = null;
    let eventId = '';
    if (parsed?.kind === 'events' || parsed?.kind === 'teams') kind = parsed.kind;
    else if (parsed?.kind === 'eventPart') {
      kind = parsed.part === 'teams' ? 'teams_of_event' : parsed.part;
      eventId = parsed.eventId;
    }
    if (kind === null) return 0;
    const statement = this.heldStatements[kind];
    return ids.reduce((count, id) => count + (statement.get({ eventId, id }) ?? 0), 0);
  }
}
