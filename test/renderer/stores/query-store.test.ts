import { describe, expect, it, vi } from 'vitest';
import {
  createQueryStore,
  invalidateQueries,
  shownRemote,
  type Remote,
} from '../../../src/renderer/src/stores/query-store';

/*
 * Without a DOM the hooks cannot mount: `watch` reads an entry as a mounted view does, `current`
 * gives its answer, `preload` reads once per input and then answers from the cache, and a change
 * notice drops the unread entries it touches (so the next preload reads again).
 */

interface Answer {
  builtFrom: readonly string[];
  label: string;
}

/** Lets the loaders' promises settle and the store record them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function storeWith(builtFrom: (input: { id: string }) => readonly string[]) {
  const loader = vi.fn((input: { id: string }) =>
    Promise.resolve<Answer>({ builtFrom: builtFrom(input), label: input.id }),
  );
  return { loader, store: createQueryStore({ record: loader }) };
}

describe('createQueryStore: preload', () => {
  it('reads an input once, then answers it from the cache', async () => {
    const { loader, store } = storeWith(() => ['events']);
    store.preload('record', { id: 'a' });
    store.preload('record', { id: 'a' });
    await settle();
    store.preload('record', { id: 'a' });
    expect(loader).toHaveBeenCalledTimes(1);
    expect(loader).toHaveBeenCalledWith({ id: 'a' });
  });

  it('reads each distinct input, and each loader, separately', async () => {
    const first = vi.fn((_input: { page: number }) => Promise.resolve({ builtFrom: ['teams'] }));
    const second = vi.fn((_input: { page: number }) => Promise.resolve({ builtFrom: ['teams'] }));
    const store = createQueryStore({ first, second });
    store.preload('first', { page: 1 });
    store.preload('first', { page: 2 });
    store.preload('second', { page: 1 });
    await settle();
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('invalidateQueries', () => {
  it('re-reads only the answers built from a changed resource', async () => {
    const { loader, store } = storeWith(({ id }) => [`event:${id}`]);
    store.preload('record', { id: 'aaaaa' });
    store.preload('record', { id: 'bbbbb' });
    await settle();
    invalidateQueries(['event:aaaaa']);
    store.preload('record', { id: 'aaaaa' });
    store.preload('record', { id: 'bbbbb' });
    expect(loader.mock.calls.map(([input]) => input.id)).toEqual(['aaaaa', 'bbbbb', 'aaaaa']);
  });

  it('leaves every answer alone when nothing it was built from changed', async () => {
    const { loader, store } = storeWith(() => ['events', 'registrations']);
    store.preload('record', { id: 'a' });
    await settle();
    invalidateQueries(['teams', 'team:254', 'favorites']);
    store.preload('record', { id: 'a' });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('counts any one of several resources an answer was built from', async () => {
    const { loader, store } = storeWith(() => ['events', 'registrations']);
    store.preload('record', { id: 'a' });
    await settle();
    invalidateQueries(['teams', 'registrations']);
    store.preload('record', { id: 'a' });
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('re-reads everything when all was replaced', async () => {
    const { loader, store } = storeWith(({ id }) => [`team:${id}`]);
    store.preload('record', { id: '1' });
    store.preload('record', { id: '2' });
    await settle();
    invalidateQueries(['all']);
    store.preload('record', { id: '1' });
    store.preload('record', { id: '2' });
    expect(loader).toHaveBeenCalledTimes(4);
  });

  it('reaches every store', async () => {
    const events = storeWith(() => ['events']);
    const teams = storeWith(() => ['teams']);
    events.store.preload('record', { id: 'a' });
    teams.store.preload('record', { id: 'a' });
    await settle();
    invalidateQueries(['teams']);
    events.store.preload('record', { id: 'a' });
    teams.store.preload('record', { id: 'a' });
    expect(events.loader).toHaveBeenCalledTimes(1);
    expect(teams.loader).toHaveBeenCalledTimes(2);
  });

  it('leaves a read that is still under way alone rather than starting another', async () => {
    let answer: (value: Answer) => void = () => {};
    const loader = vi.fn(
      () =>
        new Promise<Answer>((resolve) => {
          answer = resolve;
        }),
    );
    const store = createQueryStore({ record: loader });
    store.preload('record', { id: 'a' });
    invalidateQueries(['all']);
    store.preload('record', { id: 'a' });
    expect(loader).toHaveBeenCalledTimes(1);
    answer({ builtFrom: ['events'], label: 'a' });
    await settle();
  });

  it('lets any change mend a failed read, which names nothing it was built from', async () => {
    const loader = vi
      .fn<(input: { id: string }) => Promise<Answer>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ builtFrom: ['events'], label: 'a' });
    const store = createQueryStore({ record: loader });
    store.preload('record', { id: 'a' });
    await settle();
    store.preload('record', { id: 'a' });
    expect(loader).toHaveBeenCalledTimes(1);
    invalidateQueries(['favorites']);
    store.preload('record', { id: 'a' });
    expect(loader).toHaveBeenCalledTimes(2);
  });
});

/** A loader whose answers the test gives, one call at a time, in any order. */
function heldLoader() {
  const calls: { input: { id: string }; answer: (label: string) => void }[] = [];
  const loader = vi.fn(
    (input: { id: string }) =>
      new Promise<Answer>((resolve) => {
        calls.push({ input, answer: (label) => resolve({ builtFrom: ['events'], label }) });
      }),
  );
  return { calls, loader };
}

