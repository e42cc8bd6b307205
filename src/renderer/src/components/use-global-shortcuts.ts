import { useEffect } from 'react';
import { useOverlays } from '../stores/quick-open';
import { useSyncStatus } from '../stores/sync-status';

/** Whether the key went to something a person types into, where `/` and `?` are text. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * The app-wide keys: Ctrl/Cmd+K or `/` opens quick open, Ctrl/Cmd+S syncs now, `?` lists the
 * shortcuts. Browser defaults for those keys (save page, find) are taken over.
 */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && !event.altKey && key === 'k') {
        event.preventDefault();
        useOverlays.getState().openQuickOpen();
      } else if (mod && !event.altKey && key === 's') {
        event.preventDefault();
        void useSyncStatus.getState().syncNow();
      } else if (!mod && !event.altKey && !typingIn(event.target)) {
        if (event.key === '/') {
          event.preventDefault();
          useOverlays.getState().openQuickOpen();
        } else if (event.key === '?') {
          event.preventDefault();
          useOverlays.getState().setShortcuts(true);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
