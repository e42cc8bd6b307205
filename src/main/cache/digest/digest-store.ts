import type { Statement } from 'better-sqlite3';
import type { Digest, DigestLine, DigestSync } from '../../../shared/ipc/digest';
import type { AppDatabase } from '../../storage/database';
import type { WriteQueue } from '../write-queue';

/** How many syncs the digest keeps: those that changed something (see `seal`). */
export const DIGEST_SYNCS = 20;

interface LineRow {
  sync_id: number;
  kind: DigestLine['kind'];
  event_id: string;
  event_name: string;
  match_id: string | null;
  team_number: number | null;
  field: DigestLine['field'];
  before: string | null;
  after: string | null;
}

const LINE_COLUMNS = `sync_id, kind, event_id, event_name, match_id, team_number, field, before,
  after`;

function lineOf(row: LineRow): DigestLine {
  return {
    kind: row.kind,
    eventId: row.event_id,
    eventName: row.event_name,
    matchId: row.match_id,
    teamNumber: row.team_number,
    field: row.field,
    before: row.before,
    after: row.after,
  };
}

/**
 * The digest as kept: each run's lines sealed under one row when it ends, the last
 * `DIGEST_SYNCS` of them, and how far the person has read.
 */
export class DigestStore {
  private readonly pendingCount: Statement<[], number>;
  private readonly insertSync: Statement<[string]>;
  private readonly claimPending: Statement<[number | bigint]>;
  private readonly prune: Statement<[number]>;
  private readonly syncs: Statement<[number], { id: number; finished_at: string }>;
  private readonly linesOf: Statement<[number], LineRow>;
  private readonly pendingLines: Statement<[], LineRow>;
  private readonly seen: Statement<[], { seen_at: string; sync_id: number }>;
  private readonly putSeen: Statement<[string, number]>;
  private readonly unseenCount: Statement<[number], number>;
  private readonly firstUnseen: Statement<[number], string>;
  private readonly lastSync: Statement<[], number>;

  constructor(
    reader: AppDatabase,
    writer: AppDatabase,
    private readonly queue: WriteQueue,
  ) {
    this.pendingCount = writer
      .prepare<[], number>('SELECT count(*) FROM digest_lines WHERE sync_id IS NULL')
      .pluck();
    this.insertSync = writer.prepare('INSERT INTO digest_syncs (finished_at) VALUES (?)');
    this.claimPending = writer.prepare('UPDATE digest_lines SET sync_id = ? WHERE sync_id IS NULL');
    this.prune = writer.prepare(`DELETE FROM digest_syncs WHERE id NOT IN
      (SELECT id FROM digest_syncs ORDER BY id DESC LIMIT ?)`);
    this.pendingLines = writer.prepare(
      `SELECT ${LINE_COLUMNS} FROM digest_lines WHERE sync_id IS NULL ORDER BY id`,
    );
    this.syncs = reader.prepare(
      'SELECT id, finished_at FROM digest_syncs ORDER BY id DESC LIMIT ?',
    );
    this.linesOf = reader.prepare(
      `SELECT ${LINE_COLUMNS} FROM digest_lines WHERE sync_id = ? ORDER BY id`,
    );
    this.seen = reader.prepare('SELECT seen_at, sync_id FROM digest_seen WHERE id = 1');
    this.putSeen = writer.prepare(`INSERT INTO digest_seen (id, seen_at, sync_id) VALUES (1, ?, ?)
      ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at, sync_id = excluded.sync_id`);
    this.unseenCount = reader
      .prepare<[number], number>('SELECT count(*) FROM digest_lines WHERE sync_id > ?')
      .pluck();
    this.firstUnseen = reader
      .prepare<[number], string>(
        'SELECT finished_at FROM digest_syncs WHERE id > ? ORDER BY id LIMIT 1',
      )
      .pluck();
    this.lastSync = writer
      .prepare<[], number>('SELECT coalesce(max(id), 0) FROM digest_syncs')
      .pluck();
  }

  /**
   * Seals the lines the run's writes recorded under one sync, and returns them. A run that
   * changed nothing followed keeps no entry: twenty quiet scheduled syncs must not push the one
   * that moved a match out of the digest.
   */
  seal(finishedAt: string): Promise<DigestLine[]> {
    return this.queue.run(() => {
      if (this.pendingCount.get() === 0) return [];
      const lines = this.pendingLines.all().map(lineOf);
      const id = this.insertSync.run(finishedAt).lastInsertRowid;
      this.claimPending.run(id);
      this.prune.run(DIGEST_SYNCS);
      this.queue.changes.record('digest');
      return lines;
    });
  }

  read(): Digest {
    const syncs: DigestSync[] = this.syncs.all(DIGEST_SYNCS).map((row) => ({
      id: row.id,
      finishedAt: row.finished_at,
      lines: this.linesOf.all(row.id).map(lineOf),
    }));
    const seen = this.seen.get();
    const after = seen?.sync_id ?? 0;
    const count = this.unseenCount.get(after) ?? 0;
    return {
      syncs,
      unseen: {
        count,
        since: count === 0 ? null : (seen?.seen_at ?? this.firstUnseen.get(after) ?? null),
      },
      builtFrom: ['digest'],
    };
  }

  /** The person opened the digest at `now`: the bar counts from the next sync on. */
  markSeen(now: string): Promise<number> {
    return this.queue.run(() => {
      const last = this.lastSync.get() ?? 0;
      if ((this.seen.get()?.sync_id ?? 0) === last) return last;
      this.putSeen.run(now, last);
      this.queue.changes.record('digest');
      return last;
    });
  }
}
