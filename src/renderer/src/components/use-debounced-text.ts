import { useEffect, useEffectEvent, useState } from 'react';

/**
 * The one pause before typed filter text applies: long enough to let a word be typed, short
 * enough to feel like "as you type". Every filter field waits the same.
 */
export const DEBOUNCE_MS = 250;

/**
 * A filter field whose value lives in the address: typing shows at once, and the trimmed text is
 * committed after `DEBOUNCE_MS` without a key, so each keystroke does not re-read the list
 * (`commitNow`, for Enter, does not wait). When the address changes from elsewhere (Back, "Clear
 * filters", a link), the field follows it.
 */
export function useDebouncedText(
  committed: string,
  commit: (text: string) => void,
): { text: string; setText: (text: string) => void; commitNow: () => void } {
  const [text, setText] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    // Our own commit comes back trimmed; keep the space the person is in the middle of typing.
    if (committed !== text.trim()) setText(committed);
  }
  const send = useEffectEvent((next: string) => commit(next));
  useEffect(() => {
    if (text.trim() === committed) return;
    const timer = window.setTimeout(() => send(text.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, committed]);
  const commitNow = () => {
    if (text.trim() !== committed) commit(text.trim());
  };
  return { text, setText, commitNow };
}
