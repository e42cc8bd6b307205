import { z } from 'zod';
import { listMetaSchema, type ListEnvelope } from './envelopes';

/** A record of a list that the client could not read: what it is called, and why. */
export interface UnreadableRecord {
  /** The record's `id` (or a team's `number`) as text, when even that could be read. */
  id: string | null;
  /** The first thing wrong with it, with the field's path: `endDate: Invalid ISO datetime`. */
  reason: string;
}

/** A page of a list as the client reads it: the records it could read, and the others. */
export interface ReadableList<Item> extends ListEnvelope<Item> {
  unreadable: UnreadableRecord[];
}

function idOf(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { id, number } = raw as { id?: unknown; number?: unknown };
  if (typeof id === 'string') return id;
  if (typeof number === 'number' && Number.isSafeInteger(number)) return String(number);
  return null;
}

function reasonOf(issues: readonly z.core.$ZodIssue[]): string {
  const [first] = issues;
  if (first === undefined) return 'unreadable';
  const path = first.path.map(String).join('.');
  return path === '' ? first.message : `${path}: ${first.message}`;
}

/**
 * A list page checked as an envelope first, then record by record: a page whose envelope is
 * sound keeps every record it can read, and names the others. One record another (or an older)
 * service writes differently then costs that record, not the list.
 */
export function readableListSchema<Item extends z.ZodType>(item: Item) {
  return z
    .object({ data: z.array(z.unknown()), meta: listMetaSchema })
    .transform(({ data, meta }): ReadableList<z.output<Item>> => {
      const read: z.output<Item>[] = [];
      const unreadable: UnreadableRecord[] = [];
      for (const raw of data) {
        const parsed = item.safeParse(raw);
        if (parsed.success) read.push(parsed.data);
        else unreadable.push({ id: idOf(raw), reason: reasonOf(parsed.error.issues) });
      }
      return { data: read, meta, unreadable };
    });
}
