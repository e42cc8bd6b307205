import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBridge } from '../../../src/shared/ipc/bridge';
import { libraryQueries } from '../../../src/renderer/src/stores/library';
import { connectPushes } from '../../../src/renderer/src/stores/pushes';
import { serviceSettingsQueries } from '../../../src/renderer/src/stores/service-settings';
import { setupQueries } from '../../../src/renderer/src/stores/setup';
import { valueOf } from '../../harness/layer-dispatch';
import { openTestWorkspace, type OpenWorkspace } from '../../main/profiles/workspace-rig';

/*
 * The reads that used to be reloaded by hand (the person's lists, which data is shown, the service
 * settings) kept current the one way every read is: main's change notices, matched against what
 * each answer was built from. Main is the real workspace (its SQLite cache in a temp directory,
 * the demo service on loopback); only `window.api` is built here, over the dispatcher and the
 * push hub, since the Electron preload that builds it in the app cannot run here. Each change is
 * made through main, as another window or the command line would, never through the renderer's
 * stores: only the notice can bring it.
 */

const NO_INPUT = {};
/** Reads answer within a few round trips; the bound only keeps a broken wiring from hanging. */
const until = { timeout: 20_000, interval: 10 };

let opened: OpenWorkspace;
let stop: (() => void)[] = [];

beforeAll(async () => {
  opened = await openTestWorkspace();
  const { workspace, dispatch } = opened;
  const api = createBridge(
    (name, input) => dispatch(name, input),
    (name, listener) =>
      workspace.pushes.attach((pushed, payload) => {
        if (pushed === name) listener(payload);
      }),
  );
  vi.stubGlobal('window', { api });
  stop = [
    connectPushes(),
    libraryQueries.watch('favorites', NO_INPUT),
    libraryQueries.watch('pins', NO_INPUT),
    setupQueries.watch('setup', NO_INPUT),
    serviceSettingsQueries.watch('settings', NO_INPUT),
  ];
  await vi.waitFor(() => {
    expect(setupQueries.current('setup', NO_INPUT).value?.mode).toBe('first-run');
    expect(libraryQueries.current('favorites', NO_INPUT).value?.data).toEqual([]);
    expect(libraryQueries.current('pins', NO_INPUT).value?.data).toEqual([]);
    expect(serviceSettingsQueries.current('settings', NO_INPUT).value?.scope).toBe('default');
  }, until);
});

afterAll(async () => {
  for (const each of stop) each();
  vi.unstubAllGlobals();
  await opened.workspace.close();
});

const favorites = () => libraryQueries.current('favorites', NO_INPUT).value?.data;
const pins = () => libraryQueries.current('pins', NO_INPUT).value?.data;

describe('a change notice, and nothing else, keeps these reads current', () => {
  it('re-reads the favorites on `favorites`, and the pins on `pins`', async () => {
    const { dispatch } = opened;
    await valueOf(dispatch('favorites:set', { teamNumber: 254, favorite: true }));
    await vi.waitFor(() => expect(favorites()).toEqual([254]), until);
    await valueOf(dispatch('pins:set', { eventId: '2026pinned', pinned: true }));
    await vi.waitFor(() => expect(pins()).toEqual(['2026pinned']), until);
  });

  it('re-reads the service settings when they change outside the renderer', async () => {
    await valueOf(opened.dispatch('settings:setScope', { scope: 'all' }));
    await vi.waitFor(() => {
      expect(serviceSettingsQueries.current('settings', NO_INPUT).value?.scope).toBe('all');
    }, until);
  });

  it('re-reads the lists and the setup on `all`, a switch to the demo', async () => {
    const { dispatch, pushes } = opened;
    const noticesBefore = pushes.length;
    await valueOf(dispatch('setup:useDemo', undefined));
    expect(
      pushes
        .slice(noticesBefore)
        .some(
          ({ name, payload }) =>
            name === 'cache:changed' &&
            (payload as { resources: string[] }).resources.includes('all'),
        ),
    ).toBe(true);
    // The demo keeps lists of its own: the service's star and pin are not shown over it.
    await vi.waitFor(() => {
      expect(setupQueries.current('setup', NO_INPUT).value?.mode).toBe('demo');
      expect(favorites()).toEqual([]);
      expect(pins()).toEqual([]);
    }, until);
  });
});
