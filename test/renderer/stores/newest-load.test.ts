import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PitsideApi } from '../../../src/shared/ipc/bridge';
import { useLibrary } from '../../../src/renderer/src/stores/library';
import { useSetup } from '../../../src/renderer/src/stores/setup';

/*
 * The stores reloaded by hand on change notices. Their bridge is a stand-in: `window.api` is the
 * Electron preload's, which cannot run here; each call answers when the test says.
 */

type Held<Value> = { resolve: (value: Value) => void };

function holding<Value>() {
  const held: Held<Value>[] = [];
  const call = () =>
    new Promise<{ ok: true; value: Value }>((resolve) => {
      held.push({ resolve: (value) => resolve({ ok: true, value }) });
    });
  return { held, call };
}

function stubBridge(api: Record<string, unknown>): void {
  vi.stubGlobal('window', { api: api as unknown as PitsideApi });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a load started by a notice during the first load', () => {
  it('keeps the library the notice brought, whichever load answers last', async () => {
    const favorites = holding<number[]>();
    const pins = holding<string[]>();
    stubBridge({ favorites: { list: favorites.call }, pins: { list: pins.call } });
    const first = useLibrary.getState().load();
    const second = useLibrary.getState().load();
    favorites.held[1]!.resolve([254, 1678]);
    pins.held[1]!.resolve(['2026casj']);
    await second;
    favorites.held[0]!.resolve([]);
    pins.held[0]!.resolve([]);
    await first;
    await settle();
    expect(useLibrary.getState()).toMatchObject({ favorites: [254, 1678], pins: ['2026casj'] });
  });

  it('keeps the setup the notice brought, whichever load answers last', async () => {
    const setup = holding<{ profile: string }>();
    stubBridge({ setup: { get: setup.call } });
    const first = useSetup.getState().load();
    const second = useSetup.getState().load();
    setup.held[1]!.resolve({ profile: 'demo' });
    await second;
    setup.held[0]!.resolve({ profile: 'none' });
    await first;
    expect(useSetup.getState().setup).toEqual({ profile: 'demo' });
  });
});
