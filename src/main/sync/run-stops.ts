import { setMaxListeners } from 'node:events';

/** Why a run stops when it is canceled. */
export class Canceled extends Error {
  constructor() {
    super('The sync was canceled.');
    this.name = 'Canceled';
  }
}

/** What a run or fetch that started against the previous service gets when it tries to write. */
export class StaleService extends Error {
  constructor() {
    super('The service changed; this answer belongs to the previous one and was not stored.');
    this.name = 'StaleService';
  }
}

/**
 * Every request in flight and every one waiting for its turn listens to its run's signal: dozens
 * at once is how a run works, not a leak, so Node's warning above ten is turned off for it.
 */
export function runController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}
