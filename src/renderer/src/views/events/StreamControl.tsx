import { useEffect, useRef, useState } from 'react';
import type { StreamStatus } from '../../../../shared/wire/event';
import { describeError } from '../../api';
import { showNotice } from '../../stores/actions';
import { editActions } from '../../stores/edits';
import { UNDO_WINDOW_MS } from '../../stores/pending-deletes';
import { streamMoves, undoableMove } from './stream-moves';

const STREAM_WORDS: Readonly<Record<StreamStatus, string>> = {
  none: 'no stream',
  scheduled: 'scheduled',
  live: 'live',
  ended: 'ended',
};

/**
 * Moves the event's stream along, offering only the moves the service allows from where it is.
 * A move is queued at once, like any edit: the cache shows it now, the service gets it with the
 * next sync.
 */
export function StreamControl({
  eventId,
  streamStatus,
}: {
  eventId: string;
  streamStatus: StreamStatus;
}) {
  const [moving, setMoving] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  // The pressed button is replaced by the next state's: focus follows to the new first one
  // rather than falling back to the page.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    group.current?.querySelector('button')?.focus();
  }, [streamStatus]);

  const move = async (to: StreamStatus) => {
    if (moving) return;
    setMoving(true);
    try {
      const guarded = undoableMove(streamStatus, to);
      const edit = guarded
        ? await editActions.updateHeld(eventId, { streamStatus: to }, UNDO_WINDOW_MS)
        : await editActions.update(eventId, { streamStatus: to });
      refocus.current = true;
      const said = `Stream ${STREAM_WORDS[to]} here; it goes to the service with the next sync`;
      if (!guarded) {
        showNotice('info', said);
        return;
      }
      // Ending a stream cannot be taken back on the service: it is held until the window ends.
      showNotice('info', `${said}. Undo within ${UNDO_WINDOW_MS / 1000} seconds.`, () => {
        editActions.discard(edit.id).then(
          () => showNotice('info', `The stream stays ${STREAM_WORDS[streamStatus]}`),
          (error: unknown) =>
            showNotice('error', `The stream could not be kept: ${describeError(error)}`),
        );
      });
    } catch (error) {
      showNotice('error', `The stream was not changed: ${describeError(error)}`);
    } finally {
      setMoving(false);
    }
  };

  return (
    <div
      ref={group}
      className="stream-control"
      role="group"
      aria-label={`Stream, now ${STREAM_WORDS[streamStatus]}`}
      data-testid="stream-control"
    >
      <span className="stream-label" aria-hidden="true">
        Stream
      </span>
      {streamMoves(streamStatus).map(({ to, label }) => (
        <button
          key={to}
          type="button"
          className={to === 'live' ? 'button go-live' : 'button'}
          aria-disabled={moving}
          onClick={() => void move(to)}
          data-testid={`stream-to-${to}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
