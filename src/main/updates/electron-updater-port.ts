import {
  BaseUpdater,
  type AppUpdater,
  type Logger,
  type ProgressInfo,
  type UpdateInfo,
} from 'electron-updater';
import type { AppLog } from '../log/app-log';
import { describeUpdaterError } from './updater-errors';
import type { UpdaterEvent, UpdaterPort } from './updater-port';

/**
 * electron-updater behind the port. Plain Node as long as the updater is given: the app passes
 * electron-updater's `autoUpdater`, a test one built on a Node HTTP client.
 */
export function electronUpdaterPort(
  updater: AppUpdater,
  log: Pick<AppLog, 'info' | 'warn' | 'error'>,
): UpdaterPort {
  // Its own account of each step (the feed read, the file found, the checksum) goes to the app's
  // log, through its redactor, instead of a console nobody sees once the app is installed.
  updater.logger = updaterLogger(log);
  // Its own install on quit would run whatever edits wait: the update service decides instead
  // (update-service.ts, `quitting`).
  updater.autoInstallOnAppQuit = false;
  return {
    configure({ autoDownload, feedUrl }) {
      updater.autoDownload = autoDownload;
      if (feedUrl !== null) updater.setFeedURL({ provider: 'generic', url: feedUrl });
    },
    async check() {
      const result = await updater.checkForUpdates();
      // A failed download is also told as an 'error' event, which is how the service hears it;
      // the promise left alone would be an unhandled rejection in main.
      result?.downloadPromise?.catch(() => {});
    },
    quitAndInstall() {
      updater.quitAndInstall();
    },
    installOnQuit() {
      // Windows and the AppImage run their installer directly; Squirrel.Mac stages an update only
      // when autoInstallOnAppQuit is on, so there an update waits for "Restart to update".
      if (updater instanceof BaseUpdater) updater.install(true, false);
    },
    subscribe(listener) {
      const send = (event: UpdaterEvent) => listener(event);
      const handlers = {
        'checking-for-update': () => send({ type: 'checking' }),
        'update-available': (info: UpdateInfo) =>
          send({ type: 'available', version: info.version }),
        'update-not-available': () => send({ type: 'not-available' }),
        'download-progress': (info: ProgressInfo) =>
          send({ type: 'progress', percent: info.percent }),
        'update-downloaded': (info: UpdateInfo) =>
          send({ type: 'downloaded', version: info.version }),
        error: (error: Error) => send({ type: 'error', message: describeUpdaterError(error) }),
      } as const;
      updater.on('checking-for-update', handlers['checking-for-update']);
      updater.on('update-available', handlers['update-available']);
      updater.on('update-not-available', handlers['update-not-available']);
      updater.on('download-progress', handlers['download-progress']);
      updater.on('update-downloaded', handlers['update-downloaded']);
      updater.on('error', handlers.error);
      return () => {
        updater.off('checking-for-update', handlers['checking-for-update']);
        updater.off('update-available', handlers['update-available']);
        updater.off('update-not-available', handlers['update-not-available']);
        updater.off('download-progress', handlers['download-progress']);
        updater.off('update-downloaded', handlers['update-downloaded']);
        updater.off('error', handlers.error);
      };
    },
  };
}

/** electron-updater's logger interface over the app's log. */
function updaterLogger(log: Pick<AppLog, 'info' | 'warn' | 'error'>): Logger {
  return {
    info: (message?: unknown) => log.info(`updater: ${String(message)}`),
    warn: (message?: unknown) => log.warn(`updater: ${String(message)}`),
    error: (message?: unknown) => log.error('updater', message),
  };
}