describe('a change notice during the first read', () => {
  it('reads a watched entry again once the first read answers, and shows the second answer', async () => {
    const { calls, loader } = heldLoader();
    const store = createQueryStore({ record: loader });
    const stop = store.watch('record', { id: 'a' });
    // The sync commits while the first read is under way: that read may predate the change.
    invalidateQueries(['events']);
    expect(loader).toHaveBeenCalledTimes(1);
    calls[0]!.answer('before the change');
    await settle();
    // The first answer shows at once, then the read that follows the notice replaces it.
    expect(store.current('record', { id: 'a' })).toMatchObject({
      status: 'ready',
      stale: true,
      value: { label: 'before the change' },
    });
    expect(loader).toHaveBeenCalledTimes(2);
    calls[1]!.answer('after the change');
    await settle();
    expect(store.current('record', { id: 'a' })).toMatchObject({
      status: 'ready',
      stale: false,
      value: { label: 'after the change' },
    });
    expect(loader).toHaveBeenCalledTimes(2);
    stop();
  });

  it('forgets an unread entry once it answers, so the next read is fresh', async () => {
    const { calls, loader } = heldLoader();
    const store = createQueryStore({ record: loader });
    store.preload('record', { id: 'a' });
    invalidateQueries(['events']);
    calls[0]!.answer('before the change');
    await settle();
    store.preload('record', { id: 'a' });
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('reads once more after any number of notices, not once per notice', async () => {
    const { calls, loader } = heldLoader();
    const store = createQueryStore({ record: loader });
    const stop = store.watch('record', { id: 'a' });
    for (let notice = 0; notice < 5; notice += 1) invalidateQueries(['events']);
    calls[0]!.answer('first');
    await settle();
    calls[1]!.answer('second');
    await settle();
    expect(loader).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe('answered: an action that answers with what it changed', () => {
  it('shows the answer at once, and a read begun before it cannot put the old value back', async () => {
    const { calls, loader } = heldLoader();
    const store = createQueryStore({ record: loader });
    const stop = store.watch('record', { id: 'a' });
    calls[0]!.answer('first');
    await settle();
    invalidateQueries(['events']);
    expect(loader).toHaveBeenCalledTimes(2);
    store.answered('record', { id: 'a' }, { builtFrom: ['events'], label: 'saved' });
    expect(store.current('record', { id: 'a' })).toMatchObject({
      status: 'ready',
      stale: false,
      value: { label: 'saved' },
    });
    calls[1]!.answer('read before the save');
    await settle();
    expect(store.current('record', { id: 'a' }).value).toMatchObject({ label: 'saved' });
    stop();
  });
});

describe('shownRemote: keeping the previous answer', () => {
  const previous: Remote<{ rows: string[] }> = {
    value: { rows: ['old filter'] },
    status: 'ready',
    error: null,
    stale: false,
  };
  const loading: Remote<{ rows: string[] }> = {
    value: null,
    status: 'loading',
    error: null,
    stale: false,
  };

  it('shows the previous filter’s rows, marked, while the new filter is first read', () => {
    expect(shownRemote(loading, previous, true)).toEqual({
      ...previous,
      stale: true,
      previous: true,
    });
    expect(shownRemote(undefined, previous, true)).toMatchObject({ previous: true });
  });

  it('shows the new filter’s failure instead of the previous filter’s rows', () => {
    const failed: Remote<{ rows: string[] }> = {
      value: null,
      status: 'error',
      error: 'The search is too long.',
      stale: false,
    };
    expect(shownRemote(failed, previous, true)).toEqual(failed);
  });

  it('shows the loading state when asked not to keep anything', () => {
    expect(shownRemote(loading, previous, false)).toEqual(loading);
  });
});
