import { create } from 'zustand';
import type { ExportList } from '../../../shared/ipc/actions';
import { bridge, describeError, unwrap } from '../api';

/** One line the app shows after an action ("Saved 120 rows to …"), polite, then it fades. */
export interface Notice {
  id: number;
  tone: 'info' | 'error';
  text: string;
  /** What takes the action back ("Undo"), offered beside the words while the notice shows. */
  undo?: () => void;
}

interface ActionsState {
  notice: Notice | null;
  exporting: boolean;
  exportList: (list: ExportList) => Promise<void>;
  openLink: (url: string) => Promise<void>;
  clearCache: () => Promise<void>;
  dismissNotice: () => void;
}

let nextNotice = 1;
const notice = (tone: Notice['tone'], text: string): Notice => ({ id: nextNotice++, tone, text });

/** Things a person asks main to do for them: export a list, open a link, clear the cache. */
export const useActions = create<ActionsState>()((set) => ({
  notice: null,
  exporting: false,
  exportList: async (list) => {
    set({ exporting: true });
    try {
      const result = await unwrap(bridge().export.csv(list));
      set({
        exporting: false,
        notice: result.saved
          ? notice('info', `Saved ${result.rows.toLocaleString()} rows to ${result.path ?? ''}`)
          : null,
      });
    } catch (error) {
      set({ exporting: false, notice: notice('error', `Export failed: ${describeError(error)}`) });
    }
  },
  openLink: async (url) => {
    try {
      await unwrap(bridge().links.open({ url }));
    } catch (error) {
      set({ notice: notice('error', `Could not open the link: ${describeError(error)}`) });
    }
  },
  clearCache: async () => {
    try {
      await unwrap(bridge().cache.clear());
      set({
        notice: notice('info', 'Cache cleared; syncing again. Favorites and pins were kept.'),
      });
    } catch (error) {
      set({ notice: notice('error', `Could not clear the cache: ${describeError(error)}`) });
    }
  },
  dismissNotice: () => set({ notice: null }),
}));

/** Shows a notice from outside this store: an organizer's edit saved, a deletion queued. */
export function showNotice(tone: Notice['tone'], text: string, undo?: () => void): void {
  useActions.setState({
    notice: { ...notice(tone, text), ...(undo === undefined ? {} : { undo }) },
  });
}
