import type { PitsideApi } from '../../shared/ipc/bridge';

declare global {
  interface Window {
    /** Exposed by the preload (or the browser preview); absent when the page runs on its own. */
    readonly api?: PitsideApi;
  }
}
