import { useStore } from 'zustand';
import { eventDeletes } from '../../stores/event-deletes';

export const undoButtonSelector = (eventId: string) =>
  `[data-testid="undo-delete"][data-event-id="${eventId}"]`;

/**
 * "Event deleted · Undo" for each deletion still in its undo window. A bar drawn by the
 * stylesheet runs out with the window; the words are what is announced.
 */
export function PendingDeleteNotices() {
  const pending = useStore(eventDeletes, (state) => state.pending);
  const undo = (eventId: string) => {
    eventDeletes.getState().undo(eventId);
    // The Undo button is gone: the page's heading takes the focus rather than the body.
    const heading = document.querySelector<HTMLElement>('#main h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  };
  return (
    <div className="undo-notices" role="status" aria-live="polite">
      {pending.map(({ eventId, eventName }) => (
        <div key={eventId} className="notice undo-notice" data-testid="undo-notice">
          <span>
            Event deleted<span className="visually-hidden">: {eventName}</span>
          </span>
          <span aria-hidden="true">·</span>
          <button
            type="button"
            className="button"
            onClick={() => undo(eventId)}
            data-testid="undo-delete"
            data-event-id={eventId}
          >
            Undo
          </button>
          <span className="undo-timer" aria-hidden="true" />
        </div>
      ))}
    </div>
  );
}
