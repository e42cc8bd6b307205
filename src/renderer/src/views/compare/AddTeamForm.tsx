import { Plus } from 'lucide-react';
import { useState, type FormEvent, type Ref } from 'react';
import { teamNumberSchema } from '../../../../shared/wire/formats';

export const COMPARE_MAX = 4;
export const ADD_TEAM_INPUT_ID = 'compare-add-team';

function problemWith(text: string, teams: readonly number[]): string | null {
  const trimmed = text.trim();
  const parsed = teamNumberSchema.safeParse(/^\d+$/.test(trimmed) ? Number(trimmed) : NaN);
  if (!parsed.success) return 'Type a team number from 1 to 99999.';
  if (teams.includes(parsed.data)) return `${parsed.data} is already compared.`;
  if (teams.length >= COMPARE_MAX) return 'Compare shows up to four teams: remove one first.';
  return null;
}

/** A team number and Add; at most four teams, each once. */
export function AddTeamForm({
  teams,
  onAdd,
  inputRef,
}: {
  teams: readonly number[];
  onAdd: (teamNumber: number) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = teams.length >= COMPARE_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = problemWith(text, teams);
    setError(problem);
    if (problem !== null) return;
    onAdd(Number(text.trim()));
    setText('');
  };

  return (
    <form className="compare-add" onSubmit={submit} noValidate data-testid="compare-add">
      <label htmlFor={ADD_TEAM_INPUT_ID}>Add a team</label>
      <div className="compare-add-row">
        <input
          ref={inputRef}
          id={ADD_TEAM_INPUT_ID}
          className="input num"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Team number"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          aria-invalid={error !== null}
          aria-describedby={`${ADD_TEAM_INPUT_ID}-note`}
          data-testid="compare-add-input"
        />
        <button type="submit" className="button" aria-disabled={full}>
          <Plus size={14} aria-hidden="true" /> Add
        </button>
      </div>
      <p
        id={`${ADD_TEAM_INPUT_ID}-note`}
        className={error === null ? 'compare-add-note muted' : 'compare-add-note error'}
        aria-live="polite"
      >
        {error ??
          (full
            ? 'Four teams is the most Compare shows: remove one to add another.'
            : `${teams.length} of ${COMPARE_MAX} teams.`)}
      </p>
    </form>
  );
}
