import type { CacheResource } from '../../shared/ipc/resources';

/** Where writes say which resources their rows belong to; `NO_CHANGE_LOG` for writes unheard. */
export interface ChangeRecorder {
  record(...resources: CacheResource[]): void;
}

export const NO_CHANGE_LOG: ChangeRecorder = { record: () => {} };

/**
 * The resources changed by the transaction that is open, as the writes inside it report them.
 * The write queue publishes them when the transaction commits and forgets them when it rolls
 * back; a savepoint that rolls back takes back only what was recorded since its `mark`.
 * So a notice names exactly what a commit changed, and a commit that changed no rows sends none.
 */
export class ChangeLog implements ChangeRecorder {
  private recorded: CacheResource[] = [];

  record(...resources: CacheResource[]): void {
    this.recorded.push(...resources);
  }

  mark(): number {
    return this.recorded.length;
  }

  rollbackTo(mark: number): void {
    this.recorded.length = mark;
  }

  /** What the transaction changed, each resource once, and a clean log for the next one. */
  take(): CacheResource[] {
    const changed = [...new Set(this.recorded)];
    this.recorded = [];
    return changed;
  }
}
