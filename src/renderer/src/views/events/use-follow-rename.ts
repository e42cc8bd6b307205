import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isLocalEventCode } from '../../../../shared/wire/local-code';
import { bridge } from '../../api';
import { STAY_IN_VIEW } from '../../focus-on-move';
import { editActions } from '../../stores/edits';

/**
 * The move to the event's new code: the same view at another address, in place of the old one
 * in history, leaving focus in the field being typed in.
 */
export function renameMove(to: string, pathOf: (eventId: string) => string) {
  return { path: pathOf(to), options: { replace: true, state: STAY_IN_VIEW } };
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
    if (!isLocalEventCode(eventId)) return undefined;
    let current = true;
    const follow = (to: string) => {
      if (!current || to === eventId) return;
      onRenamed?.(to);
      const move = renameMove(to, pathOf);
      void navigate(move.path, move.options);
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
