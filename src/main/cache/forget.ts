import { KEPT_COPY_OF } from '../settings/settings-store';
import type { AppDatabase } from '../storage/database';
import type { WriteQueue, WriteSession } from './write-queue';

/** Rows per step: deleting cascades to matches and clips, so events go a few dozen at a time. */
const CHUNKS: readonly { sql: string }[] = [
  { sql: 'DELETE FROM events WHERE rowid IN (SELECT rowid FROM events LIMIT 40)' },
  { sql: 'DELETE FROM teams WHERE number IN (SELECT number FROM teams LIMIT 1000)' },
  {
    sql: `DELETE FROM team_stats WHERE (team_number, season) IN
      (SELECT team_number, season FROM team_stats LIMIT 2000)`,
  },
  {
    sql: `DELETE FROM fetched_records WHERE (resource, position) IN
      (SELECT resource, position FROM fetched_records LIMIT 2000)`,
  },
  { sql: 'DELETE FROM sync_state WHERE resource IN (SELECT resource FROM sync_state LIMIT 2000)' },
  { sql: 'DELETE FROM etags WHERE url IN (SELECT url FROM etags LIMIT 2000)' },
  // What the digest says of the old service's copy is not news of the new one.
  { sql: 'DELETE FROM digest_syncs WHERE id IN (SELECT id FROM digest_syncs LIMIT 2000)' },
  { sql: 'DELETE FROM digest_lines WHERE id IN (SELECT id FROM digest_lines LIMIT 2000)' },
  {
    sql: `DELETE FROM digest_event_status WHERE event_id IN
      (SELECT event_id FROM digest_event_status LIMIT 2000)`,
  },
  // The service's copies under edited events go with the rest of the copy; the edits themselves
  // stay, and the next pull of each event gives it a shadow again (see `EventOverlay`).
  {
    sql: `DELETE FROM event_shadows WHERE event_id IN
      (SELECT event_id FROM event_shadows LIMIT 2000)`,
  },
];

/**
 * Empties everything synced from a service, in one transaction of many short steps: the views see
 * the old service's data until the commit and an empty cache after it, never a mix. Favorites,
 * pins, pick lists, team notes, settings and the outbox of edits are the person's own and stay;
 * `Outbox.restore` puts the edits back on screen.
 */
export async function forgetSyncedData(writer: AppDatabase, queue: WriteQueue): Promise<void> {
  await queue.session((session) => forgetInSession(writer, queue, session));
}

/**
 * The same, as steps of a write session already open: a new service's first resource replaces
 * the copy this way, in the transaction that writes it. A copy kept for a change of service
 * (`KEPT_COPY_OF`) is gone with it, so nothing is left to replace.
 */
export async function forgetInSession(
  writer: AppDatabase,
  queue: WriteQueue,
  session: WriteSession,
): Promise<void> {
  const statements = CHUNKS.map(({ sql }) => writer.prepare(sql));
  const unkept = writer.prepare('DELETE FROM settings WHERE name = ?');
  let deleted = 0;
  for (const statement of statements) {
    let chunk: number;
    // Each step deletes one chunk; the loop ends at the first empty one.
    while ((chunk = await session.step(() => statement.run().changes)) > 0) deleted += chunk;
  }
  if (deleted > 0) queue.changes.record('all');
  if (await session.step(() => unkept.run(KEPT_COPY_OF).changes > 0)) {
    queue.changes.record('settings');
  }
}
