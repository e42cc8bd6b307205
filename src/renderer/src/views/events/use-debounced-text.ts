import { useEffect, useRef, useState } from 'react';

/**
 * A text field whose value lives in the address: typing shows at once, and the trimmed text is
 * committed after a short pause so each keystroke does not re-read the list. When the address
 * changes from elsewhere (Back, "Clear filters"), the field follows it.
 */
export function useDebouncedText(
  committed: string,
  commit: (text: string) => void,
  delayMs = 150,
): [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    // Our own commit comes back trimmed; keep the space the person is in the middle of typing.
    if (committed !== text.trim()) setText(committed);
  }
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => {
    if (text.trim() === committed) return;
    const timer = window.setTimeout(() => commitRef.current(text.trim()), delayMs);
    return () => window.clearTimeout(timer);
  }, [text, committed, delayMs]);
  return [text, setText];
}
