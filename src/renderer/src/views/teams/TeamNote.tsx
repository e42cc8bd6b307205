import { NOTE_MAX } from '../../../../shared/ipc/picklists';
import { useSavedText } from '../../components/use-saved-text';
import { localDateTime } from '../../format/dates';
import { pickListActions, useTeamNote } from '../../stores/picklists';
import '../../styles/picklists.css';

function NoteField({ teamNumber, saved }: { teamNumber: number; saved: string }) {
  const { text, setText, focusProps } = useSavedText(saved, (note) => {
    void pickListActions.setNote(teamNumber, note);
  });
  return (
    <textarea
      id="team-note-text"
      className="input"
      value={text}
      maxLength={NOTE_MAX}
      placeholder="What you saw of this team: drive, auto, climb, who to ask…"
      onChange={(event) => setText(event.target.value)}
      {...focusProps}
      data-testid="team-note"
    />
  );
}

/** The person's private note on a team: saved as it is typed, kept on this computer only. */
export function TeamNote({ teamNumber }: { teamNumber: number }) {
  const note = useTeamNote(teamNumber);
  const value = note.value;
  return (
    <section className="team-note" aria-labelledby="team-note-heading">
      <h2 id="team-note-heading">
        <label htmlFor="team-note-text">Your note</label>
      </h2>
      {value === null ? (
        note.status === 'error' && <p role="alert">Pitside could not read the note: {note.error}</p>
      ) : (
        <>
          <NoteField key={teamNumber} teamNumber={teamNumber} saved={value.note} />
          <p className="muted team-note-state" data-testid="team-note-state">
            {value.updatedAt === null
              ? 'Private: kept on this computer, never sent. Quick open finds teams by their notes.'
              : `Saved ${localDateTime(value.updatedAt)} · kept on this computer, never sent.`}
          </p>
        </>
      )}
    </section>
  );
}
