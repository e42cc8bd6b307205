import { EDITABLE_EVENT_FIELDS, fieldMember } from '../../../../shared/ipc/edits';
import type { ErrorDetail } from '../../../../shared/wire/errors';
import { FORM_FIELDS, type FormField } from './form-values';

/** What is wrong with a form: each field's message, and what belongs to no field. */
export interface FormProblems {
  fields: Partial<Record<FormField, string>>;
  other: string[];
}

/** Each body path the form shows a field for: the form names a field after its member. */
const FIELD_OF_PATH: ReadonlyMap<string, FormField> = new Map(
  EDITABLE_EVENT_FIELDS.flatMap((path) => {
    const member: string = fieldMember(path);
    return FORM_FIELDS.flatMap((field) => (field === member ? [[path, field] as const] : []));
  }),
);

/**
 * The form field a detail's path names. The service and the shared checks name fields of the body
 * (`location.city`); main names them within its command's input (`event.name` for a create,
 * `patch.location.city` for a change).
 */
export function formFieldOf(path: string): FormField | null {
  const inBody = path.replace(/^(event|patch)(\.|$)/, '');
  return FIELD_OF_PATH.get(inBody) ?? null;
}

/** "Start": how the summary names a field. */
export const FIELD_LABELS: Readonly<Record<FormField, string>> = {
  name: 'Name',
  season: 'Season',
  startDate: 'Start',
  endDate: 'End',
  venue: 'Venue',
  city: 'City',
  state: 'State or province',
  country: 'Country',
  visibility: 'Visibility',
};

/**
 * Details as the form shows them: each message beside its field, word for word, several for one
 * field joined; a detail no field shows is kept with its path, and a refusal with no details at
 * all keeps its message, so nothing the service said is lost.
 */
export function problemsOf(details: readonly ErrorDetail[], message: string): FormProblems {
  const byField = new Map<FormField, string[]>();
  const other: string[] = [];
  for (const { field, issue } of details) {
    const formField = formFieldOf(field);
    if (formField === null) {
      const path = field.replace(/^(event|patch)(\.|$)/, '');
      other.push(path === '' ? issue : `${path}: ${issue}`);
      continue;
    }
    const issues = byField.get(formField) ?? [];
    if (!issues.includes(issue)) issues.push(issue);
    byField.set(formField, issues);
  }
  if (details.length === 0) other.push(message);
  const fields: FormProblems['fields'] = {};
  for (const field of FORM_FIELDS) {
    const issues = byField.get(field);
    if (issues !== undefined) fields[field] = issues.join('; ');
  }
  return { fields, other };
}

export function hasProblems(problems: FormProblems): boolean {
  return problems.other.length > 0 || Object.keys(problems.fields).length > 0;
}

/** The field that takes the focus: the first at fault, in the form's order. */
export function firstFieldAtFault(problems: FormProblems): FormField | null {
  return FORM_FIELDS.find((field) => problems.fields[field] !== undefined) ?? null;
}
