import { describeApp, type AppIdentity } from './app-info';
import type { Handlers } from './ipc/dispatcher';

/**
 * The main process's services, assembled without Electron: the app passes what Electron knows
 * (version, data directory), and the tests and the browser preview pass their own, so both run
 * exactly the handlers the app runs. Every handler but `app:info` works on the data layer
 * (`openDataLayer`), which the caller opens.
 */
export function createHandlers(
  identity: AppIdentity,
  dataHandlers: Omit<Handlers, 'app:info'>,
): Handlers {
  const appInfo = describeApp(identity);
  return { 'app:info': () => appInfo, ...dataHandlers };
}
