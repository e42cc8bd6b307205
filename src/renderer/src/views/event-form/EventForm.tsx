import { useId } from 'react';
import { useNow } from '../../components/use-now';
import { DateTimeField } from './DateTimeField';
import { ErrorSummary } from './ErrorSummary';
import { FormField } from './FormField';
import { mayLeave } from './leave-guard';
import type { FormField as FieldName } from './form-values';
import { localInputToIso, zoneDescription } from './local-time';
import { useEventForm, type FormMode, type SaveOutcome } from './use-event-form';
import { VisibilityField } from './VisibilityField';

/**
 * The organizer's event form, for a new event or a change to one: name, when, where, and who may
 * see it. Enter saves, Esc cancels (asking first when something was typed); nothing here waits
 * on the network.
 */
export function EventForm({
  mode,
  onSaved,
  onCancel,
}: {
  mode: FormMode;
  onSaved: (outcome: SaveOutcome) => void;
  onCancel: () => void;
}) {
  const form = useEventForm(mode, onSaved);
  const { values, problems } = form;
  const id = useId();
  const fieldId = (field: FieldName) => `${id}-${field}`;
  const common = (field: FieldName) => ({
    id: fieldId(field),
    value: values[field],
    error: problems.fields[field],
    onChange: (value: string) => form.change(field, value),
    onBlur: () => form.leave(field),
    inputRef: form.inputRef(field),
    testId: `event-form-${field}`,
  });
  const now = useNow();
  const startIso = localInputToIso(values.startDate);
  // The offset the fields are read with is the one at the event's start, which may differ from
  // today's across a change of the clocks.
  const zone = zoneDescription(startIso === null ? new Date(now) : new Date(startIso));

  return (
    <form
      className="event-form"
      noValidate
      aria-label={mode.kind === 'create' ? 'New event' : 'Edit event'}
      onSubmit={(event) => void form.submit(event)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        if (mayLeave(form.opened, values, (question) => window.confirm(question))) onCancel();
      }}
      data-testid="event-form"
    >
      <ErrorSummary problems={problems} onFocusField={form.focusField} />
      <FormField label="Name" {...common('name')} />

      <fieldset className="form-fieldset">
        <legend>When</legend>
        <p className="field-hint zone-note" data-testid="event-form-zone">
          Times on this computer’s clock ({zone}); the service stores them in UTC.
        </p>
        <div className="form-row">
          <DateTimeField label="Start" {...common('startDate')} />
          <DateTimeField label="End" min={values.startDate} {...common('endDate')} />
          <FormField
            label="Season"
            placeholder="2026-2027"
            hint={
              mode.kind === 'create' && form.seasonFollowsStart
                ? 'Follows the start date; type to choose another'
                : 'Like 2026-2027'
            }
            {...common('season')}
          />
        </div>
      </fieldset>

      <fieldset className="form-fieldset">
        <legend>Where</legend>
        <div className="form-row">
          <FormField label="Venue" optional {...common('venue')} />
          <FormField label="City" {...common('city')} />
        </div>
        <div className="form-row">
          <FormField label="State or province" optional {...common('state')} />
          <FormField label="Country" {...common('country')} />
        </div>
      </fieldset>

      <VisibilityField
        id={fieldId('visibility')}
        value={values.visibility}
        error={problems.fields.visibility}
        onChange={(visibility) => form.change('visibility', visibility)}
        inputRef={form.inputRef('visibility')}
      />

      <div className="form-actions">
        <button
          type="submit"
          className="button primary"
          aria-disabled={form.saving}
          data-testid="event-form-save"
        >
          {form.saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={onCancel} data-testid="event-form-cancel">
          Cancel
        </button>
        <span className="form-keys muted" aria-hidden="true">
          <kbd>Enter</kbd> saves · <kbd>Esc</kbd> cancels
        </span>
      </div>
    </form>
  );
}
