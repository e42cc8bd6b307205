import type { EditableEventField } from '../../../../shared/ipc/edits';
import { fieldValueText, fieldValueTitle, isDateField } from './field-words';

/** One side's value of a field: a date in the person's zone with UTC on hover, empty in words. */
export function FieldValue({ field, value }: { field: EditableEventField; value: string | null }) {
  const text = fieldValueText(field, value);
  if (value === null || value === '') return <span className="muted">{text}</span>;
  if (isDateField(field)) {
    return (
      <time dateTime={value} title={fieldValueTitle(field, value)}>
        {text}
      </time>
    );
  }
  return <span>{text}</span>;
}
