import { useEffect, useEffectEvent, useRef, useState } from 'react';

/** How long typing may pause before what was typed is saved without leaving the field. */
export const SAVE_PAUSE_MS = 400;

/**
 * A field saved as it is typed, like the outbox keeps an edit: after a short pause, on leaving
 * the field, and when the view goes away mid-word, so nothing typed is lost. A value saved
 * elsewhere (another window) replaces the text, but never while the person is in the field.
 */
export function useSavedText(
  saved: string,
  save: (text: string) => void,
): {
  text: string;
  setText: (text: string) => void;
  saveNow: () => void;
  focusProps: { onFocus: () => void; onBlur: () => void };
} {
  const [text, setText] = useState(saved);
  const [sent, setSent] = useState(saved);
  const [seen, setSeen] = useState(saved);
  const [editing, setEditing] = useState(false);
  if (saved !== seen && !editing) {
    setSeen(saved);
    setText(saved);
    setSent(saved);
  }
  const send = useEffectEvent((next: string) => {
    if (next === sent) return;
    setSent(next);
    save(next);
  });
  useEffect(() => {
    const timer = window.setTimeout(() => send(text), SAVE_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  // Leaving the view mid-word still saves the word.
  const latest = useRef({ text, sent, save });
  useEffect(() => {
    latest.current = { text, sent, save };
  });
  useEffect(
    () => () => {
      const { text: typed, sent: kept, save: saveLast } = latest.current;
      if (typed !== kept) saveLast(typed);
    },
    [],
  );
  const saveNow = () => {
    if (text === sent) return;
    setSent(text);
    save(text);
  };
  return {
    text,
    setText,
    saveNow,
    focusProps: {
      onFocus: () => setEditing(true),
      onBlur: () => {
        setEditing(false);
        saveNow();
      },
    },
  };
}
