import { describeApp, type AppIdentity } from './app-info';
import type { Handlers } from './ipc/dispatcher';
import { IpcFailure } from './ipc/failure';
import { BUNDLE_COMMAND_NAMES } from './handlers/bundles';
import { PROFILE_COMMAND_NAMES, refuseEach } from './handlers/profiles';
import {
  NOTIFICATION_COMMAND_NAMES,
  unavailableNotificationHandlers,
  type NotificationCommandName,
  type NotificationHandlers,
} from './notify/notification-handlers';
import { unavailableShareHandlers, type ShareHandlers } from './share/share-handlers';
import type { UpdateHandlers } from './updates/update-handlers';

/**
 * The commands answered around a data layer rather than by one: which data the app shows (and
 * so which layer is open), the theme, and the ones that reach the operating system.
 */
export const APP_COMMAND_NAMES = [
  'setup:get',
  'setup:useDemo',
  'setup:connect',
  ...PROFILE_COMMAND_NAMES,
  'theme:get',
  'theme:set',
  'links:open',
  'export:csv',
  ...BUNDLE_COMMAND_NAMES,
  ...NOTIFICATION_COMMAND_NAMES,
] as const;
export type AppCommandName = (typeof APP_COMMAND_NAMES)[number];
export type AppHandlers = Pick<Handlers, Exclude<AppCommandName, NotificationCommandName>>;

/** Answered by the app about itself, whichever layer is open: built in `createHandlers`. */
export const SELF_COMMAND_NAMES = ['app:info', 'app:diagnostics'] as const;

/** What one data layer answers: the cache, its sync and its settings. */
export type DataHandlers = Omit<
  Handlers,
  (typeof SELF_COMMAND_NAMES)[number] | AppCommandName | keyof UpdateHandlers | keyof ShareHandlers
>;

/**
 * The main process's services, assembled without Electron: the app passes what Electron knows
 * (version, data directory), and the tests and the browser preview pass their own, so both run
 * exactly the handlers the app runs. The data handlers come from a data layer (`openDataLayer`)
 * or from the workspace that switches between layers; the app handlers from the workspace.
 */
export function createHandlers(
  identity: AppIdentity,
  dataHandlers: DataHandlers,
  appHandlers: AppHandlers = unavailableAppHandlers(),
  extras: {
    /** The text of Help → Copy diagnostics (diagnostics.ts). */
    diagnostics?: () => Promise<string>;
    updates?: UpdateHandlers;
    notifications?: NotificationHandlers;
    share?: ShareHandlers;
  } = {},
): Handlers {
  const appInfo = describeApp(identity);
  const diagnostics = extras.diagnostics ?? (() => Promise.reject(unavailable('app:diagnostics')));
  return {
    'app:info': () => appInfo,
    'app:diagnostics': async () => ({ text: await diagnostics() }),
    ...dataHandlers,
    ...appHandlers,
    ...(extras.updates ?? unavailableUpdateHandlers()),
    ...(extras.notifications ?? unavailableNotificationHandlers()),
    ...(extras.share ?? unavailableShareHandlers()),
  };
}

function unavailable(name: string): IpcFailure {
  return new IpcFailure('internal', `${name} needs the app's workspace, which is not running.`);
}

/**
 * For a data layer used on its own (tests of the layer): the app's commands exist, as the
 * contract demands, and say plainly that nothing here can answer them.
 */
function unavailableAppHandlers(): AppHandlers {
  const refuse = (name: AppCommandName) => () => {
    throw unavailable(name);
  };
  return {
    'setup:get': refuse('setup:get'),
    'setup:useDemo': refuse('setup:useDemo'),
    'setup:connect': refuse('setup:connect'),
    ...refuseEach(PROFILE_COMMAND_NAMES, refuse),
    'theme:get': refuse('theme:get'),
    'theme:set': refuse('theme:set'),
    'links:open': refuse('links:open'),
    'export:csv': refuse('export:csv'),
    ...refuseEach(BUNDLE_COMMAND_NAMES, refuse),
  };
}

/** Without an update service (tests of a data layer), its commands say so. */
function unavailableUpdateHandlers(): UpdateHandlers {
  const refuse = () => {
    throw new IpcFailure('internal', 'The update service is not running.');
  };
  return {
    'updates:get': refuse,
    'updates:check': refuse,
    'updates:setFeed': refuse,
    'updates:install': refuse,
  };
}
