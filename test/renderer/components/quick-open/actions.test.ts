import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportList } from '../../../../src/shared/ipc/actions';
import type { Theme } from '../../../../src/shared/ipc/setup';
import {
  useQuickActions,
  type QuickAction,
} from '../../../../src/renderer/src/components/quick-open/actions';

/*
 * The context the hook reads: the stores are replaced by plain selectors over this object (a
 * server render would only see a real zustand store's initial state), the route is real.
 */
const context = vi.hoisted(() => {
  const shown: {
    theme: Theme;
    exportTarget: ExportList | null;
    syncState: 'idle' | 'offline';
  } = {
    theme: 'light',
    exportTarget: null,
    syncState: 'idle',
  };
  return {
    ...shown,
    navigate: vi.fn(),
    setTheme: vi.fn(),
    exportList: vi.fn(),
    syncNow: vi.fn(),
    setShortcuts: vi.fn(),
  };
});

vi.mock('react-router', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useNavigate: () => context.navigate,
}));
vi.mock('../../../../src/renderer/src/stores/preferences', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  usePreferences: <T>(select: (state: object) => T) =>
    select({ theme: context.theme, setTheme: context.setTheme }),
}));
vi.mock('../../../../src/renderer/src/stores/export-target', () => ({
  useExportTarget: <T>(select: (state: object) => T) => select({ target: context.exportTarget }),
}));
vi.mock('../../../../src/renderer/src/stores/actions', () => ({
  useActions: <T>(select: (state: object) => T) => select({ exportList: context.exportList }),
}));
vi.mock('../../../../src/renderer/src/stores/sync-status', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSyncStatus: <T>(select: (state: object) => T) =>
    select({ syncNow: context.syncNow, status: { state: context.syncState } }),
}));
vi.mock('../../../../src/renderer/src/stores/quick-open', () => ({
  useOverlays: <T>(select: (state: object) => T) => select({ setShortcuts: context.setShortcuts }),
}));
// SyncBar reads `navigator.platform` when it loads, which Node 20 does not have.
vi.mock('../../../../src/renderer/src/components/SyncBar', () => ({ MOD_KEY: 'Ctrl+' }));

/** The actions offered for `query` on the page at `pathname`. */
function offered(query: string, typedTeam: number | null = null, pathname = '/events') {
  let actions: QuickAction[] = [];
  function Probe() {
    actions = useQuickActions(query, typedTeam);
    return null;
  }
  renderToString(createElement(MemoryRouter, { initialEntries: [pathname] }, createElement(Probe)));
  return actions;
}

const values = (actions: readonly QuickAction[]) => actions.map((action) => action.value);

function action(actions: readonly QuickAction[], value: string): QuickAction {
  const found = actions.find((candidate) => candidate.value === value);
  if (found === undefined) throw new Error(`${value} is not offered`);
  return found;
}

