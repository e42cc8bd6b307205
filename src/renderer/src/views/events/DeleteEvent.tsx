import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog, ConfirmTrigger } from '../../components/ConfirmDialog';
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
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <ConfirmTrigger className="button" data-testid="delete-event">
          <Trash2 size={14} aria-hidden="true" /> Delete…
        </ConfirmTrigger>
      }
      testId="delete-event-dialog"
      onCloseAutoFocus={(event) => {
        if (!confirmed.current) return;
        // Undo is what the organizer may want next, and it only lasts a few seconds.
        confirmed.current = false;
        event.preventDefault();
        document.querySelector<HTMLElement>(undoButtonSelector(eventId))?.focus();
      }}
      title={<>Delete “{eventName}”?</>}
      description="The event goes with its matches, clips and team registrations; the teams stay. It is deleted here at once and on the service with the next sync."
      cancelLabel="Cancel"
      confirmLabel="Delete event"
      confirmTone="danger"
      onConfirm={confirm}
      confirmTestId="delete-event-confirm"
    >
      <p className="muted">For {UNDO_WINDOW_MS / 1000} seconds after this you can still undo it.</p>
    </ConfirmDialog>
  );
}
