import type { CacheResource } from '../../shared/ipc/resources';

/** How long changes gather before they go out: a few notices a second, however busy a sync. */
const COALESCE_MS = 100;

/**
 * Gathers what commits changed and tells the renderer in one `cache:changed` notice every
 * `COALESCE_MS` at most: a sync at scope `all` commits dozens of times a second, and a view only
 * needs to re-read once for all of them. Nothing changed, nothing sent.
 */
export class ChangeNotices {
  private readonly pending = new Set<CacheResource>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly send: (resources: CacheResource[]) => void) {}

  add(resources: readonly CacheResource[]): void {
    for (const resource of resources) this.pending.add(resource);
    if (this.pending.size > 0) this.timer ??= setTimeout(() => this.flush(), COALESCE_MS);
  }

  /** Sends what is gathered now (and at close, so the last commit is never left untold). */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const resources = [...this.pending];
    this.pending.clear();
    this.send(resources);
  }
}
