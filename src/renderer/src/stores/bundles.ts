import { create } from 'zustand';
import type { CommandInput, CommandOutput } from '../../../shared/ipc/contract';
import type { BundleExported, BundleImported, BundlePreview } from '../../../shared/ipc/bundles';
import { bridge, describeError, unwrap } from '../api';
import { createQueryStore, type Remote } from './query-store';

const NO_INPUT: Record<string, never> = {};

/** What Export for another laptop can write, re-read when a change notice touches it. */
export const bundleQueries = createQueryStore({
  options: (_input: Record<string, never>) => unwrap(bridge().bundle.get()),
});

export function useBundleOptions(): Remote<CommandOutput<'bundle:get'>> {
  return bundleQueries.useQuery('options', NO_INPUT);
}

interface BundleStore {
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
  /** A season (every one, `null`), or the pinned events; private and unlisted ones when asked. */
  exportBundle: (choice: CommandInput<'bundle:export'>) => Promise<void>;
  choose: () => Promise<void>;
  merge: () => Promise<void>;
  cancel: () => void;
}

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
    preview: null,
    done: null,
    error: null,
    busy: null,
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
      }),
    cancel: () => set({ preview: null, error: null }),
  };
});
