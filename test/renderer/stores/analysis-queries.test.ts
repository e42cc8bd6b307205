import { afterEach, describe, expect, it, vi } from 'vitest';
import { analysisQueries } from '../../../src/renderer/src/stores/analysis';
import { invalidateQueries } from '../../../src/renderer/src/stores/query-store';

/*
 * The analysis' answers are read through the bridge like any cached read: `window.api` is
 * stubbed with the one command the store calls (there is no Electron preload here), so the test
 * sees which change notices make the store read again.
 */

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubBridge(answer: () => { data: { eventId: string } | null; builtFrom: string[] }) {
  const event = vi.fn((_input: { eventId: string }) =>
    Promise.resolve({ ok: true as const, value: answer() }),
  );
  vi.stubGlobal('window', { api: { analysis: { event } } });
  return event;
}

describe('analysisQueries', () => {
  it('reads an event again when a notice names the analysis, and not for other changes', async () => {
    let computed = false;
    const event = stubBridge(() => ({
      data: computed ? { eventId: '2026txhou' } : null,
      builtFrom: ['analysis'],
    }));
    const stop = analysisQueries.watch('event', { eventId: '2026txhou' });
    await settle();
    // Before the first computation: an answer without data, which the views say as "Computing…".
    expect(analysisQueries.current('event', { eventId: '2026txhou' }).value?.data).toBeNull();

    invalidateQueries(['event:2026txhou:matches']);
    await settle();
    expect(event).toHaveBeenCalledTimes(1);

    computed = true;
    invalidateQueries(['analysis']);
    await settle();
    expect(event).toHaveBeenCalledTimes(2);
    expect(analysisQueries.current('event', { eventId: '2026txhou' }).value?.data).toEqual({
      eventId: '2026txhou',
    });
    stop();
  });

  it('says a failed read in words', async () => {
    vi.stubGlobal('window', {
      api: {
        analysis: {
          event: () =>
            Promise.resolve({
              ok: false,
              error: { code: 'internal', message: 'The analysis stopped.' },
            }),
        },
      },
    });
    const stop = analysisQueries.watch('event', { eventId: '2026other' });
    await settle();
    const remote = analysisQueries.current('event', { eventId: '2026other' });
    expect(remote.status).toBe('error');
    expect(remote.error).toBe('The analysis stopped.');
    stop();
  });
});
