import { app, BrowserWindow, session } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDispatcher } from './ipc/dispatcher';
import { registerIpcHandlers } from './ipc/electron-transport';
import { isTrustedRendererUrl } from './security';
import { createHandlers } from './services';
import { openAppDatabase, sqliteVersion } from './storage/database';
import { resolveSqliteBinding } from './storage/native-binding';
import { createMainWindow, denyAllPermissions } from './window';

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
  const db = openAppDatabase(join(dataDirectory, 'pitside.db'), {
    nativeBinding: resolveSqliteBinding(appRoot, process.versions),
  });
  app.on('will-quit', () => db.close());

  const rendererUrl =
    process.env.ELECTRON_RENDERER_URL ??
    pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href;

  const dispatch = createDispatcher(
    createHandlers({
      version: app.getVersion(),
      dataDirectory,
      versions: process.versions,
      platform: process.platform,
      arch: process.arch,
      sqliteVersion: sqliteVersion(db),
    }),
    (name, error) => console.error(`[ipc] ${name} failed`, error),
  );
  registerIpcHandlers(dispatch, (frameUrl) => isTrustedRendererUrl(frameUrl, rendererUrl));

  createMainWindow({
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    rendererUrl,
    iconPath: join(appRoot, 'resources', 'icon.png'),
  });
}
