import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPendingDeletes,
  UNDO_WINDOW_MS,
} from '../../../src/renderer/src/stores/pending-deletes';

const SPRINGFIELD = { eventId: '2025springfield', eventName: 'Springfield Regional' };
const LAKESIDE = { eventId: '2025lakeside', eventName: 'Lakeside Qualifier' };

type Queued = { id: number } | null;

function setup(
  remove = vi.fn((_eventId: string, _holdMs: number) => Promise.resolve<Queued>({ id: 7 })),
) {
  const discard = vi.fn((_id: number) => Promise.resolve());
  const onQueued = vi.fn();
  const onUndone = vi.fn();
  const onFailed = vi.fn();
  const store = createPendingDeletes({ remove, discard, onQueued, onUndone, onFailed });
  return { store, remove, discard, onQueued, onUndone, onFailed };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the undo window', () => {
  it('lasts five seconds', () => {
    expect(UNDO_WINDOW_MS).toBe(5_000);
  });

  it('writes the deletion to the outbox at once, held for the window, and says so when it ends', async () => {
    const { store, remove, onQueued } = setup();
    const after = vi.fn();
    store.getState().schedule(SPRINGFIELD, after);
    // On disk before the window has run at all: closing the page now loses nothing.
    expect(remove.mock.calls).toEqual([['2025springfield', UNDO_WINDOW_MS]]);
    expect(store.getState().pending).toEqual([SPRINGFIELD]);

    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS - 1);
    expect(onQueued).not.toHaveBeenCalled();
    expect(store.getState().pending).toEqual([SPRINGFIELD]);

    await vi.advanceTimersByTimeAsync(1);
    expect(remove).toHaveBeenCalledTimes(1);
    expect(store.getState().pending).toEqual([]);
    expect(onQueued).toHaveBeenCalledWith(SPRINGFIELD);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('discards the held deletion on Undo, and says nothing of it being queued', async () => {
    const { store, discard, onQueued, onUndone } = setup();
    const after = vi.fn();
    store.getState().schedule(SPRINGFIELD, after);
    await vi.advanceTimersByTimeAsync(4_000);
    store.getState().undo('2025springfield');
    expect(store.getState().pending).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(discard.mock.calls).toEqual([[7]]);
    expect(onUndone).toHaveBeenCalledWith(SPRINGFIELD);
    expect(onQueued).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });

  it('keeps one window per event: asking twice does not delete twice or restart it', async () => {
    const { store, remove, onQueued } = setup();
    store.getState().schedule(SPRINGFIELD);
    await vi.advanceTimersByTimeAsync(3_000);
    store.getState().schedule(SPRINGFIELD);
    expect(store.getState().pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(onQueued).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('undoes one event without touching another one waiting', async () => {
    const { store, discard, onQueued } = setup();
    store.getState().schedule(SPRINGFIELD);
    await vi.advanceTimersByTimeAsync(1_000);
    store.getState().schedule(LAKESIDE);
    store.getState().undo('2025springfield');
    expect(store.getState().pending).toEqual([LAKESIDE]);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS);
    expect(discard).toHaveBeenCalledTimes(1);
    expect(onQueued.mock.calls).toEqual([[LAKESIDE]]);
  });

  it('reports a deletion the outbox refused, and runs nothing meant for success', async () => {
    const refusal = new Error('Set up a service first.');
    const { store, onQueued, onFailed } = setup(vi.fn(() => Promise.reject(refusal)));
    const after = vi.fn();
    store.getState().schedule(SPRINGFIELD, after);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS);
    expect(onFailed).toHaveBeenCalledWith(SPRINGFIELD, refusal);
    expect(store.getState().pending).toEqual([]);
    expect(onQueued).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
