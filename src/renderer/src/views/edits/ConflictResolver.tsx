import { useEffect, useId, useRef, useState } from 'react';
import type { EditableEventField, EditView } from '../../../../shared/ipc/edits';
import { editActions } from '../../stores/edits';
import { ActionProblem } from './ActionProblem';
import { fieldHeading, fieldName } from './field-words';
import { FieldValue } from './FieldValue';
import {
  choicesSummary,
  conflictFields,
  initialChoices,
  resolutionFor,
  type Choice,
  type EditConflict,
  type FieldChoices,
  type ResolveAction,
} from './resolution';
import { useEditAction } from './use-edit-action';

interface ResolverProps {
  edit: EditView;
  conflict: EditConflict;
  /** Closes the resolver: cancelled, or resolved and nothing left to choose. */
  onClose: () => void;
}

/**
 * Per field both sides changed: what it read when the organizer edited, the organizer's own, and
 * what the service holds now, in the order of the radios beside them; a choice per field, or one
 * for all. A deletion has nothing to pick per field: it either goes ahead, taking their changes
 * with it, or is dropped.
 */
export function ConflictResolver(props: ResolverProps) {
  return props.edit.kind === 'delete' ? (
    <DeletionResolver {...props} />
  ) : (
    <ChangeResolver {...props} />
  );
}

/** Opening the resolver takes the focus to its heading, so reading starts at the choice. */
function useFocusedHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

function ChangeResolver({ edit, conflict, onClose }: ResolverProps) {
  const headingId = useId();
  const heading = useFocusedHeading();
  const fields = conflictFields(conflict);
  const [choices, setChoices] = useState<FieldChoices>(() => initialChoices(fields));
  const action = useEditAction();
  const resolve = (kind: ResolveAction) =>
    void action
      .run(() => editActions.resolve(edit.id, resolutionFor(kind, fields, choices)))
      .then((resolved) => resolved && onClose());
  const pick = (field: EditableEventField, choice: Choice) =>
    setChoices((current) => ({ ...current, [field]: choice }));

  return (
    <section className="resolver" aria-labelledby={headingId} data-testid="resolver">
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Choose what to keep
      </h3>
      <table className="data resolver-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">When you edited</th>
            <th scope="col">Yours</th>
            <th scope="col">On the service now</th>
            <th scope="col">Keep</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => {
            const sides = conflict.fields[field];
            if (sides === undefined) return null;
            const choice = choices[field] ?? 'mine';
            const heading = fieldHeading(field);
            return (
              <tr key={field} data-field={field}>
                <th scope="row">{heading}</th>
                <td className="resolver-base">
                  {sides.base === null ? (
                    <span className="muted">not known here</span>
                  ) : (
                    <FieldValue field={field} value={sides.base} />
                  )}
                </td>
                <td className={choice === 'mine' ? 'chosen' : undefined}>
                  <FieldValue field={field} value={sides.mine} />
                </td>
                <td className={choice === 'theirs' ? 'chosen' : undefined}>
                  <FieldValue field={field} value={sides.theirs} />
                </td>
                <td>
                  <div
                    className="resolver-choice"
                    role="radiogroup"
                    aria-label={`Keep for ${heading}`}
                  >
                    <label>
                      <input
                        type="radio"
                        name={`${headingId}-${field}`}
                        checked={choice === 'mine'}
                        onChange={() => pick(field, 'mine')}
                      />
                      Yours
                    </label>
                    <label>
                      <input
                        type="radio"
                        name={`${headingId}-${field}`}
                        checked={choice === 'theirs'}
                        onChange={() => pick(field, 'theirs')}
                      />
                      Theirs
                    </label>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted" aria-live="polite">
        {choicesSummary(fields, choices, fieldName)} Fields only one side changed are kept already.
      </p>
      <div className="edit-actions">
        <button
          type="button"
          className="button primary"
          aria-disabled={action.busy}
          onClick={() => resolve('apply')}
        >
          Apply choices
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={action.busy}
          onClick={() => resolve('mine')}
        >
          Keep all mine
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={action.busy}
          onClick={() => resolve('theirs')}
        >
          Take all theirs
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
      <ActionProblem problem={action.problem} />
    </section>
  );
}

function DeletionResolver({ edit, conflict, onClose }: ResolverProps) {
  const headingId = useId();
  const heading = useFocusedHeading();
  const fields = conflictFields(conflict);
  const action = useEditAction();
  const resolve = (choice: Choice) =>
    void action
      .run(() => editActions.resolve(edit.id, choice))
      .then((resolved) => resolved && onClose());

  return (
    <section className="resolver" aria-labelledby={headingId} data-testid="resolver">
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Delete anyway, or keep the event?
      </h3>
      <p>Deleting it now would also remove the changes made on the service since you asked:</p>
      <table className="data resolver-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">When you asked to delete</th>
            <th scope="col">On the service now</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => {
            const sides = conflict.fields[field];
            if (sides === undefined) return null;
            return (
              <tr key={field} data-field={field}>
                <th scope="row">{fieldHeading(field)}</th>
                <td className="resolver-base">
                  <FieldValue field={field} value={sides.base} />
                </td>
                <td>
                  <FieldValue field={field} value={sides.theirs} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="edit-actions">
        <button
          type="button"
          className="button danger"
          aria-disabled={action.busy}
          onClick={() => resolve('mine')}
        >
          Delete anyway
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={action.busy}
          onClick={() => resolve('theirs')}
        >
          Keep the event with their changes
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
      <ActionProblem problem={action.problem} />
    </section>
  );
}
