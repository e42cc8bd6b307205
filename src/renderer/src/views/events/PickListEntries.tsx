import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { PickEntry, PickList } from '../../../../shared/ipc/picklists';
import { NOTE_MAX } from '../../../../shared/ipc/picklists';
import { useSavedText } from '../../components/use-saved-text';
import { paths } from '../../routes';
import { pickListActions } from '../../stores/picklists';

const KEYS_HELP =
  'Up and Down arrows go through the teams. Alt with Up or Down moves a team. X crosses it off or puts it back. N writes a note. Delete takes it off the list.';

/** The order shown: the one asked for while the move is under way, then the list's own. */
function useShownOrder(list: PickList): [number[], (order: number[]) => void] {
  const stored = list.entries.map((entry) => entry.teamNumber);
  const [asked, setAsked] = useState<number[] | null>(null);
  const shown = asked !== null && asked.length === stored.length ? asked : stored;
  if (asked !== null && asked.join() === stored.join()) setAsked(null);
  return [shown, setAsked];
}

function EntryNote({ listId, entry }: { listId: number; entry: PickEntry }) {
  const { text, setText, saveNow, focusProps } = useSavedText(entry.note, (note) => {
    void pickListActions.setEntry({ listId, teamNumber: entry.teamNumber, note });
  });
  return (
    <input
      className="input pick-note"
      value={text}
      maxLength={NOTE_MAX}
      placeholder="Note"
      aria-label={`Note on ${entry.teamNumber}`}
      data-testid="pick-entry-note"
      onChange={(event) => setText(event.target.value)}
      {...focusProps}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== 'Escape') return;
        // Back to the team's row, so the list's keys work again.
        event.preventDefault();
        saveNow();
        event.currentTarget.closest('li')?.focus();
      }}
    />
  );
}

/**
 * A pick list's teams in rank order. One row holds the focus at a time (a roving tabindex): the
 * arrows go through them, Alt+arrows move the focused team, `x` crosses it off, and every change
 * is said to screen readers. Rows can be dragged too.
 */
export function PickListEntries({
  list,
  names,
  announce,
}: {
  list: PickList;
  names: ReadonlyMap<number, string>;
  announce: (text: string) => void;
}) {
  const [order, setOrder] = useShownOrder(list);
  const [focused, setFocused] = useState<number | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const rows = useRef(new Map<number, HTMLLIElement>());
  const byTeam = new Map(list.entries.map((entry) => [entry.teamNumber, entry]));
  const current = focused !== null && order.includes(focused) ? focused : (order[0] ?? null);

  // A team moved by keyboard keeps the focus in its new place; the row takes it once rendered.
  const focusNext = useRef<number | null>(null);
  const focusRow = (teamNumber: number | null) => {
    focusNext.current = teamNumber;
    setFocused(teamNumber);
    if (teamNumber !== null) rows.current.get(teamNumber)?.focus();
  };

  const move = (teamNumber: number, to: number) => {
    const from = order.indexOf(teamNumber);
    if (to < 0 || to >= order.length || to === from) return;
    const next = order.filter((number) => number !== teamNumber);
    next.splice(to, 0, teamNumber);
    setOrder(next);
    announce(`${teamNumber} moved to ${to + 1} of ${order.length}.`);
    void pickListActions.move({ listId: list.id, teamNumber, to }).then((done) => {
      if (!done) setOrder(list.entries.map((entry) => entry.teamNumber));
    });
  };

  const crossOff = (entry: PickEntry) => {
    const picked = !entry.picked;
    announce(picked ? `${entry.teamNumber} crossed off.` : `${entry.teamNumber} back on the list.`);
    void pickListActions.setEntry({ listId: list.id, teamNumber: entry.teamNumber, picked });
  };

  const remove = (teamNumber: number) => {
    const at = order.indexOf(teamNumber);
    focusRow(order[at + 1] ?? order[at - 1] ?? null);
    announce(`${teamNumber} taken off ${list.name}.`);
    void pickListActions.remove({ listId: list.id, teamNumber });
  };

  const onKey = (event: KeyboardEvent<HTMLLIElement>, teamNumber: number) => {
    if (event.target !== event.currentTarget) return;
    const at = order.indexOf(teamNumber);
    const entry = byTeam.get(teamNumber);
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const to = at + (event.key === 'ArrowUp' ? -1 : 1);
      if (event.altKey) {
        move(teamNumber, to);
        focusRow(teamNumber);
      } else if (order[to] !== undefined) {
        focusRow(order[to]);
      }
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      focusRow(event.key === 'Home' ? (order[0] ?? null) : (order.at(-1) ?? null));
    } else if ((event.key === 'x' || event.key === 'X') && entry !== undefined) {
      event.preventDefault();
      crossOff(entry);
    } else if (event.key === 'n' || event.key === 'N') {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLInputElement>('.pick-note')?.focus();
    } else if (event.key === 'Delete') {
      event.preventDefault();
      remove(teamNumber);
    }
  };

  return (
    <>
      <p id="pick-keys" className="muted pick-keys">
        {KEYS_HELP}
      </p>
      <ol className="pick-list" aria-label={list.name} aria-describedby="pick-keys">
        {order.map((teamNumber, index) => {
          const entry = byTeam.get(teamNumber);
          if (entry === undefined) return null;
          const name = names.get(teamNumber) ?? '';
          return (
            <li
              key={teamNumber}
              ref={(row) => {
                if (row === null) {
                  rows.current.delete(teamNumber);
                  return;
                }
                rows.current.set(teamNumber, row);
                // Once: a later render must not pull the focus back from a note.
                if (focusNext.current === teamNumber) {
                  focusNext.current = null;
                  if (document.activeElement !== row) row.focus();
                }
              }}
              tabIndex={teamNumber === current ? 0 : -1}
              className={`pick-entry${entry.picked ? ' picked' : ''}${dragged === teamNumber ? ' dragging' : ''}`}
              aria-label={`${index + 1}. ${teamNumber}${name === '' ? '' : ` ${name}`}${entry.picked ? ', crossed off' : ''}`}
              data-testid="pick-entry"
              data-team={teamNumber}
              draggable
              onFocus={(event) => {
                if (event.target === event.currentTarget) setFocused(teamNumber);
              }}
              onKeyDown={(event) => onKey(event, teamNumber)}
              onDragStart={(event) => {
                setDragged(teamNumber);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(teamNumber));
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => {
                if (dragged !== null) event.preventDefault();
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
            >
              <span className="pick-rank num" aria-hidden="true">
                {index + 1}
              </span>
              <span className="pick-team">
                <Link to={paths.team(teamNumber)} tabIndex={-1} className="pick-number">
                  {teamNumber}
                </Link>
                <span className="pick-name">{name}</span>
                {entry.picked && <span className="badge pick-picked">Picked</span>}
              </span>
              <EntryNote listId={list.id} entry={entry} />
              <button
                type="button"
                className="button"
                tabIndex={-1}
                aria-label={entry.picked ? `Put ${teamNumber} back` : `Cross off ${teamNumber}`}
                onClick={() => crossOff(entry)}
              >
                {entry.picked ? 'Put back' : 'Cross off'}
              </button>
              <button
                type="button"
                className="button"
                tabIndex={-1}
                aria-label={`Take ${teamNumber} off the list`}
                onClick={() => remove(teamNumber)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ol>
    </>
  );
}
