import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { touches } from '../../../shared/ipc/resources';
import type { IpcErrorCode } from '../../../shared/ipc/errors';
import { ApiError, describeError } from '../api';

/** What every read answer carries: the resources main built it from. */
interface Built {
  builtFrom: readonly string[];
}

/**
 * A remote collection as views see it. `stale`: a change notice touched it and the re-read is
 * under way; the old value stays on screen until the new one replaces it, so nothing flickers.
 */
export interface Remote<Value> {
  value: Value | null;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  /** The failure's code when the bridge gave one (`not_found` for a record the cache lacks). */
  errorCode?: IpcErrorCode | null;
  stale: boolean;
  /**
   * The value is an earlier input's, kept on screen while this input's first answer is read
   * (`keepPrevious`): nothing in it answers what is asked now.
   */
  previous?: boolean;
}

type Loader = (input: never) => Promise<Built>;
type InputOf<L> = L extends (input: infer Input) => Promise<Built> ? Input : never;
type ValueOf<L> = L extends (input: never) => Promise<infer Value> ? Value : never;

interface Entry {
  remote: Remote<Built>;
  /** Mounted views reading this entry; an entry nobody reads is dropped when it goes stale. */
  readers: number;
  reload: () => void;
  /**
   * A change notice came while the first read was under way: that read may have started before
   * the change was committed, so it is read again once it answers.
   */
  readAgain: () => void;
  /** Takes an action's answer as the newest read (reads already under way are dropped). */
  accept: (value: Built) => void;
}

interface QueryState {
  entries: Record<string, Entry>;
}

const LOADING: Remote<never> = { value: null, status: 'loading', error: null, stale: false };

function ready(value: Built): Remote<Built> {
  return { value, status: 'ready', error: null, errorCode: null, stale: false };
}

/**
 * What a view shows of an input's answer. With `keepPrevious`, the last answer of an earlier
 * input stays (marked stale and previous) while the new one is first read, so paging never
 * blanks the table; a failure of the new one is shown as such, never hidden behind the old rows.
 */
export function shownRemote<Value>(
  remote: Remote<Value> | undefined,
  previous: Remote<Value> | null,
  keepPrevious: boolean,
): Remote<Value> {
  const reading = remote === undefined || (remote.value === null && remote.status === 'loading');
  if (keepPrevious && reading && previous !== null) {
    return { ...previous, stale: true, previous: true };
  }
  return remote ?? LOADING;
}

/** Every query store, so one change notice reaches all of them. */
const invalidators = new Set<(changed: readonly string[]) => void>();

/** Called with each `cache:changed` notice: re-reads exactly the answers it may have changed. */
export function invalidateQueries(changed: readonly string[]): void {
  for (const invalidate of invalidators) invalidate(changed);
}

/**
 * A store of cached reads for one concern (events, teams, search): each named loader calls the
 * bridge, each answer is kept under its input, and a change notice that touches what an answer
 * was built from re-reads it in place. Views get the cached answer at once and never a spinner
 * once they have something to show.
 */
