import { describeError, bridge, unwrap } from '../api';
import { showNotice } from './actions';
import { createQueryStore } from './query-store';

/*
 * The person's own lists: favorite teams and events kept offline. Both survive "Clear cache".
 * Read like the cache: a change notice naming `favorites` or `pins` (a star here, in another
 * window, or a switch of service) re-reads them where they are shown.
 */

const NO_INPUT: Record<string, never> = {};
const NONE: readonly never[] = [];

export const libraryQueries = createQueryStore({
  favorites: (_input: Record<string, never>) => unwrap(bridge().favorites.list()),
  pins: (_input: Record<string, never>) => unwrap(bridge().pins.list()),
});

/** The favorite teams' numbers; none until the first read answers. */
export function useFavorites(): readonly number[] {
  return libraryQueries.useQuery('favorites', NO_INPUT).value?.data ?? NONE;
}

/** The codes of the events kept offline; none until the first read answers. */
export function usePins(): readonly string[] {
  return libraryQueries.useQuery('pins', NO_INPUT).value?.data ?? NONE;
}

/** The changes; what they change shows through the change notice main sends after the commit. */
export const libraryActions = {
  setFavorite: async (teamNumber: number, favorite: boolean): Promise<void> => {
    try {
      await unwrap(bridge().favorites.set({ teamNumber, favorite }));
    } catch (error) {
      const what = favorite ? 'add' : 'remove';
      showNotice(
        'error',
        `Could not ${what} team ${teamNumber} as a favorite: ${describeError(error)}`,
      );
    }
  },
  setPinned: async (eventId: string, pinned: boolean): Promise<void> => {
    try {
      await unwrap(bridge().pins.set({ eventId, pinned }));
    } catch (error) {
      const what = pinned ? 'keep the event offline' : 'stop keeping the event offline';
      showNotice('error', `Could not ${what}: ${describeError(error)}`);
    }
  },
};
