import { describe, expect, it, vi } from 'vitest';
import { createQueryStore, invalidateQueries } from '../../../src/renderer/src/stores/query-store';

/*
 * Without a DOM the hooks cannot mount, so no entry here has a reader: what is observable is
 * `preload` (which reads once per input and then answers from the cache) and what a change
 * notice does to unread entries it touches (drops them, so the next preload reads again). The
 * in-place re-read of a mounted entry (`stale`, generations) is not reached from here.
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