export function createQueryStore<Loaders extends Record<string, Loader>>(loaders: Loaders) {
  const useStore = create<QueryState>()(() => ({ entries: {} }));

  // A key is the loader's name and its input as JSON (inputs cross the bridge as JSON anyway), so
  // an effect can depend on the key alone and read the input back from it.
  const keyOf = (name: keyof Loaders, input: unknown) => JSON.stringify([name, input]);
  const ensureKey = (key: string): string => {
    const [name, input] = JSON.parse(key) as [keyof Loaders, InputOf<Loaders[keyof Loaders]>];
    return ensure(name, input);
  };

  function setRemote(key: string, update: (remote: Remote<Built>) => Remote<Built>): void {
    useStore.setState((state) => {
      const entry = state.entries[key];
      if (entry === undefined) return state;
      return { entries: { ...state.entries, [key]: { ...entry, remote: update(entry.remote) } } };
    });
  }

  function ensure<Name extends keyof Loaders>(name: Name, input: InputOf<Loaders[Name]>): string {
    const key = keyOf(name, input);
    if (useStore.getState().entries[key] !== undefined) return key;
    // Answers can arrive out of order when a notice re-reads while a read is going: only the
    // newest read of an entry may write it.
    let generation = 0;
    let again = false;
    const answered = () => {
      if (!again) return;
      again = false;
      refresh(key);
    };
    const reload = () => {
      const mine = ++generation;
      const loader = loaders[name] as (input: InputOf<Loaders[Name]>) => Promise<Built>;
      loader(input).then(
        (value) => {
          if (mine !== generation) return;
          setRemote(key, () => ready(value));
          answered();
        },
        (error: unknown) => {
          if (mine !== generation) return;
          setRemote(key, (remote) => ({
            ...remote,
            status: remote.value === null ? 'error' : 'ready',
            error: describeError(error),
            errorCode: error instanceof ApiError ? error.code : null,
            stale: false,
          }));
          answered();
        },
      );
    };
    const readAgain = () => {
      again = true;
    };
    const accept = (value: Built) => {
      generation += 1;
      setRemote(key, () => ready(value));
    };
    useStore.setState((state) => ({
      entries: {
        ...state.entries,
        [key]: { remote: LOADING, readers: 0, reload, readAgain, accept },
      },
    }));
    reload();
    return key;
  }

  function changeReaders(key: string, delta: number): void {
    useStore.setState((state) => {
      const entry = state.entries[key];
      if (entry === undefined) return state;
      return { entries: { ...state.entries, [key]: { ...entry, readers: entry.readers + delta } } };
    });
  }

  /** `changeReaders` for many entries in one store update. */
  function changeReadersOf(keys: readonly string[], delta: number): void {
    if (keys.length === 0) return;
    useStore.setState((state) => {
      const entries = { ...state.entries };
      for (const key of keys) {
        const entry = entries[key];
        if (entry !== undefined) entries[key] = { ...entry, readers: entry.readers + delta };
      }
      return { entries };
    });
  }

  /** The answer may be out of date: re-read where a view reads it, else forget it. */
  function refresh(key: string): void {
    const entry = useStore.getState().entries[key];
    if (entry === undefined) return;
    if (entry.readers === 0) {
      useStore.setState((state) => {
        const kept = { ...state.entries };
        delete kept[key];
        return { entries: kept };
      });
      return;
    }
    setRemote(key, (remote) => ({ ...remote, stale: true }));
    entry.reload();
  }

  invalidators.add((changed) => {
    for (const [key, entry] of Object.entries(useStore.getState().entries)) {
      // The first read names nothing yet and shows nothing: it answers first, then reads again
      // (re-reading at once could starve a view of any answer while a sync commits page by page).
      if (entry.remote.value === null && entry.remote.status === 'loading') {
        entry.readAgain();
        continue;
      }
      // A failed read names nothing it was built from, so any change may mend it: an event main
      // fetched in the background after answering `not_found` shows up without a reload.
      const builtFrom = entry.remote.value?.builtFrom;
      if (builtFrom !== undefined && !touches(changed, builtFrom)) continue;
      refresh(key);
    }
  });

  /** Reads `key` and keeps it current, as a mounted view does, until the returned call. */
  function watchKey(key: string): () => void {
    const mounted = ensureKey(key);
    changeReaders(mounted, 1);
    return () => changeReaders(mounted, -1);
  }

  /**
   * `name(input)` read and kept current outside React (what `useQuery` does for a mounted view);
   * returns the function that stops. `current` gives its answer meanwhile.
   */
  function watch<Name extends keyof Loaders>(name: Name, input: InputOf<Loaders[Name]>) {
    return watchKey(keyOf(name, input));
  }

  function current<Name extends keyof Loaders>(
    name: Name,
    input: InputOf<Loaders[Name]>,
  ): Remote<ValueOf<Loaders[Name]>> {
    const remote = useStore.getState().entries[keyOf(name, input)]?.remote ?? LOADING;
    return remote as Remote<ValueOf<Loaders[Name]>>;
  }

  /**
   * The cached answer of `name(input)`, read at once and kept current while mounted. `null`
   * input reads nothing (a view waiting for a parameter). `keepPrevious`: see `shownRemote`.
   */
  function useQuery<Name extends keyof Loaders>(
    name: Name,
    input: InputOf<Loaders[Name]> | null,
    options: { keepPrevious?: boolean } = {},
  ): Remote<ValueOf<Loaders[Name]>> {
    const key = input === null ? null : keyOf(name, input);
    useEffect(() => (key === null ? undefined : watchKey(key)), [key]);
    const remote = useStore((state) => (key === null ? undefined : state.entries[key]?.remote));
    const previous = useRef<Remote<Built> | null>(null);
    if (remote !== undefined && remote.value !== null) previous.current = remote;
    const shown = shownRemote(remote, previous.current, options.keepPrevious === true);
    return shown as Remote<ValueOf<Loaders[Name]>>;
  }

  /**
   * Several answers of one loader at once (the pages of a long list in view, every season's
   * statistics), each read and kept current exactly as `useQuery` keeps one; the answers come
   * back in the order of `inputs`. Inputs that leave the list stop being read, but their answers
   * stay cached until a change notice drops them, so scrolling back shows them at once.
   */
  function useQueries<Name extends keyof Loaders>(
    name: Name,
    inputs: readonly InputOf<Loaders[Name]>[],
  ): Remote<ValueOf<Loaders[Name]>>[] {
    const keys = inputs.map((input) => keyOf(name, input));
    // The list of keys as one text: the effect's only dependency, the inputs read back from it.
    const identity = JSON.stringify(keys);
    useEffect(() => {
      const mounted = (JSON.parse(identity) as string[]).map(ensureKey);
      changeReadersOf(mounted, 1);
      return () => changeReadersOf(mounted, -1);
    }, [identity]);
    const remotes = useStore(
      useShallow((state) => keys.map((key) => state.entries[key]?.remote ?? LOADING)),
    );
    return remotes as Remote<ValueOf<Loaders[Name]>>[];
  }

  /**
   * An action that answers with what it changed (a setting saved): its answer is shown at once
   * where `name(input)` is read, instead of the old value until the change notice's re-read.
   */
  function answered<Name extends keyof Loaders>(
    name: Name,
    input: InputOf<Loaders[Name]>,
    value: ValueOf<Loaders[Name]>,
  ): void {
    useStore.getState().entries[keyOf(name, input)]?.accept(value);
  }

  /** Reads ahead (the highlighted quick-open result) so opening it shows data at once. */
  function preload<Name extends keyof Loaders>(name: Name, input: InputOf<Loaders[Name]>): void {
    ensure(name, input);
  }

  return { useQuery, useQueries, preload, watch, current, answered };
}
