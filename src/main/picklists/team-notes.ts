import type { Statement } from 'better-sqlite3';
import type { TeamNote } from '../../shared/ipc/picklists';
import type { CacheResource } from '../../shared/ipc/resources';
import type { WriteQueue } from '../cache/write-queue';
import type { AppDatabase } from '../storage/database';

const BUILT_FROM: CacheResource[] = ['notes'];

/** Private notes per team, kept like favorites: in this profile's cache, through "Clear cache". */
export class TeamNotes {
  private readonly one: Statement<[number], { note: string; updated_at: string }>;
  private readonly every: Statement<[], { team_number: number; note: string }>;
  private readonly upsert: Statement<[number, string, string]>;
  private readonly erase: Statement<[number]>;

  constructor(
    reader: AppDatabase,
    writer: AppDatabase,
    private readonly queue: WriteQueue,
    private readonly now: () => Date,
  ) {
    this.one = reader.prepare('SELECT note, updated_at FROM team_notes WHERE team_number = ?');
    this.every = reader.prepare('SELECT team_number, note FROM team_notes');
    this.upsert = writer.prepare(
      `INSERT INTO team_notes (team_number, note, updated_at) VALUES (?, ?, ?)
      ON CONFLICT (team_number) DO UPDATE SET note = excluded.note, updated_at = excluded.updated_at
      WHERE note IS NOT excluded.note`,
    );
    this.erase = writer.prepare('DELETE FROM team_notes WHERE team_number = ?');
  }

  get(teamNumber: number): TeamNote {
    const row = this.one.get(teamNumber);
    return {
      teamNumber,
      note: row?.note ?? '',
      updatedAt: row?.updated_at ?? null,
      builtFrom: BUILT_FROM,
    };
  }

  /** Every team's note by number, for the teams' files. */
  all(): Map<number, string> {
    return new Map(this.every.all().map((row) => [row.team_number, row.note]));
  }

  /** Saves the note as typed; blank text removes it. */
  async set(teamNumber: number, note: string): Promise<TeamNote> {
    await this.queue.run(() => {
      const { changes } =
        note.trim() === ''
          ? this.erase.run(teamNumber)
          : this.upsert.run(teamNumber, note, this.now().toISOString());
      if (changes > 0) this.queue.changes.record('notes');
    });
    return this.get(teamNumber);
  }
}
