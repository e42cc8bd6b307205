import type { Statement } from 'better-sqlite3';
import { PICK_LIST_TEAMS_MAX, type PickEntry, type PickList } from '../../shared/ipc/picklists';
import type { WriteQueue } from '../cache/write-queue';
import { IpcFailure } from '../ipc/failure';
import type { AppDatabase } from '../storage/database';

interface ListRow {
  id: number;
  event_id: string;
  name: string;
  used_at: string;
}

interface EntryRow {
  team_number: number;
  note: string;
  picked: number;
}

const LIST_COLUMNS = 'id, event_id, name, used_at';
const ENTRY_COLUMNS = 'team_number, note, picked';

/**
 * Pick lists per event, in the cache's writer like favorites, so each profile keeps its own and
 * "Clear cache" leaves them. Every change goes through the write queue and says `picklists`.
 */
export class PickLists {
  private readonly ofEvent: Statement<[string], ListRow>;
  private readonly everyList: Statement<[], ListRow>;
  private readonly entriesOf: Statement<[number], EntryRow>;
  private readonly oneList: Statement<[number], ListRow>;
  private readonly listById: Statement<[number], ListRow>;
  private readonly named: Statement<[string, string], number>;
  private readonly insertList: Statement<[string, string, string]>;
  private readonly renameList: Statement<[string, string, number]>;
  private readonly touchList: Statement<[string, number]>;
  private readonly deleteList: Statement<[number]>;
  private readonly moveEvent: Statement<[string, string]>;
  private readonly entryCount: Statement<[number], number>;
  private readonly hasEntry: Statement<[number, number], number>;
  private readonly insertEntry: Statement<[number, number, number]>;
  private readonly deleteEntry: Statement<[number, number]>;
  private readonly orderOf: Statement<[number], number>;
  private readonly placeEntry: Statement<[number, number, number]>;
  private readonly pickEntry: Statement<[number, number, number]>;
  private readonly noteEntry: Statement<[string, number, number]>;

