import * as Dialog from '@radix-ui/react-dialog';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../routes';
import { useActions } from '../../stores/actions';
import { eventDeletes } from '../../stores/event-deletes';
import { UNDO_WINDOW_MS } from '../../stores/pending-deletes';
import { undoButtonSelector } from './PendingDeleteNotices';

/**
 * "Delete…", behind a confirm step that says what goes with the event. Confirming queues the
 * deletion held for its undo window (sent only once it ends) and goes to the events list.
 */
export function DeleteEvent({ eventId, eventName }: { eventId: string; eventName: string }) {
  const [open, setOpen] = useState(false);
  const confirmed = useRef(false);
  const navigate = useNavigate();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const confirm = () => {
    confirmed.current = true;
    useActions.getState().dismissNotice();
    // The deletion is held in the outbox from now on and the event is gone from the copy: the
    // page leaves for the list, where Undo brings it back.
    eventDeletes.getState().schedule({ eventId, eventName });
    setOpen(false);
    if (mounted.current) void navigate(paths.events(), { replace: true });
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="button" data-testid="delete-event">
        <Trash2 size={14} aria-hidden="true" /> Delete…
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog confirm"
          data-testid="delete-event-dialog"
          onCloseAutoFocus={(event) => {
            if (!confirmed.current) return;
            // Undo is what the organizer may want next, and it only lasts a few seconds.
            confirmed.current = false;
            event.preventDefault();
            document.querySelector<HTMLElement>(undoButtonSelector(eventId))?.focus();
          }}
        >
          <Dialog.Title>Delete “{eventName}”?</Dialog.Title>
          <Dialog.Description>
            The event goes with its matches, clips and team registrations; the teams stay. It is
            deleted here at once and on the service with the next sync.
          </Dialog.Description>
          <p className="muted">
            For {UNDO_WINDOW_MS / 1000} seconds after this you can still undo it.
          </p>
          <div className="dialog-actions">
            <Dialog.Close className="button">Cancel</Dialog.Close>
            <button
              type="button"
              className="button danger"
              onClick={confirm}
              data-testid="delete-event-confirm"
            >
              Delete event
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
