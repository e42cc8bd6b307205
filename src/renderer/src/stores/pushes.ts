import { bridge } from '../api';
import { useNotices } from './notices';
import { invalidateQueries } from './query-store';
import { useShare } from './share';
import { useSyncStatus } from './sync-status';
import { useUpdates } from './updates';

/**
 * Connects main's pushes to the stores, once for the page's life: sync status to the bar,
 * change notices to every read they touch (each read names what it was built from).
 * Returns the function that disconnects.
 */
export function connectPushes(): () => void {
  const api = bridge();
  const offStatus = api.subscribe('sync:status', (status) => {
    useSyncStatus.getState().receive(status);
  });
  const offChanges = api.subscribe('cache:changed', ({ resources }) => {
    invalidateQueries(resources);
  });
  const offUpdates = api.subscribe('updates:status', (state) =>
    useUpdates.getState().receive(state),
  );
  const offShare = api.subscribe('share:status', (state) => useShare.getState().receive(state));
  const offShow = api.subscribe('notify:show', (notice) => useNotices.getState().show(notice));
  const offOpen = api.subscribe('notify:open', ({ route }) => useNotices.getState().open(route));
  return () => {
    offStatus();
    offChanges();
    offUpdates();
    offShare();
    offShow();
    offOpen();
  };
}
