import { create } from 'zustand';
import type { CommandInput } from '../../../shared/ipc/contract';
import type { EditBase, EditView } from '../../../shared/ipc/edits';
import { bridge, describeError, unwrap } from '../api';
import { createQueryStore } from './query-store';

/*
 * Organizers' edits as the renderer sees them: what waits in the outbox, what the key may do, and
 * the actions that queue or settle an edit. Every action answers once the edit is on disk; the
 * network is the sync's business.
 */

export const editQueries = createQueryStore({
  list: (_input: Record<string, never>) => unwrap(bridge().edits.list()),
  /** Other services' edits not sent yet: shown read only until that service is shown again. */
  elsewhere: (_input: Record<string, never>) => unwrap(bridge().edits.elsewhere()),
  role: (_input: Record<string, never>) => unwrap(bridge().edits.role()),
});

/** Edits that have not reached the service: waiting, being sent, refused, or in conflict. */
export function unsentCount(edits: readonly EditView[]): number {
  return edits.length;
}

/** The event's edits, in order; a temporary code and the service's code are the same event. */
export function editsOf(edits: readonly EditView[], eventId: string): EditView[] {
  return edits.filter((edit) => edit.eventId === eventId);
}

export type EventCreateBody = CommandInput<'events:create'>['event'];
export type EventPatchBody = CommandInput<'events:update'>['patch'];
export type Resolution = CommandInput<'edits:resolve'>['take'];

/** The calls, so that views and tests reach the outbox one way. */
export const editActions = {
  create: (event: EventCreateBody) => unwrap(bridge().events.create({ event })),
  update: (eventId: string, patch: EventPatchBody, base?: EditBase) =>
    unwrap(
      bridge().events.update(base === undefined ? { eventId, patch } : { eventId, patch, base }),
    ),
  /** A change with an undo window: on disk at once, sent no sooner than `holdMs`. */
  updateHeld: (eventId: string, patch: EventPatchBody, holdMs: number) =>
    unwrap(bridge().events.update({ eventId, patch, holdMs })),
  remove: (eventId: string) => unwrap(bridge().events.delete({ eventId })),
  /** A deletion in its undo window: on disk at once, sent no sooner than `holdMs`. */
  removeHeld: (eventId: string, holdMs: number) =>
    unwrap(bridge().events.delete({ eventId, holdMs })),
  discard: (id: number) => unwrap(bridge().edits.discard({ id })),
  resolve: (id: number, take: Resolution) => unwrap(bridge().edits.resolve({ id, take })),
  resend: (id: number, payload?: Record<string, unknown>, base?: EditBase) =>
    unwrap(
      bridge().edits.resend({
        id,
        ...(payload === undefined ? {} : { payload }),
        ...(base === undefined ? {} : { base }),
      }),
    ),
  sendNow: () => unwrap(bridge().edits.sendNow()),
  resolveCode: (eventId: string) => unwrap(bridge().events.resolveCode({ eventId })),
};

/** The last failure of an outbox action, in words, for the view that asked. */
export const useEditProblem = create<{
  problem: string | null;
  report: (error: unknown) => void;
  clear: () => void;
}>()((set) => ({
  problem: null,
  report: (error) => set({ problem: describeError(error) }),
  clear: () => set({ problem: null }),
}));
