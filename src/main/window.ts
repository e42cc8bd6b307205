import { BrowserWindow, shell, type Session } from 'electron';
import { isOpenableExternalUrl, secureWebPreferences } from './security';

export interface MainWindowOptions {
  preloadPath: string;
  /** A dev server URL, or the `file://` URL of the built index.html. */
  rendererUrl: string;
  iconPath: string;
}

export function createMainWindow({
  preloadPath,
  rendererUrl,
  iconPath,
}: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Pitside',
    backgroundColor: '#10151c',
    icon: iconPath,
    webPreferences: secureWebPreferences(preloadPath),
  });
  const contents = window.webContents;

  // The window only ever shows the app. A link that tries to navigate or open a window is refused;
  // an https one is handed to the system browser instead.
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openExternally(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });

  window.once('ready-to-show', () => window.show());
  void window.loadURL(rendererUrl);
  return window;
}

/** Camera, microphone, notifications, geolocation…: the app asks for none, so none is granted. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

function openExternally(url: string): void {
  if (isOpenableExternalUrl(url)) void shell.openExternal(url);
}
