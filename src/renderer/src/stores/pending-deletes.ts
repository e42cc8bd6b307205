import { createStore, type StoreApi } from 'zustand/vanilla';

/** How long "Event deleted · Undo" stays: the deletion is held in the outbox until it ends. */
export const UNDO_WINDOW_MS = 5_000;

export interface PendingDelete {
  eventId: string;
  eventName: string;
}

export interface PendingDeletesState {
  pending: PendingDelete[];
  /**
   * Queues the deletion at once, held in the outbox for the undo window, and shows it until the
   * window ends; then `onDone` runs. A second request for the same event meanwhile changes nothing.
   */
  schedule: (target: PendingDelete, onDone?: () => void) => void;
  /** Takes a deletion in its window back: the held edit is discarded, nothing is sent. */
  undo: (eventId: string) => void;
}

/** The held edit's id, or `null` when the outbox had nothing to keep (an event never sent). */
type Queued = { id: number } | null;

export interface PendingDeletesOptions {
  /** Queues the deletion, held for `holdMs` (the outbox's `events:delete`). */
  remove: (eventId: string, holdMs: number) => Promise<Queued>;
  /** Takes the held deletion back (`edits:discard`). */
  discard: (id: number) => Promise<unknown>;
  /** The window ended with the deletion kept. */
  onQueued: (target: PendingDelete) => void;
  onUndone: (target: PendingDelete) => void;
  onFailed: (target: PendingDelete, error: unknown) => void;
  windowMs?: number;
}

/**
 * Deletions in their undo window. The deletion is written to the outbox the moment it is
 * confirmed, held there until the window ends, so closing the window in the undo time cannot lose
 * it; Undo discards it, and nothing was sent.
 */
export function createPendingDeletes({
  remove,
  discard,
  onQueued,
  onUndone,
  onFailed,
  windowMs = UNDO_WINDOW_MS,
}: PendingDeletesOptions): StoreApi<PendingDeletesState> {
  const waiting = new Map<
    string,
    { timer: ReturnType<typeof setTimeout>; queued: Promise<Queued | undefined> }
  >();

  return createStore<PendingDeletesState>()((set, get) => {
    const forget = (eventId: string) => {
      const held = waiting.get(eventId);
      if (held !== undefined) clearTimeout(held.timer);
      waiting.delete(eventId);
      set({ pending: get().pending.filter((each) => each.eventId !== eventId) });
    };

    return {
      pending: [],
      schedule: (target, onDone) => {
        if (waiting.has(target.eventId)) return;
        const queued = remove(target.eventId, windowMs).then(
          (edit) => edit,
          (error: unknown) => {
            forget(target.eventId);
            onFailed(target, error);
            return undefined;
          },
        );
        const timer = setTimeout(() => {
          forget(target.eventId);
          void queued.then((edit) => {
            if (edit === undefined) return;
            onQueued(target);
            onDone?.();
          });
        }, windowMs);
        waiting.set(target.eventId, { timer, queued });
        set({ pending: [...get().pending, target] });
      },
      undo: (eventId) => {
        const held = waiting.get(eventId);
        const target = get().pending.find((each) => each.eventId === eventId);
        forget(eventId);
        if (held === undefined || target === undefined) return;
        void held.queued
          .then((edit) => (edit === null || edit === undefined ? undefined : discard(edit.id)))
          .then(
            () => onUndone(target),
            (error: unknown) => onFailed(target, error),
          );
      },
    };
  });
}
