import { app, BrowserWindow, dialog, shell, type Session } from 'electron';
import { RENDERER_INDEX_URL } from './app-files';
import {
  leaveDecision,
  quitChosen,
  quitQuestion,
  unsentTotal,
  type UnsentTally,
} from './quit-warning';
import { isOpenableExternalUrl, secureWebPreferences } from './security';

export interface MainWindowOptions {
  preloadPath: string;
  /** A dev server URL, or the built index.html on app:// (app-protocol.ts). */
  rendererUrl: string;
  iconPath: string;
  /** How many edits are not sent yet, as last read: closing the window with some asks first. */
  unsentEdits: () => UnsentTally;
}

/**
 * The page the window shows: the built index.html on app://, or electron-vite's dev server while
 * developing. A packaged app never takes ELECTRON_RENDERER_URL: whoever sets it in the environment
 * would give any page of their choosing the trusted bridge (the key, the outbox, the cache).
 */
export function rendererUrlFor(): string {
  const devServer = process.env.ELECTRON_RENDERER_URL;
  if (!app.isPackaged && devServer !== undefined && devServer !== '') return devServer;
  return RENDERER_INDEX_URL;
}

export function createMainWindow({
  preloadPath,
  rendererUrl,
  iconPath,
  unsentEdits,
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

  askBeforeClosingWithUnsentEdits(window, unsentEdits);

  window.once('ready-to-show', () => window.show());
  void window.loadURL(rendererUrl);
  return window;
}

/**
 * The page holds its unload back while edits are not sent (its `beforeunload`). Electron then
 * shows nothing and keeps the window, so main asks instead. What to ask, and when, is decided in
 * quit-warning.ts; this wiring is tested with a stand-in for Electron (window-unload.test.ts).
 */
function askBeforeClosingWithUnsentEdits(
  window: BrowserWindow,
  unsentEdits: () => UnsentTally,
): void {
  // 'close' comes before the page's beforeunload; a reload has none, and loses nothing.
  let closing = false;
  window.on('close', () => {
    closing = true;
  });
  window.webContents.on('will-prevent-unload', (event) => {
    const tally = unsentEdits();
    const unsent = unsentTotal(tally);
    const question = leaveDecision({ closing, unsent }) === 'ask' ? quitQuestion(tally) : null;
    closing = false;
    // preventDefault here overrides the page's hold: the window goes (or the page reloads).
    if (question === null || quitChosen(dialog.showMessageBoxSync(window, question))) {
      event.preventDefault();
    }
  });
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
