import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { EventAnswer } from '../../../shared/ipc/reads';
import { EVENT_ID_PATTERN } from '../../../shared/wire/formats';
import { Skeleton, StateMessage } from '../components/StateMessage';
import { paths } from '../routes';
import { editQueries } from '../stores/edits';
import { eventQueries } from '../stores/reads';
import { EventForm } from './event-form/EventForm';
import { useLeaveForm } from './event-form/use-leave-form';
import { organizerActions } from './events/organizer-role';
import { isLocalEventCode } from '../../../shared/wire/local-code';
import { useFollowRename } from './events/use-follow-rename';
import '../styles/forms.css';

/** A viewer key cannot write: the form says so instead of queuing edits the service refuses. */
function useMayEdit(): boolean {
  const role = editQueries.useQuery('role', {});
  return organizerActions(role.value?.role ?? null).edit;
}

function ViewerOnly() {
  return (
    <StateMessage kind="empty">
      <span>
        This service’s key may read events but not change them. Use an organizer key in{' '}
        <Link to={paths.settings()}>Settings</Link> to edit.
      </span>
    </StateMessage>
  );
}

function NewEventPage() {
  const leave = useLeaveForm(paths.events());
  const mayEdit = useMayEdit();
  return (
    <div className="event-form-page">
      <header className="page-header" data-testid="event-form-header">
        <h1>New event</h1>
        {mayEdit && (
          <span className="muted">
            Saved here first; sent to the service as soon as it can be reached.
          </span>
        )}
      </header>
      {mayEdit ? (
        <EventForm mode={{ kind: 'create' }} onSaved={leave.saved} onCancel={leave.cancel} />
      ) : (
        <ViewerOnly />
      )}
    </div>
  );
}

/**
 * The form opened on the event as the cache showed it then, which the edit is based on: a sync
 * that changes the event while the organizer types shows in the fields they have not touched,
 * and a field they typed into that someone else changed meanwhile becomes a conflict.
 */
function EditForm({ eventId, answer }: { eventId: string; answer: EventAnswer }) {
  const leave = useLeaveForm(paths.event(eventId));
  return (
    <EventForm
      mode={{ kind: 'update', eventId, event: answer.data, etag: answer.etag }}
      onSaved={leave.saved}
      onCancel={leave.cancel}
    />
  );
}

function EditEventPage({ eventId }: { eventId: string }) {
  const valid = EVENT_ID_PATTERN.test(eventId);
  const event = eventQueries.useQuery('event', valid ? { eventId } : null);
  const mayEdit = useMayEdit();
  // A new event gets the service's code while its form may be open: the form moves along with
  // what was typed in it (same key), and meanwhile shows the event as it last read.
  const [form, setForm] = useState({ key: eventId, renamedTo: null as string | null });
  if (eventId !== form.key && eventId !== form.renamedTo)
    setForm({ key: eventId, renamedTo: null });
  const onRenamed = useCallback(
    (to: string) => setForm((held) => ({ ...held, renamedTo: to })),
    [],
  );
  useFollowRename(eventId, paths.editEvent, onRenamed);
  const [lastAnswer, setLastAnswer] = useState<EventAnswer | null>(null);
  if (event.value !== null && event.value !== lastAnswer) setLastAnswer(event.value);
  const answer =
    event.value ?? (isLocalEventCode(form.key) || form.renamedTo !== null ? lastAnswer : null);

  const header = (
    <header className="page-header" data-testid="event-form-header">
      <h1>{answer === null ? `Edit ${eventId}` : `Edit ${answer.data.name}`}</h1>
      <code className="event-code">{eventId}</code>
      <span className="muted">Only the fields you change are sent.</span>
    </header>
  );

  if (!valid || (event.errorCode === 'not_found' && answer === null)) {
    return (
      <div className="event-form-page">
        {header}
        <StateMessage kind="empty">
          <span>
            The local copy has no event <code className="event-code">{eventId}</code> to edit.{' '}
            <Link to={paths.events()}>Back to Events</Link>
          </span>
        </StateMessage>
      </div>
    );
  }
  return (
    <div className="event-form-page">
      {header}
      {!mayEdit ? (
        <ViewerOnly />
      ) : answer !== null ? (
        <EditForm key={form.key} eventId={eventId} answer={answer} />
      ) : event.status === 'error' ? (
        <StateMessage kind="error">
          Pitside could not read this event from its local copy: {event.error}
        </StateMessage>
      ) : (
        <Skeleton rows={6} />
      )}
    </div>
  );
}

/** `#/events/new` and `#/events/<eventId>/edit`: the organizer's form. */
export function EventFormView() {
  const { eventId } = useParams();
  return eventId === undefined ? <NewEventPage /> : <EditEventPage eventId={eventId} />;
}
