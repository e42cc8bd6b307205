import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../routes';
import { showNotice } from '../../stores/actions';
import type { SaveOutcome } from './use-event-form';

const SAVED_NOTICE = 'Saved here; it goes to the service as soon as it can be reached';

/**
 * Where the form leads: the event once saved (its temporary `local…` code for a new one), back
 * where the organizer came from on Cancel, or to `fallback` when the form was the first page.
 */
export function useLeaveForm(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return {
    saved: ({ eventId, changed }: SaveOutcome) => {
      showNotice('info', changed ? SAVED_NOTICE : 'Nothing changed, so nothing was saved');
      void navigate(paths.event(eventId), { replace: true });
    },
    cancel: () => {
      if (location.key === 'default') void navigate(fallback, { replace: true });
      else void navigate(-1);
    },
  };
}
