import { useState, type FormEvent } from 'react';
import type { PickList } from '../../../../shared/ipc/picklists';
import { PICK_LIST_NAME_MAX } from '../../../../shared/ipc/picklists';
import type { TeamListAnswer } from '../../../../shared/ipc/reads';
import { ConfirmDialog, ConfirmTrigger } from '../../components/ConfirmDialog';
import { ExportButton } from '../../components/ExportButton';
import { StateMessage } from '../../components/StateMessage';
import { pickListActions, useEventPickLists } from '../../stores/picklists';
import type { Remote } from '../../stores/query-store';
import { PickListEntries } from './PickListEntries';
import '../../styles/picklists.css';

/** The list shown: the one chosen, else the one used last. */
function shownList(lists: readonly PickList[], chosen: number | null): PickList | null {
  const found = lists.find((list) => list.id === chosen);
  if (found !== undefined) return found;
  return lists.reduce<PickList | null>(
    (last, list) => (last === null || list.usedAt > last.usedAt ? list : last),
    null,
  );
}

function NameForm({
  label,
  submit,
  initial = '',
  testId,
  onDone,
}: {
  label: string;
  submit: string;
  initial?: string;
  testId: string;
  onDone: (name: string) => Promise<boolean>;
}) {
  const [name, setName] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    void onDone(name).then((done) => {
      if (done && initial === '') setName('');
    });
  };
  return (
    <form className="filters pick-form" onSubmit={onSubmit}>
      <label>
        {label}
        <input
          className="input"
          value={name}
          maxLength={PICK_LIST_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          data-testid={testId}
        />
      </label>
      <button type="submit" className="button" disabled={name.trim() === ''}>
        {submit}
      </button>
    </form>
  );
}

function AddTeam({
  list,
  teams,
  announce,
}: {
  list: PickList;
  teams: readonly { number: number; name: string }[];
  announce: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const on = new Set(list.entries.map((entry) => entry.teamNumber));
  const offered = teams.filter((team) => !on.has(team.number));
  const number = /^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (number === null) return;
    void pickListActions.add({ listId: list.id, teamNumber: number }).then((done) => {
      if (!done) return;
      announce(`${number} added to ${list.name}, at ${list.entries.length + 1}.`);
      setText('');
    });
  };
  return (
    <form className="filters pick-form" onSubmit={onSubmit}>
      <label>
        Add a team
        <input
          className="input"
          list="pick-team-options"
          inputMode="numeric"
          value={text}
          placeholder="Team number"
          onChange={(event) => setText(event.target.value)}
          data-testid="pick-add-team"
        />
      </label>
      <datalist id="pick-team-options">
        {offered.map((team) => (
          <option key={team.number} value={team.number}>
            {team.name}
          </option>
        ))}
      </datalist>
      <button type="submit" className="button" disabled={number === null}>
        Add
      </button>
    </form>
  );
}

/**
 * The event's pick lists: kept on this computer only, several per event, each ranked by keyboard
 * or by drag, teams crossed off as others pick them, a note on each, and a CSV of it.
 */
export function EventPickListsTab({
  eventId,
  teams,
}: {
  eventId: string;
  teams: Remote<TeamListAnswer>;
}) {
  const lists = useEventPickLists(eventId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [said, setSaid] = useState('');
  const all = lists.value?.data ?? [];
  const list = shownList(all, chosen);
  const roster = teams.value?.data ?? [];
  const names = new Map(roster.map((team) => [team.number, team.name]));

  const create = async (name: string) => {
    const id = await pickListActions.create({ eventId, name });
    if (id === null) return false;
    setChosen(id);
    setSaid(`Pick list ${name.trim()} made.`);
    return true;
  };

  return (
    <section aria-label="Pick lists" data-testid="event-picklists">
      <p className="muted">Pick lists stay on this computer: they are never sent to the service.</p>
      <div className="tab-toolbar">
        {all.length > 0 && list !== null && (
          <div className="filters pick-form">
            <label>
              List
              <select
                className="input"
                value={list.id}
                onChange={(event) => {
                  setChosen(Number(event.target.value));
                  setRenaming(false);
                }}
                data-testid="pick-list-choice"
              >
                {all.map((each) => (
                  <option key={each.id} value={each.id}>
                    {each.name} ({each.entries.length})
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="button" onClick={() => setRenaming(!renaming)}>
              Rename
            </button>
            <ConfirmDialog
              open={deleting}
              onOpenChange={setDeleting}
              trigger={
                <ConfirmTrigger asChild>
                  <button type="button" className="button danger">
                    Delete
                  </button>
                </ConfirmTrigger>
              }
              testId="pick-list-delete"
              title={`Delete ${list.name}?`}
              description={`Its ${list.entries.length} teams and their notes on it go with it. Notes on the teams themselves stay.`}
              cancelLabel="Keep it"
              confirmLabel="Delete list"
              confirmTone="danger"
              onConfirm={() => {
                void pickListActions.delete({ listId: list.id }).then((done) => {
                  if (done) setSaid(`Pick list ${list.name} deleted.`);
                  setDeleting(false);
                  setChosen(null);
                });
              }}
            />
            <ExportButton list={{ list: 'pickList', listId: list.id }} label="Export list CSV" />
          </div>
        )}
        <NameForm label="New pick list" submit="Make list" testId="pick-new-name" onDone={create} />
      </div>
      {renaming && list !== null && (
        <NameForm
          key={list.id}
          label={`New name for ${list.name}`}
          submit="Rename"
          initial={list.name}
          testId="pick-rename"
          onDone={async (name) => {
            const done = await pickListActions.rename({ listId: list.id, name });
            if (done) setRenaming(false);
            return done;
          }}
        />
      )}
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="pick-said">
        {said}
      </p>
      {lists.status === 'error' ? (
        <StateMessage kind="error">
          Pitside could not read the pick lists: {lists.error}
        </StateMessage>
      ) : list === null ? (
        lists.value !== null && (
          <StateMessage kind="empty">
            No pick lists for this event yet: name one above to start ranking teams.
          </StateMessage>
        )
      ) : (
        <>
          <AddTeam list={list} teams={roster} announce={setSaid} />
          {list.entries.length === 0 ? (
            <StateMessage kind="empty">
              {list.name} has no teams yet: add them by number above, or from quick open.
            </StateMessage>
          ) : (
            <PickListEntries list={list} names={names} announce={setSaid} />
          )}
        </>
      )}
    </section>
  );
}
