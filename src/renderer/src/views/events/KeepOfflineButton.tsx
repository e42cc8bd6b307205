import { Pin } from 'lucide-react';
import { useId } from 'react';
import { libraryActions, usePins } from '../../stores/library';

/**
 * "Keep offline" pins the event: the sync fetches everything about it first, so its teams,
 * matches and clips are there at the venue without a connection. A toggle, so its state is read
 * out as pressed or not.
 */
export function KeepOfflineButton({ eventId }: { eventId: string }) {
  const pinned = usePins().includes(eventId);
  const { setPinned } = libraryActions;
  const descriptionId = useId();
  const description = pinned
    ? 'Kept offline: everything about this event is synced first. Press to stop.'
    : 'Keep this event offline: everything about it is synced first.';
  return (
    <>
      <button
        type="button"
        className={pinned ? 'button keep-offline pressed' : 'button keep-offline'}
        aria-pressed={pinned}
        aria-describedby={descriptionId}
        title={description}
        onClick={() => void setPinned(eventId, !pinned)}
        data-testid="keep-offline"
      >
        <Pin size={14} aria-hidden="true" fill={pinned ? 'currentColor' : 'none'} />
        Keep offline
      </button>
      <span id={descriptionId} className="visually-hidden">
        {description}
      </span>
    </>
  );
}
