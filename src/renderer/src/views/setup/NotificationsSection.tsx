import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import type { NotificationKind } from '../../../../shared/ipc/notifications';
import { useNotices } from '../../stores/notices';

const KINDS: readonly { kind: NotificationKind; title: string }[] = [
  { kind: 'eventLive', title: 'A favorite team’s event starts' },
  { kind: 'streamLive', title: 'A pinned event’s stream goes live' },
  { kind: 'matchSoon', title: 'A favorite team plays within 15 minutes' },
];

/** Which desktop notifications to send; each kind on or off, kept by main for the whole app. */
export function NotificationsSection() {
  const switches = useNotices((state) => state.switches);
  const error = useNotices((state) => state.error);
  useEffect(() => {
    void useNotices.getState().load();
  }, []);
  return (
    <section className="settings-section" aria-labelledby="settings-notifications">
      <h2 id="settings-notifications">
        <Bell size={16} aria-hidden="true" /> Notifications
      </h2>
      <div className="choice-list" data-testid="notification-switches">
        {KINDS.map(({ kind, title }) => (
          <label className="choice" key={kind}>
            <input
              type="checkbox"
              name={kind}
              checked={switches?.[kind] ?? false}
              disabled={switches === null}
              onChange={(event) => void useNotices.getState().set({ [kind]: event.target.checked })}
            />
            <span className="choice-title">{title}</span>
          </label>
        ))}
      </div>
      <p className="muted">
        Shown only while Pitside is in the background; the view updates instead.
      </p>
      {error !== null && (
        <p className="form-error" role="alert">
          Could not keep the notification settings: {error}
        </p>
      )}
    </section>
  );
}
