import type { Statement } from 'better-sqlite3';
import type { z } from 'zod';
import type { ResourceKey } from '../../../shared/ipc/resources';
import type { AppDatabase } from '../../storage/database';
import { PerCommit } from './per-commit';

const KEEP_PARSED = 16;

/**
 * Team sub-resources as the service answered them (`fetched_records`), read back whole and parsed
 * with their wire schema: a row that no longer parses (a file from an older build, a damaged
 * page) makes the copy count as absent rather than reach a view.
 *
 * Paging through a long list reads the same copy again and again, so the last few parsed copies
 * are kept until the writer commits again.
 */
export class FetchedCopies {
  private readonly selectRecords: Statement<[string], string>;
  private readonly parsed: PerCommit<ResourceKey, unknown[] | null>;

  constructor(db: AppDatabase) {
    this.selectRecords = db
      .prepare<[string], string>(
        'SELECT record FROM fetched_records WHERE resource = ? ORDER BY position',
      )
      .pluck();
    this.parsed = new PerCommit(db, KEEP_PARSED);
  }

  /** The records in service order (none held: empty), `null` when they do not parse. */
  read<Item>(resource: ResourceKey, schema: z.ZodType<Item>): Item[] | null {
    const records = this.parsed.get(resource, () => this.load(resource, schema));
    // A resource key names one kind of record (`team:254:clips` holds clips), so the copy kept
    // under it was parsed with this same schema.
    return records as Item[] | null;
  }

  private load<Item>(resource: ResourceKey, schema: z.ZodType<Item>): Item[] | null {
    const texts = this.selectRecords.all(resource);
    const records: Item[] = [];
    for (const text of texts) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return null;
      }
      const record = schema.safeParse(value);
      if (!record.success) return null;
      records.push(record.data);
    }
    return records;
  }
}
