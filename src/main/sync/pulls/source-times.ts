import { readSyncedAt, SYNCED_AT_HEADER } from '../../../shared/wire/synced-at';

/**
 * When the source of each resource pulled in a run synced it, where the source says so: a venue
 * share sends the time its laptop synced each answer from the service. A list is as old as its
 * oldest page. Taken when the resource's copy is committed.
 */
export class SourceTimes {
  private readonly oldest = new Map<string, string>();

  constructor(private readonly now: () => Date) {}

  note(resource: string, headers: Headers): void {
    const time = readSyncedAt(headers.get(SYNCED_AT_HEADER), this.now());
    if (time === null) return;
    const known = this.oldest.get(resource);
    if (known === undefined || time < known) this.oldest.set(resource, time);
  }

  /** The source's time for `resource` (`null`: the service answered itself), forgotten after. */
  take(resource: string): string | null {
    const time = this.oldest.get(resource) ?? null;
    this.oldest.delete(resource);
    return time;
  }
}
