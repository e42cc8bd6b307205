import { bridge, unwrap } from '../api';
import { createQueryStore } from './query-store';

/** What the last syncs changed in pinned events and favorite teams (kept current by pushes). */
export const digestQueries = createQueryStore({
  get: (_input: Record<string, never>) => unwrap(bridge().digest.get()),
});

export const digestActions = {
  /** The digest is on screen: the sync bar stops counting what it shows. */
  seen: () => unwrap(bridge().digest.seen()),
};
