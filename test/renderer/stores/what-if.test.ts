import { describe, expect, it, vi } from 'vitest';
import type { WhatIfResult } from '../../../src/shared/ipc/analysis';
import { createWhatIf, sameOutcomes, whatIfOf } from '../../../src/renderer/src/stores/analysis';

/*
 * The what-if store without the bridge: `createWhatIf` takes the run as a function, as the app's
 * store takes the bridge's `analysis:whatIf`.
 */

const EVENT = '2026txhou';

function result(top8: number): WhatIfResult {
  return {
    eventId: EVENT,
    runs: 10_000,
    remaining: 12,
    teams: [{ team: 254, rankNow: 3, expectedRank: 2.4, top8 }],
    basis: { played: 38, total: 50, asOf: '2026-03-14T14:02:00.000Z' },
  };
}

function deferred<Value>() {
  let resolve: (value: Value) => void = () => undefined;
  const promise = new Promise<Value>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createWhatIf', () => {
  it('runs with the fixed outcomes and keeps the run before to compare', async () => {
    const run = vi.fn((input: { fixed: unknown[] }) =>
      Promise.resolve({
        data: result(input.fixed.length === 0 ? 0.4 : 0.9),
        builtFrom: ['analysis'],
      }),
    );
    const store = createWhatIf(run, 10_000);
    await store.getState().run(EVENT);
    store.getState().fix(EVENT, 'q42', 'red');
    expect(
      sameOutcomes(
        whatIfOf(store.getState(), EVENT).ranWith ?? [],
        whatIfOf(store.getState(), EVENT).fixed,
      ),
    ).toBe(false);
    await store.getState().run(EVENT);
    expect(run).toHaveBeenLastCalledWith({
      eventId: EVENT,
      fixed: [{ matchId: 'q42', winner: 'red' }],
      runs: 10_000,
    });
    const state = whatIfOf(store.getState(), EVENT);
    expect(state.result?.teams[0]?.top8).toBe(0.9);
    expect(state.previous?.teams[0]?.top8).toBe(0.4);
    expect(state.running).toBe(false);
  });

  it('fixes one outcome per match, and frees it', () => {
    const store = createWhatIf(() => Promise.reject(new Error('not run')));
    store.getState().fix(EVENT, 'q42', 'red');
    store.getState().fix(EVENT, 'q42', 'blue');
    store.getState().fix(EVENT, 'q43', 'tie');
    expect(whatIfOf(store.getState(), EVENT).fixed).toEqual([
      { matchId: 'q42', winner: 'blue' },
      { matchId: 'q43', winner: 'tie' },
    ]);
    store.getState().fix(EVENT, 'q42', null);
    expect(whatIfOf(store.getState(), EVENT).fixed).toEqual([{ matchId: 'q43', winner: 'tie' }]);
  });

  it('shows only the newest run when an older one answers last', async () => {
    const first = deferred<{ data: WhatIfResult; builtFrom: string[] }>();
    const second = deferred<{ data: WhatIfResult; builtFrom: string[] }>();
    const answers = [first.promise, second.promise];
    const store = createWhatIf(() => answers.shift() ?? Promise.reject(new Error('extra run')));
    const one = store.getState().run(EVENT);
    const two = store.getState().run(EVENT);
    expect(whatIfOf(store.getState(), EVENT).running).toBe(true);
    second.resolve({ data: result(0.7), builtFrom: ['analysis'] });
    await two;
    first.resolve({ data: result(0.1), builtFrom: ['analysis'] });
    await one;
    expect(whatIfOf(store.getState(), EVENT).result?.teams[0]?.top8).toBe(0.7);
  });

  it('says so in words when the analysis is still computing or the run fails', async () => {
    const computing = createWhatIf(() => Promise.resolve({ data: null, builtFrom: ['analysis'] }));
    await computing.getState().run(EVENT);
    expect(whatIfOf(computing.getState(), EVENT).error).toMatch(/still computing/);
    const failing = createWhatIf(() => Promise.reject(new Error('The worker stopped.')));
    await failing.getState().run(EVENT);
    const state = whatIfOf(failing.getState(), EVENT);
    expect(state.error).toBe('The worker stopped.');
    expect(state.running).toBe(false);
  });
});
