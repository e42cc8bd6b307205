import type { ResourceKey } from '../../shared/ipc/resources';
import type { SyncProblem, SyncStatus } from '../../shared/ipc/sync';

/** How long updates gather before they go out: a few pushes a second, however busy the run. */
const COALESCE_MS = 100;

/**
 * What a sync tells the rest of the app: its status, and which resources' copies changed. Both
 * are coalesced, because a run at scope `all` finishes tens of thousands of small pulls and the
 * renderer only needs to hear about them a few times a second.
 */
export class SyncReporter {
  private current: SyncStatus;
  private statusTimer: NodeJS.Timeout | null = null;
  private readonly changes = new Set<ResourceKey>();
  private changeTimer: NodeJS.Timeout | null = null;

  constructor(
    initial: SyncStatus,
    private readonly onStatus: (status: SyncStatus) => void = () => {},
    private readonly onChange: (keys: ResourceKey[]) => void = () => {},
  ) {
    this.current = initial;
  }

  get status(): SyncStatus {
    return this.current;
  }

  /** Merges `update` into the status; it goes out with the next coalesced push. */
  update(update: Partial<SyncStatus>): void {
    this.current = { ...this.current, ...update };
    this.statusTimer ??= setTimeout(() => this.pushStatus(), COALESCE_MS);
  }

  /** A run ended: no progress any more, and the news goes out at once. */
  finish(state: SyncStatus['state'], problem: SyncProblem | null): void {
    this.current = { ...this.current, state, problem, progress: null };
    this.pushStatus();
  }

  pushStatus(): void {
    if (this.statusTimer !== null) clearTimeout(this.statusTimer);
    this.statusTimer = null;
    this.onStatus(this.current);
  }

  changed(key: ResourceKey): void {
    this.changes.add(key);
    this.changeTimer ??= setTimeout(() => this.pushChanges(), COALESCE_MS);
  }

  pushChanges(): void {
    if (this.changeTimer !== null) clearTimeout(this.changeTimer);
    this.changeTimer = null;
    if (this.changes.size === 0) return;
    const keys = [...this.changes];
    this.changes.clear();
    this.onChange(keys);
  }
}
