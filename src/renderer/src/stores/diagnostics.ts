import { create } from 'zustand';
import { bridge, describeError, unwrap } from '../api';

/**
 * `copied`: on the clipboard; `shown`: the clipboard refused it (no permission, no focus), so the
 * text is shown for the person to copy by hand.
 */
export type DiagnosticsStatus = 'idle' | 'copying' | 'copied' | 'shown' | 'error';

interface DiagnosticsState {
  status: DiagnosticsStatus;
  text: string | null;
  error: string | null;
  copy: () => Promise<void>;
}

/** "Copy diagnostics": main builds the text (the same as Help → Copy Diagnostics), the page copies it. */
export const useDiagnostics = create<DiagnosticsState>()((set, get) => ({
  status: 'idle',
  text: null,
  error: null,
  copy: async () => {
    if (get().status === 'copying') return;
    set({ status: 'copying', error: null });
    let text: string;
    try {
      ({ text } = await unwrap(bridge().app.diagnostics()));
    } catch (error) {
      set({ status: 'error', error: describeError(error) });
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      set({ status: 'copied', text });
    } catch {
      set({ status: 'shown', text });
    }
  },
}));
