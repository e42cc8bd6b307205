import { useEffect, useEffectEvent, useState } from 'react';
import { FILTER_TEXT_MAX } from '../../../../shared/ipc/filter-text';

/** Long enough to let a word be typed, short enough to feel like "as you type". */
const DEBOUNCE_MS = 250;

/**
 * A text filter that filters as the person types: the address (and so the read) follows a
 * moment after the last keystroke, not on each one. It takes no more than a read does. A change of `value` from outside, such as
 * "Clear filters" or a link, replaces what is typed.
 */
export function DebouncedText({
  label,
  value,
  onCommit,
  placeholder,
  type = 'text',
  testId,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  placeholder?: string;
  type?: 'text' | 'search';
  testId?: string;
}) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }
  const commit = useEffectEvent((next: string) => onCommit(next));
  useEffect(() => {
    if (text === committed) return;
    const timer = window.setTimeout(() => commit(text), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, committed]);

  return (
    <label>
      {label}
      <input
        className="input"
        type={type}
        value={text}
        maxLength={FILTER_TEXT_MAX}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && text !== committed) onCommit(text);
        }}
        data-testid={testId}
      />
    </label>
  );
}
