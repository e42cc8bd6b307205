import { createStore, type StoreApi } from 'zustand/vanilla';

/** How long "Event deleted · Undo" stays before the deletion is queued. */
export const UNDO_WINDOW_MS = 5_000;

export interface PendingDelete {
  eventId: string;
  eventName: string;
}

export interface PendingDeletesState {
  pending: PendingDelete[];
  /**
   * Starts the undo window; the deletion is queued when it ends, then `onQueued` runs. A second
   * request for the same event while one waits changes nothing.
   */
  schedule: (target: PendingDelete, onQueued?: () => void) => void;
  /** Takes a waiting deletion back: nothing was queued, nothing will be. */
  undo: (eventId: string) => void;
  /** Queues every waiting deletion now: the page is going away, and the organizer confirmed. */
  flush: () => void;
}

export interface PendingDeletesOptions {
  /** Queues the deletion (the outbox's `events:delete`). */
  remove: (eventId: string) => Promise<unknown>;
  onQueued: (target: PendingDelete, result: unknown) => void;
  onFailed: (target: PendingDelete, error: unknown) => void;
  windowMs?: number;
}

/**
 * Deletions confirmed but not yet queued. The outbox sends a queued deletion with the next sync
 * and a deletion cannot be taken back from the service, so a confirmed one first waits a few
 * seconds here, in memory, where Undo costs nothing.
 */
export function createPendingDeletes({
  remove,
  onQueued,
  onFailed,
  windowMs = UNDO_WINDOW_MS,
}: PendingDeletesOptions): StoreApi<PendingDeletesState> {
  const timers = new Map<string, { timer: ReturnType<typeof setTimeout>; commit: () => void }>();

  return createStore<PendingDeletesState>()((set, get) => {
    const forget = (eventId: string) => {
      const waiting = timers.get(eventId);
      if (waiting !== undefined) clearTimeout(waiting.timer);
      timers.delete(eventId);
      set({ pending: get().pending.filter((each) => each.eventId !== eventId) });
    };

    return {
      pending: [],
      schedule: (target, after) => {
        if (timers.has(target.eventId)) return;
        const commit = () => {
          forget(target.eventId);
          remove(target.eventId).then(
            (result) => {
              onQueued(target, result);
              after?.();
            },
            (error: unknown) => onFailed(target, error),
          );
        };
        timers.set(target.eventId, { timer: setTimeout(commit, windowMs), commit });
        set({ pending: [...get().pending, target] });
      },
      undo: forget,
      flush: () => {
        for (const { commit } of [...timers.values()]) commit();
      },
    };
  });
}
