import { create } from 'zustand';
import { bridge, describeError, unwrap } from '../api';
import { newestLoad } from './newest-load';

interface LibraryState {
  favorites: readonly number[];
  pins: readonly string[];
  error: string | null;
  load: () => Promise<void>;
  setFavorite: (teamNumber: number, favorite: boolean) => Promise<void>;
  setPinned: (eventId: string, pinned: boolean) => Promise<void>;
}

const loads = newestLoad();

/** The person's own lists: favorite teams and events kept offline. Both survive "Clear cache". */
export const useLibrary = create<LibraryState>()((set) => ({
  favorites: [],
  pins: [],
  error: null,
  load: async () => {
    const newest = loads.begin();
    try {
      const [favorites, pins] = await Promise.all([
        unwrap(bridge().favorites.list()),
        unwrap(bridge().pins.list()),
      ]);
      if (newest()) set({ favorites, pins, error: null });
    } catch (error) {
      if (newest()) set({ error: describeError(error) });
    }
  },
  setFavorite: async (teamNumber, favorite) => {
    try {
      set({ favorites: await unwrap(bridge().favorites.set({ teamNumber, favorite })) });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
  setPinned: async (eventId, pinned) => {
    try {
      set({ pins: await unwrap(bridge().pins.set({ eventId, pinned })) });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
}));
