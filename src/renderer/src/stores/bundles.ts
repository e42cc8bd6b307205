import { create } from 'zustand';
import type {
  BundleExported,
  BundleImported,
  BundleOptions,
  BundlePreview,
} from '../../../shared/ipc/bundles';
import { bridge, describeError, unwrap } from '../api';

interface BundleStore {
  options: BundleOptions | null;
  /** The file chosen to import, read and checked, waiting for Merge or Cancel. */
  preview: BundlePreview | null;
  /** What the last export or import did; one at a time, the newest. */
  done:
    | { kind: 'exported'; result: BundleExported }
    | { kind: 'imported'; result: BundleImported }
    | null;
  /** Why the last action failed, in words. */
  error: string | null;
  busy: 'export' | 'choose' | 'import' | null;
  load: () => Promise<void>;
  /** A season (every one, `null`), or the pinned events. */
  exportBundle: (choice: { season: string | null } | { pinned: true }) => Promise<void>;
  choose: () => Promise<void>;
  merge: () => Promise<void>;
  cancel: () => void;
}

let reading: Promise<void> | null = null;
let again = false;

/** Settings → Hand over a file: a bundle written for another laptop, or one taken from it. */
export const useBundles = create<BundleStore>()((set, get) => {
  const act = async (busy: NonNullable<BundleStore['busy']>, action: () => Promise<void>) => {
    set({ busy, error: null });
    try {
      await action();
    } catch (error) {
      set({ error: describeError(error) });
    } finally {
      set({ busy: null });
    }
  };
  return {
    options: null,
    preview: null,
    done: null,
    error: null,
    busy: null,
    load: async () => {
      // During a sync change notices come many times a second: one read at a time, and one more
      // after it for whatever changed meanwhile.
      if (reading !== null) {
        again = true;
        return reading;
      }
      reading = (async () => {
        try {
          do {
            again = false;
            set({ options: await unwrap(bridge().bundle.get()) });
          } while (again);
        } catch (error) {
          set({ error: describeError(error) });
        } finally {
          reading = null;
        }
      })();
      return reading;
    },
    exportBundle: (choice) =>
      act('export', async () => {
        const result = await unwrap(bridge().bundle.export(choice));
        // A closed dialog is no news.
        if (result.saved) set({ done: { kind: 'exported', result } });
      }),
    choose: () =>
      act('choose', async () => {
        set({ preview: null, done: null });
        set({ preview: await unwrap(bridge().bundle.choose()) });
      }),
    merge: () =>
      act('import', async () => {
        const preview = get().preview;
        if (preview === null) return;
        const result = await unwrap(bridge().bundle.import({ token: preview.token }));
        set({ preview: null, done: { kind: 'imported', result } });
        await get().load();
      }),
    cancel: () => set({ preview: null, error: null }),
  };
});
