import { bridge } from '../api';
import { useLibrary } from './library';
import { invalidateQueries } from './query-store';
import { useSetup } from './setup';
import { useSyncStatus } from './sync-status';

/**
 * Connects main's pushes to the stores, once for the page's life: sync status to the bar,
 * change notices to the reads they touch. Returns the function that disconnects.
 */
export function connectPushes(): () => void {
  const api = bridge();
  const offStatus = api.subscribe('sync:status', (status) => {
    useSyncStatus.getState().receive(status);
  });
  const offChanges = api.subscribe('cache:changed', ({ resources }) => {
    invalidateQueries(resources);
    const all = resources.includes('all');
    if (all || resources.includes('favorites') || resources.includes('pins')) {
      void useLibrary.getState().load();
    }
    // `all`: the data behind the app was replaced (a switch to the demo or another service).
    if (all) void useSetup.getState().load();
  });
  return () => {
    offStatus();
    offChanges();
  };
}
