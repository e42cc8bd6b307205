import { FILTER_TEXT_MAX } from '../../../shared/ipc/filter-text';
import { useDebouncedText } from './use-debounced-text';

/**
 * A text filter that filters as the person types (see `useDebouncedText`); Enter applies it at
 * once. It takes no more than a read does. A change of `value` from outside, such as "Clear
 * filters" or a link, replaces what is typed.
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
  const { text, setText, commitNow } = useDebouncedText(value, onCommit);
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
          if (event.key === 'Enter') commitNow();
        }}
        data-testid={testId}
      />
    </label>
  );
}
