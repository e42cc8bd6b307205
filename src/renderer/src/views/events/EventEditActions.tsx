import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { useStore } from 'zustand';
import type { CachedEvent } from '../../../../shared/ipc/reads';
import { paths } from '../../routes';
import { editQueries } from '../../stores/edits';
import { DeleteEvent } from './DeleteEvent';
import { eventDeletes } from '../../stores/event-deletes';
import { organizerActions } from './organizer-role';
import { StreamControl } from './StreamControl';

/**
 * The organizer's actions in the event's header, by what the key may do: edit and move the stream
 * for organizers, delete for admins too, everything while the role is not known yet.
 */
export function EventEditActions({ event }: { event: CachedEvent }) {
  const role = editQueries.useQuery('role', {});
  const allowed = organizerActions(role.value?.role ?? null);
  const deleting = useStore(eventDeletes, (state) =>
    state.pending.some((each) => each.eventId === event.id),
  );
  if (deleting) {
    return <span className="muted organizer-actions">Deleting…</span>;
  }
  if (!allowed.edit && !allowed.delete) return null;
  return (
    <div className="organizer-actions" data-testid="organizer-actions">
      {allowed.edit && (
        <>
          <StreamControl eventId={event.id} streamStatus={event.streamStatus} />
          <Link to={paths.editEvent(event.id)} className="button" data-testid="edit-event">
            <Pencil size={14} aria-hidden="true" /> Edit
          </Link>
        </>
      )}
      {allowed.delete && <DeleteEvent eventId={event.id} eventName={event.name} />}
    </div>
  );
}
