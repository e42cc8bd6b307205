import { create } from 'zustand';
import type { Theme } from '../../../shared/ipc/setup';
import { bridge, describeError, unwrap } from '../api';

interface PreferencesState {
  theme: Theme;
  error: string | null;
  load: () => Promise<void>;
  setTheme: (theme: Theme) => Promise<void>;
}

/**
 * The theme is applied to the document at once (the page does not wait on main to repaint) and
 * then kept by main, which also sets the native theme so the window frame matches.
 */
export const usePreferences = create<PreferencesState>()((set) => ({
  theme: 'system',
  error: null,
  load: async () => {
    try {
      const { theme } = await unwrap(bridge().theme.get());
      applyTheme(theme);
      set({ theme });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
  setTheme: async (theme) => {
    applyTheme(theme);
    set({ theme, error: null });
    try {
      await unwrap(bridge().theme.set({ theme }));
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
}));

/** `system` leaves the choice to `prefers-color-scheme`; the others pin it. */
export function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/** What the page shows now, for "Switch to dark theme" and the like. */
export function shownTheme(theme: Theme): 'light' | 'dark' {
  if (theme !== 'system') return theme;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
