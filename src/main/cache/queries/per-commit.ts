import type { Statement } from 'better-sqlite3';
import type { AppDatabase } from '../../storage/database';

/**
 * Answers derived from the cache that are costly to derive and asked for again and again (every
 * page of a list, every keystroke), kept until the cache changes.
 *
 * The reader's `PRAGMA data_version` changes exactly when another connection (the writer, in this
 * process or another) has committed, so it is read on every call and everything kept is dropped
 * when it moved. The version is read before the answer is derived: a commit landing in between
 * leaves an answer at least as new as the version it is kept under, which the next call replaces.
 *
 * At most `capacity` answers are kept; past that the oldest goes, so that keys built from what a
 * person types cannot grow it without bound.
 */
export class PerCommit<Key, Value> {
  private readonly selectDataVersion: Statement<[], number>;
  /** Boxed, so that a kept `undefined` or `null` is told apart from nothing kept. */
  private readonly values = new Map<Key, { value: Value }>();
  private version: number | null = null;

  constructor(
    db: AppDatabase,
    private readonly capacity: number,
  ) {
    this.selectDataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  get(key: Key, derive: () => Value): Value {
    const version = this.selectDataVersion.get() ?? 0;
    if (version !== this.version) {
      this.values.clear();
      this.version = version;
    }
    const kept = this.values.get(key);
    if (kept !== undefined) return kept.value;
    const value = derive();
    if (this.values.size >= this.capacity) {
      const oldest = this.values.keys().next();
      if (oldest.done !== true) this.values.delete(oldest.value);
    }
    this.values.set(key, { value });
    return value;
  }
}
