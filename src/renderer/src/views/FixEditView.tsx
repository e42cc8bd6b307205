import { Link, useParams } from 'react-router';
import type { EditView } from '../../../shared/ipc/edits';
import { Skeleton, StateMessage } from '../components/StateMessage';
import { paths } from '../routes';
import { editQueries } from '../stores/edits';
import { eventQueries } from '../stores/reads';
import { EventForm } from './event-form/EventForm';
import { formValuesWithEdit } from './event-form/fix-values';
import { EMPTY_FORM } from './event-form/form-values';
import { useLeaveForm } from './event-form/use-leave-form';
import '../styles/forms.css';

type FixableEdit = Extract<EditView, { kind: 'create' | 'update' }>;

function NothingToFix({ editId }: { editId: string }) {
  return (
    <StateMessage kind="empty">
      <span>
        Edit {editId} is not waiting to be corrected: it was sent, discarded, or not refused.{' '}
        <Link to={paths.edits()}>Back to the edits</Link>
      </span>
    </StateMessage>
  );
}

/** A refused new event, its form holding what was typed, saved back as the same edit. */
function FixCreate({ edit }: { edit: Extract<FixableEdit, { kind: 'create' }> }) {
  const leave = useLeaveForm(paths.edits());
  const values = formValuesWithEdit(EMPTY_FORM, edit.payload);
  return (
    <EventForm
      mode={{ kind: 'create', resend: { editId: edit.id, values } }}
      onSaved={leave.saved}
      onCancel={leave.cancel}
    />
  );
}

/**
 * A refused change: the event as the service has it, with the change typed over it again. What
 * the form opens on is kept while it is open (a sync that changes the event meanwhile shows in
 * the fields the change leaves, and is not sent back to its old value).
 */
function FixUpdate({ edit }: { edit: Extract<FixableEdit, { kind: 'update' }> }) {
  const leave = useLeaveForm(paths.edits());
  const event = eventQueries.useQuery('event', { eventId: edit.eventId });
  if (event.value === null) {
    return event.status === 'error' ? (
      <StateMessage kind="error">
        The event of this change is not in the local copy: {event.error}
      </StateMessage>
    ) : (
      <Skeleton rows={6} />
    );
  }
  return (
    <EventForm
      mode={{
        kind: 'update',
        eventId: edit.eventId,
        event: event.value.data,
        etag: event.value.etag,
        resend: { editId: edit.id, body: edit.payload },
      }}
      onSaved={leave.saved}
      onCancel={leave.cancel}
    />
  );
}

/**
 * `#/edits/<id>/fix`: a create or change the service refused, in the form, with the service's
 * reason above it. Saving sends it again; nothing typed is lost in between.
 */
export function FixEditView() {
  const editId = useParams().editId ?? '';
  const list = editQueries.useQuery('list', {});
  const edit = list.value?.data.find((each) => String(each.id) === editId);
  const fixable = edit !== undefined && edit.state === 'failed' && edit.kind !== 'delete';
  return (
    <div className="event-form-page">
      <header className="page-header">
        <h1>Correct and send again</h1>
      </header>
      {list.value === null ? (
        <Skeleton rows={6} />
      ) : !fixable ? (
        <NothingToFix editId={editId} />
      ) : (
        <>
          <p role="alert" className="form-summary" data-testid="fix-reason">
            The service refused it: {edit.error?.message ?? 'no reason given'}
          </p>
          {edit.kind === 'create' ? <FixCreate edit={edit} /> : <FixUpdate edit={edit} />}
        </>
      )}
    </div>
  );
}
