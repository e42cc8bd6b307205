import { useEffect } from 'react';
import type { EditView } from '../../../../shared/ipc/edits';
import { holdsUnload } from './unsent-summary';

/**
 * While edits are not sent, leaving the page asks first. The browser preview shows its own
 * question; in the app, Electron shows none and tells main instead, whose window asks with the
 * number of edits (`will-prevent-unload` in src/main/window.ts).
 */
export function useUnloadWarning(list: readonly EditView[] | null): void {
  const holds = holdsUnload(list);
  useEffect(() => {
    if (!holds) return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [holds]);
}
