import type { Ref } from 'react';
import { VISIBILITIES, type Visibility } from '../../../../shared/wire/event';

const CHOICES: Readonly<Record<Visibility, { label: string; detail: string }>> = {
  public: { label: 'Public', detail: 'Listed for everyone' },
  unlisted: { label: 'Unlisted', detail: 'Not listed; open to anyone with its code' },
  private: { label: 'Private', detail: 'Organizers and admins only' },
};

/**
 * Who may see the event, as radio buttons that say what each choice means. `''` is a visibility
 * the cache never learnt: nothing is chosen, and the service's stays unless one is picked.
 */
export function VisibilityField({
  id,
  value,
  error,
  onChange,
  inputRef,
}: {
  id: string;
  value: Visibility | '';
  error: string | undefined;
  onChange: (value: Visibility) => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const focusTarget = value === '' ? VISIBILITIES[0] : value;
  const describedBy = [error === undefined ? null : errorId, value === '' ? hintId : null]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <fieldset
      className="form-fieldset visibility-field"
      aria-describedby={describedBy === '' ? undefined : describedBy}
      data-testid="event-form-visibility"
    >
      <legend>Visibility</legend>
      <div className="visibility-choices">
        {VISIBILITIES.map((visibility) => (
          <label key={visibility} className="visibility-choice">
            <input
              ref={visibility === focusTarget ? inputRef : undefined}
              type="radio"
              name={id}
              value={visibility}
              checked={value === visibility}
              aria-invalid={error !== undefined}
              onChange={() => onChange(visibility)}
            />
            <span className="choice-title">{CHOICES[visibility].label}</span>
            <span className="choice-detail">{CHOICES[visibility].detail}</span>
          </label>
        ))}
      </div>
      {error !== undefined && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
      {value === '' && (
        <p className="field-hint" id={hintId}>
          Not synced yet: the service’s visibility stays unless you pick one.
        </p>
      )}
    </fieldset>
  );
}
