import { useEffect } from 'react';
import type { EditsElsewhereGroup, EditView } from '../../../../shared/ipc/edits';
import { holdsUnload } from './unsent-summary';

/**
 * While edits are not sent, this service's or another's, leaving the page asks first. The browser preview shows its own
 * question; in the app, Electron shows none and tells main instead, whose window asks with the
 * number of edits (`will-prevent-unload` in src/main/window.ts).
 */
export function useUnloadWarning(
  list: readonly EditView[] | null,
  elsewhere: readonly EditsElsewhereGroup[] | null,
): void {
  const holds = holdsUnload(list, elsewhere);
  useEffect(() => {
    if (!holds) return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [holds]);
}
