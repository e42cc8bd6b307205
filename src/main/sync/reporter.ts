import type { SyncProblem, SyncStatus } from '../../shared/ipc/sync';

/** How long updates gather before they go out: a few pushes a second, however busy the run. */
const COALESCE_MS = 100;

/**
 * What a sync tells the rest of the app about itself: its status and progress, coalesced,
 * because a run at scope `all` finishes tens of thousands of small pulls and the renderer only
 * needs to hear about them a few times a second. (What changed in the cache is told by the
 * write queue, after each commit: see `ChangeNotices`.)
 */
export class SyncReporter {
  private current: SyncStatus;
  private statusTimer: NodeJS.Timeout | null = null;

  constructor(
    initial: SyncStatus,
    private readonly onStatus: (status: SyncStatus) => void = () => {},
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
}
