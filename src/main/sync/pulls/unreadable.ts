import type { UnreadableRecord } from '../../../shared/wire/readable-list';

/** The ids of the unreadable records that have one: the records whose held copy stays. */
export function idsOf(unreadable: readonly UnreadableRecord[]): string[] {
  return unreadable.flatMap((record) => (record.id === null ? [] : [record.id]));
}
