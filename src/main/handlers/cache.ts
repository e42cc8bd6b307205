import type { Handlers } from '../ipc/dispatcher';
import type { SettingsStore } from '../settings/settings-store';
import type { SyncEngine } from '../sync/engine';

export interface CacheDeps {
  engine: SyncEngine;
  settings: SettingsStore;
  /** Empties what was synced; favorites, pins, settings and the outbox stay. */
  forgetSyncedData: () => Promise<void>;
}

export function createCacheHandlers({
  engine,
  settings,
  forgetSyncedData,
}: CacheDeps): Pick<Handlers, 'cache:clear'> {
  return {
    'cache:clear': async () => {
      // The same stop as a change of service: a run under way must not write back what was
      // just forgotten.
      await engine.changeService(forgetSyncedData);
      engine.start({ scope: settings.scope() });
      return { cleared: true };
    },
  };
}
