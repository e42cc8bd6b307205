import { app, BrowserWindow, dialog, net, session } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCredentials } from './credentials/credentials';
import { openDataLayer, type DataLayer } from './data-layer';
import { createDispatcher } from './ipc/dispatcher';
import { forwardPushes, registerIpcHandlers } from './ipc/electron-transport';
import { watchNetwork } from './platform/network';
import { isTrustedRendererUrl } from './security';
import { createHandlers } from './services';
import { sqliteVersion } from './storage/database';
import { RefusedDatabaseError } from './storage/refusals';
import { resolveSqliteBinding } from './storage/native-binding';
import { createMainWindow, denyAllPermissions } from './window';

/** The first sync waits until the cached UI is on screen; later ones run on this interval. */
const FIRST_SYNC_DELAY_MS = 1_500;
const SYNC_INTERVAL_MS = 5 * 60_000;

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
  void app.whenReady().then(start);
}

function start(): void {
  denyAllPermissions(session.defaultSession);

  const appRoot = app.getAppPath();
  const dataDirectory = app.getPath('userData');
  const reportError = (where: string, error: unknown) => console.error(`[${where}]`, error);
  let layer: DataLayer;
  try {
    layer = openDataLayer({
      dataDirectory,
      // Electron's network stack: the system's proxy settings and certificate store apply.
      fetch: (url, init) => net.fetch(url, init),
      credentials: createCredentials(),
      nativeBinding: resolveSqliteBinding(appRoot, process.versions),
      reportError,
    });
  } catch (error) {
    // Another program's file, a newer Pitside's cache, a read-only file: the person has to act,
    // and the file stays exactly as it was, so say what it is and quit before touching anything.
    if (!(error instanceof RefusedDatabaseError)) throw error;
    dialog.showErrorBox('Pitside cannot open its data', error.message);
    app.quit();
    return;
  }
  closeOnQuit(layer);

  const rendererUrl =
    process.env.ELECTRON_RENDERER_URL ??
    pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href;

  const dispatch = createDispatcher(
    createHandlers(
      {
        version: app.getVersion(),
        dataDirectory,
        versions: process.versions,
        platform: process.platform,
        arch: process.arch,
        sqliteVersion: sqliteVersion(layer.cache.reader),
      },
      layer.handlers,
    ),
    (name, error) => reportError(`ipc ${name}`, error),
  );
  registerIpcHandlers(dispatch, (frameUrl) => isTrustedRendererUrl(frameUrl, rendererUrl));

  const window = createMainWindow({
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    rendererUrl,
    iconPath: join(appRoot, 'resources', 'icon.png'),
  });
  forwardPushes(layer.pushes, window.webContents);

  layer.engine.startSchedule({
    startupDelayMs: FIRST_SYNC_DELAY_MS,
    intervalMs: SYNC_INTERVAL_MS,
    scope: () => layer.settings.scope(),
  });
  watchNetwork((online) => layer.engine.networkChanged(online));
}

/** Quitting waits for the sync to stop and the cache to close, so no write is cut off. */
function closeOnQuit(layer: DataLayer): void {
  let closed = false;
  app.on('before-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void layer.close().finally(() => {
      closed = true;
      app.quit();
    });
  });
}
