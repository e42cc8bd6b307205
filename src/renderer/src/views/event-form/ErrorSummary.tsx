import { FIELD_LABELS, type FormProblems } from './field-errors';
import { FORM_FIELDS, type FormField } from './form-values';

/**
 * Why the event was not saved, above the form: every field at fault (each a button to it) and
 * whatever belongs to no field. Always in the page, so filling it is announced.
 */
export function ErrorSummary({
  problems,
  onFocusField,
}: {
  problems: FormProblems;
  onFocusField: (field: FormField) => void;
}) {
  const fields = FORM_FIELDS.filter((field) => problems.fields[field] !== undefined);
  const empty = fields.length === 0 && problems.other.length === 0;
  return (
    <div role="alert" className={empty ? 'form-summary empty' : 'form-summary'}>
      {!empty && (
        <>
          <p className="form-summary-title">Not saved yet: fix what is marked, then save again.</p>
          <ul data-testid="event-form-problems">
            {fields.map((field) => (
              <li key={field}>
                <button type="button" className="button link" onClick={() => onFocusField(field)}>
                  {FIELD_LABELS[field]}
                </button>
                : {problems.fields[field]}
              </li>
            ))}
            {problems.other.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
