import { app, BrowserWindow, dialog, net, session } from 'electron';
import { join } from 'node:path';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { watchCrashes } from './crash-watch';
import { createCredentials } from './credentials/credentials';
import { createDispatcher } from './ipc/dispatcher';
import { forwardPushes, registerIpcHandlers } from './ipc/electron-transport';
import { electronNotifier } from './notify/electron-notifier';
import { NotificationSwitchesFile } from './notify/notification-switches';
import { startNotifications } from './notify/notifications';
import { createElectronPlatform } from './platform/electron-platform';
import { diagnosticsText } from './diagnostics';
import { installAppMenu } from './menu';
import { logStart } from './log/activity';
import { openAppLog } from './log/app-log';
import { withAppLog } from './log/logged-workspace';
import { Redactor } from './log/redactor';
import { openWorkspace, type Workspace } from './profiles/workspace';
import { isTrustedRendererUrl } from './security';
import { createHandlers } from './services';
import { sqliteVersion } from './storage/database';
import { DataDirectoryInUseError } from './storage/directory-lock';
import { RefusedDatabaseError } from './storage/refusals';
import { resolveSqliteBinding } from './storage/native-binding';
import { APP_SYNC_SCHEDULE } from './sync/app-schedule';
import { trackUnsentEdits, unsentTotal } from './quit-warning';
import { startElectronUpdates } from './updates/electron-updates';
import { createShareHandlers } from './share/share-handlers';
import { startWorkspaceShare } from './share/workspace-share';
import { createUpdateHandlers } from './updates/update-handlers';
import { createMainWindow, denyAllPermissions, rendererUrlFor } from './window';

registerAppScheme();

// A second launch focuses the running window instead of opening a second copy on the same files.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window === undefined) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => app.quit());
  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      reportError('start', error);
      dialog.showErrorBox('Pitside could not start', String(error));
      app.quit();
    });
}

/** The command line's lower-case line, as a sentence for a dialog. */
function sentence(line: string): string {
  return `${line.charAt(0).toUpperCase()}${line.slice(1)}`;
}

/**
 * Electron's usual place for an app's logs (see README, "Diagnostics"). It has been seen to throw
 * ("Failed to get 'logs' path") where Electron cannot make the folder; a log beside the data then,
 * rather than an app that cannot start.
 */
function logsDirectory(): string {
  try {
    return app.getPath('logs');
  } catch {
    return join(app.getPath('userData'), 'logs');
  }
}

// Errors also go to the terminal.
const log = openAppLog({ directory: logsDirectory(), redactor: new Redactor(), echo: true });
const reportError = log.error;

async function start(): Promise<void> {
  denyAllPermissions(session.defaultSession);

  const appRoot = app.getAppPath();
  const dataDirectory = app.getPath('userData');
  let window: BrowserWindow | null = null;
  const platform = createElectronPlatform(() => window);
  let workspace: Workspace;
  const nativeBinding = resolveSqliteBinding(appRoot, process.versions);
  try {
    workspace = await openWorkspace(
      withAppLog(log, {
        dataDirectory,
        // Electron's network stack: the system's proxy settings and certificate store apply.
        fetch: (url, init) => net.fetch(url, init),
        credentials: createCredentials(),
        platform,
        nativeBinding,
        reportError,
      }),
    );
  } catch (error) {
    // Another program's file, a newer Pitside's cache, a read-only file, a data directory another
    // Pitside process writes (the command line, the preview): the person has to act, and the files
    // stay exactly as they were, so say what it is and quit before touching anything.
    if (error instanceof DataDirectoryInUseError) {
      dialog.showErrorBox('Pitside’s data is in use', sentence(error.message));
    } else if (error instanceof RefusedDatabaseError) {
      dialog.showErrorBox('Pitside cannot open its data', error.message);
    } else {
      throw error;
    }
    app.quit();
    return;
  }
  closeOnQuit(workspace);
  const notifications = startNotifications({
    hub: workspace.pushes,
    layer: () => workspace.current,
    switches: new NotificationSwitchesFile(dataDirectory, reportError),
    notifier: electronNotifier(() => window, workspace.pushes),
    isFocused: () => window?.isFocused() ?? false,
    reportError,
  });
  app.on('will-quit', () => notifications.close());

  serveRenderer(join(import.meta.dirname, '../renderer'));
  const rendererUrl = rendererUrlFor();

  const identity = {
    version: app.getVersion(),
    dataDirectory,
    versions: process.versions,
    platform: process.platform,
    arch: process.arch,
    sqliteVersion: sqliteVersion(workspace.current.cache.reader),
  };
  logStart(log, identity);
  const diagnostics = () => diagnosticsText({ identity, workspace, log });
  installAppMenu({ diagnostics, logsFolder: log.directory, reportError });

  const unsentEdits = trackUnsentEdits({
    hub: workspace.pushes,
    list: () => Promise.resolve(workspace.dataHandlers['edits:list'](undefined)),
    elsewhere: () => Promise.resolve(workspace.dataHandlers['edits:elsewhere'](undefined)),
    reportError,
  });
  const updates = startElectronUpdates({
    dataDirectory,
    pushes: workspace.pushes,
    unsentEdits: () => unsentTotal(unsentEdits.tally()),
    log,
  });

  const share = startWorkspaceShare(workspace, { nativeBinding, reportError });
  // Before the workspace closes (its 'will-quit' waits): the share reads the cache file.
  app.on('before-quit', () => void share.close());

  const dispatch = createDispatcher(
    createHandlers(identity, workspace.dataHandlers, workspace.appHandlers, {
      diagnostics,
      updates: createUpdateHandlers(updates),
      notifications: notifications.handlers,
      share: createShareHandlers(share),
    }),
    (name, error) => reportError(`ipc ${name}`, error),
  );
  registerIpcHandlers(dispatch, (frameUrl) => isTrustedRendererUrl(frameUrl, rendererUrl));

  window = createMainWindow({
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    rendererUrl,
    iconPath: join(appRoot, 'resources', 'icon.png'),
    unsentEdits: () => updates.unsentToAskAbout(unsentEdits.tally()),
  });
  forwardPushes(workspace.pushes, window.webContents);
  watchCrashes(window, log);

  workspace.startSchedule(APP_SYNC_SCHEDULE);
  platform.watchNetwork((online) => workspace.networkChanged(online));
}

/**
 * Quitting waits for the sync to stop, the cache to close and the demo service to end, so no
 * write is cut off. It starts once every window has closed ('will-quit', not 'before-quit'): a
 * window with edits not sent asks first, and one kept open by "Stay" must still have its data.
 */
function closeOnQuit(workspace: Workspace): void {
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void workspace.close().finally(() => {
      closed = true;
      app.quit();
    });
  });
}
