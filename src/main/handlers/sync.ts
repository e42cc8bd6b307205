import type { Handlers } from '../ipc/dispatcher';
import type { Favorites } from '../settings/favorites';
import type { SettingsStore } from '../settings/settings-store';
import type { SyncEngine } from '../sync/engine';

export type SyncCommandName =
  | 'sync:status'
  | 'sync:start'
  | 'sync:cancel'
  | 'favorites:list'
  | 'favorites:set'
  | 'pins:list'
  | 'pins:set';

export interface SyncDeps {
  engine: SyncEngine;
  favorites: Favorites;
  settings: SettingsStore;
}

/**
 * Sync control and the lists that steer it. Adding a favorite or a pin starts a run at once, so
 * the team or event is offline-ready without waiting for the next scheduled sync.
 */
export function createSyncHandlers({
  engine,
  favorites,
  settings,
}: SyncDeps): Pick<Handlers, SyncCommandName> {
  const startSoon = () => engine.start({ scope: settings.scope() });
  return {
    'sync:status': () => engine.status(),
    'sync:start': (input) => ({
      started: engine.start({ scope: input?.scope ?? settings.scope(), force: input?.force }),
    }),
    'sync:cancel': () => ({ canceled: engine.cancel() }),
    'favorites:list': () => ({ data: favorites.favoriteTeams(), builtFrom: ['favorites'] }),
    'favorites:set': async ({ teamNumber, favorite }) => {
      const list = await favorites.setFavorite(teamNumber, favorite);
      if (favorite) startSoon();
      return list;
    },
    'pins:list': () => ({ data: favorites.pinnedEvents(), builtFrom: ['pins'] }),
    'pins:set': async ({ eventId, pinned }) => {
      const list = await favorites.setPinned(eventId, pinned);
      if (pinned) startSoon();
      return list;
    },
  };
}
