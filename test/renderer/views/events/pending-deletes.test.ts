import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPendingDeletes,
  UNDO_WINDOW_MS,
} from '../../../../src/renderer/src/views/events/pending-deletes';

const SPRINGFIELD = { eventId: '2025springfield', eventName: 'Springfield Regional' };
const LAKESIDE = { eventId: '2025lakeside', eventName: 'Lakeside Qualifier' };

function setup(remove = vi.fn((_eventId: string) => Promise.resolve<unknown>({ id: 1 }))) {
  const onQueued = vi.fn();
  const onFailed = vi.fn();
  const store = createPendingDeletes({ remove, onQueued, onFailed });
  return { store, remove, onQueued, onFailed };
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

  it('queues nothing before it ends, and the deletion once it has', async () => {
    const { store, remove, onQueued } = setup();
    const after = vi.fn();
    store.getState().schedule(SPRINGFIELD, after);
    expect(store.getState().pending).toEqual([SPRINGFIELD]);

    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS - 1);
    expect(remove).not.toHaveBeenCalled();
    expect(store.getState().pending).toEqual([SPRINGFIELD]);

    await vi.advanceTimersByTimeAsync(1);
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith('2025springfield');
    expect(store.getState().pending).toEqual([]);
    expect(onQueued).toHaveBeenCalledWith(SPRINGFIELD, { id: 1 });
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('queues nothing, ever, after Undo', async () => {
    const { store, remove, onQueued } = setup();
    const after = vi.fn();
    store.getState().schedule(SPRINGFIELD, after);
    await vi.advanceTimersByTimeAsync(4_000);
    store.getState().undo('2025springfield');
    expect(store.getState().pending).toEqual([]);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(remove).not.toHaveBeenCalled();
    expect(onQueued).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });

  it('keeps one window per event: asking twice does not delete twice or restart it', async () => {
    const { store, remove } = setup();
    store.getState().schedule(SPRINGFIELD);
    await vi.advanceTimersByTimeAsync(3_000);
    store.getState().schedule(SPRINGFIELD);
    expect(store.getState().pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(remove).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('undoes one event without touching another one waiting', async () => {
    const { store, remove } = setup();
    store.getState().schedule(SPRINGFIELD);
    await vi.advanceTimersByTimeAsync(1_000);
    store.getState().schedule(LAKESIDE);
    store.getState().undo('2025springfield');
    expect(store.getState().pending).toEqual([LAKESIDE]);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS);
    expect(remove.mock.calls).toEqual([['2025lakeside']]);
  });

  it('queues every waiting deletion at once when flushed (the page is closing)', async () => {
    const { store, remove } = setup();
    store.getState().schedule(SPRINGFIELD);
    store.getState().schedule(LAKESIDE);
    store.getState().flush();
    expect(remove.mock.calls).toEqual([['2025springfield'], ['2025lakeside']]);
    expect(store.getState().pending).toEqual([]);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS * 2);
    expect(remove).toHaveBeenCalledTimes(2);
  });

  it('reports a deletion the outbox refused, and runs nothing meant for success', async () => {
    const refusal = new Error('Set up a service first.');
    const { store, onQueued, onFailed } = setup(vi.fn(() => Promise.reject(refusal)));
    const after = vi.fn();
    store.getState().schedule(SPRINGFIELD, after);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS);
    expect(onFailed).toHaveBeenCalledWith(SPRINGFIELD, refusal);
    expect(onQueued).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
