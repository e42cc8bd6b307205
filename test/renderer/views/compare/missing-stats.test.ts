import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../../../../src/shared/ipc/sync';
import type { CompareColumn } from '../../../../src/renderer/src/views/compare/use-compare-columns';

/*
 * The cell Compare shows down a team's column when it has no figures, as the page first renders
 * it: offline it is "not kept offline" with the star that keeps it, never a dash; online the
 * statistics are on their way. The stores are replaced by plain values (a server render only sees
 * a store's initial state); the words are the real ones.
 */
const context = vi.hoisted((): { state: SyncStatus['state']; favorites: number[] } => ({
  state: 'idle',
  favorites: [],
}));

vi.mock('../../../../src/renderer/src/stores/sync-status', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSyncStatus: <T>(select: (state: object) => T) => select({ status: { state: context.state } }),
}));
vi.mock('../../../../src/renderer/src/stores/library', () => ({
  useFavorites: () => context.favorites,
  libraryActions: { setFavorite: vi.fn(), setPinned: vi.fn() },
}));

const { MissingStats } = await import('../../../../src/renderer/src/views/compare/MissingStats');

function column(hasSeasons: boolean, syncedAt: string | null = null): CompareColumn {
  return {
    teamNumber: 2017,
    team: null,
    teamError: null,
    stats: null,
    hasSeasons,
    freshness: { complete: false, syncedAt },
    loading: false,
  };
}

function cell(state: SyncStatus['state'], shown: CompareColumn, favorites: number[] = []) {
  context.state = state;
  context.favorites = favorites;
  const html = renderToString(
    createElement(
      'table',
      null,
      createElement(
        'tbody',
        null,
        createElement(
          'tr',
          null,
          createElement(MissingStats, { column: shown, season: '2026-2027', rows: 10 }),
        ),
      ),
    ),
  );
  return html.replaceAll('<!-- -->', '');
}

describe('a Compare column without figures', () => {
  it('says offline that they were not kept, and offers the star that keeps them', () => {
    const html = cell('offline', column(false));
    expect(html).toContain(
      'Not kept offline: star this team, or keep its event offline, to have its statistics next time.',
    );
    expect(html).toContain('Star 2017');
    expect(html).toContain('rowSpan="10"');
    expect(html).not.toContain('—');
  });

  it('names the season not kept when other seasons are', () => {
    expect(cell('offline', column(true))).toContain(
      '2026-2027 is not kept offline: star this team to have all its seasons next time.',
    );
  });

  it('says a starred team is kept from the next sync, with no second star', () => {
    const html = cell('offline', column(false), [2017]);
    expect(html).toContain('starred, so its statistics are kept from the next sync');
    expect(html).not.toContain('Star 2017');
  });

  it('says online that they are being fetched, or that the service has none', () => {
    expect(cell('idle', column(false))).toContain('they are being fetched from the service');
    expect(cell('idle', column(true, '2026-11-21T12:00:00Z'))).toContain(
      'The service has no statistics for 2026-2027 for this team.',
    );
    expect(cell('idle', column(false))).not.toContain('Star 2017');
  });
});
