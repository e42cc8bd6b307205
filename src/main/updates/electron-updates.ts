import { app } from 'electron';
import { autoUpdater } from 'electron-updater';
import { join } from 'node:path';
import type { PushHub } from '../ipc/push-hub';
import type { AppLog } from '../log/app-log';
import { readBuildFacts } from './build-facts';
import { electronUpdaterPort } from './electron-updater-port';
import { UPDATE_FEED_FILE } from './feed-setting';
import { UpdateService } from './update-service';

/**
 * The update service as the app runs it: the facts Electron knows, electron-updater's
 * `autoUpdater` (read only when the decision is not off), and the install on quit decided by the
 * service once the windows have closed and their question about unsent edits was answered.
 */
export function startElectronUpdates(options: {
  dataDirectory: string;
  pushes: PushHub;
  unsentEdits: () => number;
  log: AppLog;
}): UpdateService {
  const service = new UpdateService({
    currentVersion: app.getVersion(),
    build: readBuildFacts({
      packaged: app.isPackaged,
      platform: process.platform,
      env: process.env,
      resourcesPath: process.resourcesPath,
      windowsStore: process.windowsStore === true,
      macAppStore: process.mas === true,
    }),
    feedFile: join(options.dataDirectory, UPDATE_FEED_FILE),
    createUpdater: () => electronUpdaterPort(autoUpdater, options.log),
    unsentEdits: options.unsentEdits,
    pushes: options.pushes,
    reportError: options.log.error,
  });
  app.on('quit', () => {
    service.stop();
    service.quitting();
  });
  service.start();
  return service;
}
