import { CloudOff } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../routes';
import { needsAttention } from '../../../../shared/ipc/edits';
import { editQueries, editsOf } from '../../stores/edits';

/**
 * "Not sent yet" in the event's header while any edit of it waits in the outbox, linking to the
 * pending edits, so a saved change is never taken for one the service has.
 */
export function UnsentBadge({ eventId }: { eventId: string }) {
  const list = editQueries.useQuery('list', {});
  const edits = editsOf(list.value?.data ?? [], eventId);
  if (edits.length === 0) return null;
  const attention = edits.some(needsAttention);
  const count = edits.length === 1 ? 'one edit' : `${edits.length} edits`;
  return (
    <Link
      to={paths.edits()}
      className={attention ? 'badge unsent attention' : 'badge unsent'}
      title={`${count} of this event not sent to the service yet${attention ? '; one needs you' : ''}`}
      data-testid="event-unsent"
    >
      <CloudOff size={12} aria-hidden="true" />
      {attention ? 'Not sent: needs you' : 'Not sent yet'}
      <span className="visually-hidden">: {count}; open the pending edits</span>
    </Link>
  );
}
