import Database from 'better-sqlite3';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Beside the demo service's store: the instant its data was made, as ISO 8601. */
export const DEMO_MADE_FILE = 'service.made';

/**
 * How old the demo's data may get before a start makes it again: the live events are timed
 * around the instant the data was made, so after this long they would read as running late.
 */
const FRESH_FOR_MS = 60 * 60_000;

export type DemoRenewal =
  /** No store yet: the service makes one now. */
  | 'new'
  /** The store is kept: made within the hour, or someone's edits are in it. */
  | 'kept'
  /** The store was stale and untouched: it was removed, and the service makes it again. */
  | 'renewed';

/**
 * Makes the demo's data again at a start when it is over an hour old and nobody has written to it,
 * so that a person who opens the demo tomorrow, or this evening, finds an event under way then.
 * A store with an organizer's edits (an event created, changed or deleted through the service) is
 * the person's work, and is kept as it is, however old. A store without the made-at file (from a
 * Pitside before this one) counts as made long ago.
 */
export function renewStaleDemo(
  directory: string,
  store: string,
  now: Date,
  nativeBinding?: string,
): DemoRenewal {
  const file = join(directory, store);
  if (!existsSync(file)) return 'new';
  const madeMs = madeAt(directory);
  if (now.getTime() - madeMs < FRESH_FOR_MS) return 'kept';
  if (written(file, madeMs, nativeBinding)) return 'kept';
  // Nobody has the store open: the app holds the whole data directory while it runs.
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  return 'renewed';
}

/** Records when the demo's data was made; called once the service has made it. */
export function markDemoMade(directory: string, now: Date): void {
  writeFileSync(join(directory, DEMO_MADE_FILE), `${now.toISOString()}\n`, { mode: 0o600 });
}

function madeAt(directory: string): number {
  try {
    const made = Date.parse(readFileSync(join(directory, DEMO_MADE_FILE), 'utf8').trim());
    return Number.isNaN(made) ? 0 : made;
  } catch {
    return 0;
  }
}

/**
 * Whether an event was written through the service since the data was made: created or changed
 * (its `updated_at` no earlier than the making: the data it made is all older), or deleted (an id issued that no event holds).
 */
function written(file: string, madeMs: number, nativeBinding?: string): boolean {
  const db = new Database(file, {
    readonly: true,
    fileMustExist: true,
    ...(nativeBinding === undefined ? {} : { nativeBinding }),
  });
  try {
    const since = new Date(madeMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const changed = db.prepare('SELECT 1 FROM events WHERE updated_at >= ? LIMIT 1').get(since);
    const [issued, held] = [
      db.prepare('SELECT count(*) FROM issued_event_ids').pluck().get(),
      db.prepare('SELECT count(*) FROM events').pluck().get(),
    ] as number[];
    return changed !== undefined || (issued ?? 0) > (held ?? 0);
  } finally {
    db.close();
  }
}
