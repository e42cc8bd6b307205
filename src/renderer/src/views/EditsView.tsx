import { StateMessage } from '../components/StateMessage';
import { needsAttention } from '../../../shared/ipc/edits';
import { editQueries } from '../stores/edits';
import '../styles/edits.css';
import { createdNames, describeEdit } from './edits/edit-words';
import { EditItem } from './edits/EditItem';
import { EditsElsewhere } from './edits/EditsElsewhere';
import { SendNow } from './edits/SendNow';
import { unsentSummary } from './edits/unsent-summary';

/**
 * `#/edits`: the edits not sent yet, each with its state and what can be done about it, in the
 * order they go out. The outbox is on this computer, so the list is there at once: no skeleton.
 */
export function EditsView() {
  const list = editQueries.useQuery('list', {});
  const edits = list.value?.data ?? null;
  const summary = unsentSummary(edits);
  const names = createdNames(edits ?? []);
  // Refused and conflicting edits wait for the organizer: a sync would not send them.
  const sendable = edits?.some((edit) => !needsAttention(edit)) ?? false;

  return (
    <div className="edits-view" data-testid="edits-view">
      <header className="page-header">
        <h1>Edits not sent yet</h1>
        {summary !== null && <span className="muted">{summary.text}</span>}
        {sendable && (
          <div className="actions">
            <SendNow />
          </div>
        )}
      </header>
      {list.status === 'error' && (
        <StateMessage kind="error">The edits could not be read: {list.error}</StateMessage>
      )}
      {edits !== null && edits.length === 0 && (
        <StateMessage kind="empty">
          Nothing waiting: every edit has reached the service.
        </StateMessage>
      )}
      {edits !== null && edits.length > 0 && (
        <ol className="edits-list" aria-label="Edits, in the order they go out">
          {edits.map((edit) => (
            <EditItem key={edit.id} edit={edit} words={describeEdit(edit, names)} />
          ))}
        </ol>
      )}
      <EditsElsewhere />
    </div>
  );
}