  constructor(
    reader: AppDatabase,
    writer: AppDatabase,
    private readonly queue: WriteQueue,
    private readonly now: () => Date,
  ) {
    this.ofEvent = reader.prepare(
      `SELECT ${LIST_COLUMNS} FROM pick_lists WHERE event_id = ? ORDER BY id`,
    );
    this.everyList = reader.prepare(
      `SELECT ${LIST_COLUMNS} FROM pick_lists ORDER BY used_at DESC, id DESC`,
    );
    this.entriesOf = reader.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM pick_entries WHERE list_id = ? ORDER BY position, team_number`,
    );
    this.oneList = reader.prepare(`SELECT ${LIST_COLUMNS} FROM pick_lists WHERE id = ?`);
    // The writes read on the writer: they must see the transaction they run in.
    this.listById = writer.prepare(`SELECT ${LIST_COLUMNS} FROM pick_lists WHERE id = ?`);
    this.named = writer
      .prepare<[string, string], number>(
        'SELECT id FROM pick_lists WHERE event_id = ? AND name = ? COLLATE NOCASE',
      )
      .pluck();
    this.insertList = writer.prepare(
      'INSERT INTO pick_lists (event_id, name, used_at) VALUES (?, ?, ?)',
    );
    this.renameList = writer.prepare('UPDATE pick_lists SET name = ?, used_at = ? WHERE id = ?');
    this.touchList = writer.prepare('UPDATE pick_lists SET used_at = ? WHERE id = ?');
    this.deleteList = writer.prepare('DELETE FROM pick_lists WHERE id = ?');
    // A list whose name the event already has under its new code stays under the old one.
    this.moveEvent = writer.prepare(
      'UPDATE OR IGNORE pick_lists SET event_id = ? WHERE event_id = ?',
    );
    this.entryCount = writer
      .prepare<[number], number>('SELECT count(*) FROM pick_entries WHERE list_id = ?')
      .pluck();
    this.hasEntry = writer
      .prepare<[number, number], number>(
        'SELECT 1 FROM pick_entries WHERE list_id = ? AND team_number = ?',
      )
      .pluck();
    this.insertEntry = writer.prepare(
      `INSERT INTO pick_entries (list_id, team_number, position)
      VALUES (?, ?, (SELECT coalesce(max(position), -1) + 1 FROM pick_entries WHERE list_id = ?))`,
    );
    this.deleteEntry = writer.prepare(
      'DELETE FROM pick_entries WHERE list_id = ? AND team_number = ?',
    );
    this.orderOf = writer
      .prepare<[number], number>(
        'SELECT team_number FROM pick_entries WHERE list_id = ? ORDER BY position, team_number',
      )
      .pluck();
    this.placeEntry = writer.prepare(
      'UPDATE pick_entries SET position = ? WHERE list_id = ? AND team_number = ?',
    );
    this.pickEntry = writer.prepare(
      'UPDATE pick_entries SET picked = ? WHERE list_id = ? AND team_number = ?',
    );
    this.noteEntry = writer.prepare(
      'UPDATE pick_entries SET note = ? WHERE list_id = ? AND team_number = ?',
    );
  }

  /** An event's lists in the order they were made; without an event, all, last used first. */
  lists(eventId?: string): PickList[] {
    const rows = eventId === undefined ? this.everyList.all() : this.ofEvent.all(eventId);
    return rows.map((row) => this.toList(row));
  }

  /** One list as it stands, for its file. */
  list(listId: number): PickList {
    const row = this.oneList.get(listId);
    if (row === undefined) throw gone();
    return this.toList(row);
  }

  create(eventId: string, name: string): Promise<number> {
    return this.change(() => {
      this.refuseTaken(eventId, name, null);
      return Number(this.insertList.run(eventId, name, this.stamp()).lastInsertRowid);
    });
  }

  rename(listId: number, name: string): Promise<void> {
    return this.change(() => {
      const list = this.existing(listId);
      this.refuseTaken(list.event_id, name, listId);
      this.renameList.run(name, this.stamp(), listId);
    });
  }

  delete(listId: number): Promise<void> {
    return this.change(() => {
      this.existing(listId);
      this.deleteList.run(listId);
    });
  }

  add(listId: number, teamNumber: number): Promise<void> {
    return this.change(() => {
      const list = this.used(listId);
      if (this.hasEntry.get(listId, teamNumber) !== undefined) {
        throw new IpcFailure('conflict', `Team ${teamNumber} is already on ${list.name}.`);
      }
      if (this.entryCount.get(listId)! >= PICK_LIST_TEAMS_MAX) {
        throw new IpcFailure(
          'invalid_input',
          `${list.name} is full: a pick list holds at most ${PICK_LIST_TEAMS_MAX} teams.`,
        );
      }
      this.insertEntry.run(listId, teamNumber, listId);
    });
  }

  remove(listId: number, teamNumber: number): Promise<void> {
    return this.change(() => {
      this.entry(listId, teamNumber);
      this.deleteEntry.run(listId, teamNumber);
    });
  }

  /** Moves a team to index `to`; the others keep their order around it. */
  move(listId: number, teamNumber: number, to: number): Promise<void> {
    return this.change(() => {
      this.entry(listId, teamNumber);
      const order = this.orderOf.all(listId).filter((number) => number !== teamNumber);
      order.splice(Math.min(to, order.length), 0, teamNumber);
      order.forEach((number, position) => this.placeEntry.run(position, listId, number));
    });
  }

  setEntry(
    listId: number,
    teamNumber: number,
    change: { picked?: boolean; note?: string },
  ): Promise<void> {
    return this.change(() => {
      this.entry(listId, teamNumber);
      if (change.picked !== undefined) {
        this.pickEntry.run(change.picked ? 1 : 0, listId, teamNumber);
      }
      if (change.note !== undefined) this.noteEntry.run(change.note, listId, teamNumber);
    });
  }

  /** An event created here got the service's code: its lists go with it. */
  async followEvent(from: string, to: string): Promise<void> {
    await this.queue.run(() => {
      if (this.moveEvent.run(to, from).changes > 0) this.queue.changes.record('picklists');
    });
  }

  private change<Result>(work: () => Result): Promise<Result> {
    return this.queue.run(() => {
      const result = work();
      this.queue.changes.record('picklists');
      return result;
    });
  }

  private toList(row: ListRow): PickList {
    const entries: PickEntry[] = this.entriesOf.all(row.id).map((entry) => ({
      teamNumber: entry.team_number,
      note: entry.note,
      picked: entry.picked === 1,
    }));
    return { id: row.id, eventId: row.event_id, name: row.name, entries, usedAt: row.used_at };
  }

  private stamp(): string {
    return this.now().toISOString();
  }

  private existing(listId: number): ListRow {
    const row = this.listById.get(listId);
    if (row === undefined) throw gone();
    return row;
  }

  /** The list, marked as the one used last. */
  private used(listId: number): ListRow {
    const row = this.existing(listId);
    this.touchList.run(this.stamp(), listId);
    return row;
  }

  private entry(listId: number, teamNumber: number): void {
    const list = this.used(listId);
    if (this.hasEntry.get(listId, teamNumber) === undefined) {
      throw new IpcFailure('not_found', `Team ${teamNumber} is not on ${list.name}.`);
    }
  }

  private refuseTaken(eventId: string, name: string, self: number | null): void {
    const taken = this.named.get(eventId, name);
    if (taken !== undefined && taken !== self) {
      throw new IpcFailure('conflict', `This event already has a pick list named ${name}.`, [
        { field: 'name', issue: 'already used at this event' },
      ]);
    }
  }
}

function gone(): IpcFailure {
  return new IpcFailure('not_found', 'That pick list is gone: it was deleted.');
}
