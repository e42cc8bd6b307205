import type { ReactNode, Ref } from 'react';

export interface FieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  /** Shown under the field and read with it: a format, the UTC instant of a date. */
  hint?: ReactNode;
  optional?: boolean;
  type?: 'text' | 'datetime-local';
  placeholder?: string;
  autoComplete?: string;
  min?: string;
  testId: string;
}

/**
 * One labelled input with its message and hint beside it. The message is the input's description
 * as well as text on screen, so a screen reader reads it on focus, with `aria-invalid`.
 */
export function FormField({
  id,
  label,
  value,
  error,
  onChange,
  onBlur,
  inputRef,
  hint,
  optional = false,
  type = 'text',
  placeholder,
  autoComplete = 'off',
  min,
  testId,
}: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error === undefined ? null : errorId, hint === undefined ? null : hintId]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="optional"> (optional)</span>}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="input"
        type={type}
        value={value}
        required={!optional}
        placeholder={placeholder}
        autoComplete={autoComplete}
        spellCheck={false}
        min={min}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        data-testid={testId}
      />
      {error !== undefined && (
        <p className="field-error" id={errorId} data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
      {hint !== undefined && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
