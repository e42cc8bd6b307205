import { STREAM_TRANSITIONS, type StreamStatus } from '../../../../shared/wire/event';

export interface StreamMove {
  to: StreamStatus;
  /** What the button says: the action, not the state it leads to. */
  label: string;
}

const MOVE_LABELS: Readonly<Record<StreamStatus, Readonly<Partial<Record<StreamStatus, string>>>>> =
  {
    none: { scheduled: 'Schedule stream' },
    scheduled: { live: 'Go live', none: 'Unschedule' },
    live: { ended: 'End stream' },
    ended: { scheduled: 'Schedule again' },
  };

/**
 * The moves the stream may make from where it is, in the service's own list of transitions, so
 * the control never offers one the service would refuse as `invalid_transition`.
 */
export function streamMoves(current: StreamStatus): StreamMove[] {
  return STREAM_TRANSITIONS[current].map((to) => ({
    to,
    label: MOVE_LABELS[current][to] ?? `Set to ${to}`,
  }));
}

/**
 * A move the service cannot take back: an ended stream can only be scheduled again, never be live
 * again. It is held for an undo window before it is sent, and its notice offers Undo.
 */
export function undoableMove(from: StreamStatus, to: StreamStatus): boolean {
  return from === 'live' && to === 'ended';
}
