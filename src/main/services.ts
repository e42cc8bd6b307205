import { describeApp, type AppIdentity } from './app-info';
import type { Handlers } from './ipc/dispatcher';

/**
 * The main process's services, assembled without Electron: the app passes what Electron knows
 * (version, data directory), and the tests and the browser preview pass their own, so both run
 * exactly the handlers the app runs.
 */
export function createHandlers(identity: AppIdentity): Handlers {
  const appInfo = describeApp(identity);
  return {
    'app:info': () => appInfo,
  };
}
