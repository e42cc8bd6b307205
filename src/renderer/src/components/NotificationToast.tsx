import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useNotices } from '../stores/notices';

const SHOWN_MS = 10_000;

/**
 * Opens the view a clicked notification names, and in the preview shows the notification itself
 * as a toast (one at a time, like the system's slot): a click opens its view.
 */
export function NotificationToast() {
  const shown = useNotices((state) => state.shown);
  const route = useNotices((state) => state.route);
  const navigate = useNavigate();
  useEffect(() => {
    if (route === null) return;
    void navigate(route);
    useNotices.getState().opened();
  }, [route, navigate]);
  useEffect(() => {
    if (shown === null) return;
    const timer = window.setTimeout(() => useNotices.getState().dismiss(), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);
  if (shown === null) return null;
  return (
    <div className="notice notification" role="status" data-testid="notification">
      <Bell size={16} aria-hidden="true" />
      <button
        type="button"
        className="notification-open"
        data-testid="notification-open"
        onClick={() => useNotices.getState().open(shown.route)}
      >
        <strong>{shown.title}</strong>
        {shown.body !== '' && <span className="muted">{shown.body}</span>}
      </button>
      <button type="button" className="button" onClick={() => useNotices.getState().dismiss()}>
        Dismiss
      </button>
    </div>
  );
}
