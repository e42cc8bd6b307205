import type { Handlers } from '../ipc/dispatcher';
import { IpcFailure } from '../ipc/failure';

/** The app's own commands for notifications: answered by the app, whichever profile is shown. */
export const NOTIFICATION_COMMAND_NAMES = ['notifications:get', 'notifications:set'] as const;
export type NotificationCommandName = (typeof NOTIFICATION_COMMAND_NAMES)[number];
export type NotificationHandlers = Pick<Handlers, NotificationCommandName>;

/** For a data layer used on its own (tests): the commands exist and say nothing answers them. */
export function unavailableNotificationHandlers(): NotificationHandlers {
  const refuse = () => {
    throw new IpcFailure('internal', 'Notifications need the app, which is not running.');
  };
  return { 'notifications:get': refuse, 'notifications:set': refuse };
}