beforeEach(() => {
  context.theme = 'light';
  context.exportTarget = null;
  context.syncState = 'idle';
  vi.clearAllMocks();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useQuickActions: what is offered where', () => {
  it('offers sync, theme, settings and shortcuts anywhere, for no text', () => {
    expect(values(offered(''))).toEqual([
      'action:sync',
      'action:theme',
      'action:settings',
      'action:shortcuts',
    ]);
  });

  it('offers no "Sync now" offline, where no sync can reach the service', () => {
    context.syncState = 'offline';
    expect(values(offered(''))).toEqual(['action:theme', 'action:settings', 'action:shortcuts']);
    expect(values(offered('sync'))).toEqual([]);
  });

  it('offers "Compare <n> with…" on a team page', () => {
    const actions = offered('', null, '/teams/254');
    expect(values(actions)).toContain('action:compare:254');
    expect(action(actions, 'action:compare:254').label).toBe('Compare 254 with…');
  });

  it('offers no compare on the teams list or an event page', () => {
    expect(values(offered('', null, '/teams')).some((v) => v.startsWith('action:compare'))).toBe(
      false,
    );
    expect(
      values(offered('', null, '/events/2026springfield')).some((v) =>
        v.startsWith('action:compare'),
      ),
    ).toBe(false);
  });

  it('compares the typed team rather than the page’s team', () => {
    const actions = offered('', 1678, '/teams/254');
    expect(values(actions)).toContain('action:compare:1678');
    expect(values(actions)).not.toContain('action:compare:254');
  });

  it('offers the compare action for a typed cached team anywhere', () => {
    expect(values(offered('1678', 1678, '/settings'))).toEqual(['action:compare:1678']);
  });

  it('offers "Export this list" only where a view shows a list', () => {
    expect(values(offered(''))).not.toContain('action:export');
    context.exportTarget = { list: 'events', season: '2025-2026' };
    expect(values(offered(''))).toEqual([
      'action:sync',
      'action:export',
      'action:theme',
      'action:settings',
      'action:shortcuts',
    ]);
  });

  it('offers the theme not shown now', () => {
    expect(action(offered(''), 'action:theme').label).toBe('Switch to dark theme');
    context.theme = 'dark';
    expect(action(offered(''), 'action:theme').label).toBe('Switch to light theme');
  });

  it('follows the system’s scheme when the theme is left to it', () => {
    context.theme = 'system';
    vi.stubGlobal('window', { matchMedia: () => ({ matches: true }) });
    expect(action(offered(''), 'action:theme').label).toBe('Switch to light theme');
    vi.stubGlobal('window', { matchMedia: () => ({ matches: false }) });
    expect(action(offered(''), 'action:theme').label).toBe('Switch to dark theme');
  });
});

describe('useQuickActions: finding by words', () => {
  it('finds an action by a word of its label or keywords, in any case', () => {
    expect(values(offered('SETTINGS'))).toEqual(['action:settings']);
    expect(values(offered('appearance'))).toEqual(['action:theme']);
    expect(values(offered('refresh'))).toEqual(['action:sync']);
  });

  it('needs every word to match', () => {
    expect(values(offered('go settings'))).toEqual(['action:settings']);
    expect(values(offered('go theme'))).toEqual([]);
  });

  it('treats text of only spaces as no text', () => {
    expect(values(offered('   '))).toHaveLength(4);
  });

  it('finds export by its keywords only where it is offered', () => {
    expect(values(offered('csv'))).toEqual([]);
    context.exportTarget = { list: 'events' };
    expect(values(offered('csv'))).toEqual(['action:export']);
  });
});

describe('useQuickActions: what each action does', () => {
  it('opens compare with the team and asks it to focus the add field', () => {
    const compare = action(offered('', null, '/teams/254'), 'action:compare:254');
    expect(compare.after).toBe('none');
    compare.run();
    expect(context.navigate).toHaveBeenCalledWith('/compare?teams=254', {
      state: { focusAdd: true },
    });
  });

  it('switches to the other theme', () => {
    action(offered(''), 'action:theme').run();
    expect(context.setTheme).toHaveBeenCalledWith('dark');
  });

  it('exports the list the view shows', () => {
    context.exportTarget = { list: 'events', status: 'live' };
    action(offered(''), 'action:export').run();
    expect(context.exportList).toHaveBeenCalledWith({ list: 'events', status: 'live' });
  });

  it('syncs, opens settings, and shows the shortcuts', () => {
    const actions = offered('');
    action(actions, 'action:sync').run();
    expect(context.syncNow).toHaveBeenCalledTimes(1);
    const settings = action(actions, 'action:settings');
    expect(settings.after).toBe('view');
    settings.run();
    expect(context.navigate).toHaveBeenCalledWith('/settings');
    action(actions, 'action:shortcuts').run();
    expect(context.setShortcuts).toHaveBeenCalledWith(true);
  });
});
