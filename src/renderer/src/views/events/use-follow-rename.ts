import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { bridge } from '../../api';
import { editActions } from '../../stores/edits';

const LOCAL_PREFIX = 'local';

/** A code this app gave an event it created, until the service names it. */
export function isLocalCode(eventId: string): boolean {
  return eventId.startsWith(LOCAL_PREFIX);
}

/**
 * An event created here goes by a temporary code until the service names it. A view open on it
 * moves to the new code when main says so, and an address kept from before (a link, a reload after
 * the rename) is resolved to it, so nobody lands on "not found" for an event that exists.
 */
export function useFollowRename(
  eventId: string,
  pathOf: (eventId: string) => string,
  /** Told first, so a view can carry its state (a form's typed input) over to the new code. */
  onRenamed?: (to: string) => void,
): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isLocalCode(eventId)) return undefined;
    let current = true;
    const follow = (to: string) => {
      if (!current || to === eventId) return;
      onRenamed?.(to);
      void navigate(pathOf(to), { replace: true });
    };
    const off = bridge().subscribe('events:renamed', ({ from, to }) => {
      if (from === eventId) follow(to);
    });
    editActions.resolveCode(eventId).then(
      ({ eventId: resolved }) => follow(resolved),
      // Not known to main (no alias): the code is still the event's, or never was one.
      () => undefined,
    );
    return () => {
      current = false;
      off();
    };
  }, [eventId, navigate, pathOf, onRenamed]);
}
