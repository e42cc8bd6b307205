import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../routes';
import { editQueries } from '../../stores/edits';
import { organizerActions } from './organizer-role';

/** "New event", for a key that may create events or whose role is not known yet. */
export function NewEventButton() {
  const role = editQueries.useQuery('role', {});
  if (!organizerActions(role.value?.role ?? null).edit) return null;
  return (
    <Link to={paths.newEvent()} className="button primary" data-testid="new-event">
      <Plus size={14} aria-hidden="true" /> New event
    </Link>
  );
}
