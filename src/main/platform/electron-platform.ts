import { app, dialog, nativeTheme, net, shell, type BrowserWindow } from 'electron';
import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { isOpenableExternalUrl } from '../security';
import type { FileKind, Platform } from './platform';

/** How often the adapter asks the OS whether a network is up; the check is a cheap local call. */
const POLL_MS = 5_000;

/**
 * The desktop behind the platform interface: the system browser, the native save dialog, the
 * native theme and the network state, all through Electron.
 */
export function createElectronPlatform(window: () => BrowserWindow | null): Platform {
  return {
    openExternal: async (url) => {
      // Checked here too: whatever reaches this function, nothing but https leaves the app.
      if (isOpenableExternalUrl(url)) await shell.openExternal(url);
    },
    saveFile: async ({ suggestedName, content }) => {
      const path = await chooseSavePath(window(), suggestedName, {
        name: 'CSV',
        extensions: ['csv'],
      });
      if (path === null) return null;
      await writeFile(path, content, 'utf8');
      return { path };
    },
    chooseSavePath: ({ suggestedName, kind }) => chooseSavePath(window(), suggestedName, kind),
    chooseFile: async ({ kind }) => {
      const options = {
        defaultPath: app.getPath('downloads'),
        filters: [kind],
        properties: ['openFile' as const],
      };
      const parent = window();
      const choice = await (parent === null
        ? dialog.showOpenDialog(options)
        : dialog.showOpenDialog(parent, options));
      return choice.canceled ? null : (choice.filePaths[0] ?? null);
    },
    setTheme: (theme) => {
      nativeTheme.themeSource = theme;
    },
    watchNetwork,
  };
}

/** The native save dialog, in Downloads with the suggested name; `null` when it was closed. */
async function chooseSavePath(
  parent: BrowserWindow | null,
  suggestedName: string,
  kind: FileKind,
): Promise<string | null> {
  const options = {
    defaultPath: join(app.getPath('downloads'), basename(suggestedName)),
    filters: [kind],
  };
  const choice = await (parent === null
    ? dialog.showSaveDialog(options)
    : dialog.showSaveDialog(parent, options));
  if (choice.canceled || choice.filePath === undefined || choice.filePath === '') return null;
  return choice.filePath;
}

/**
 * Tells `onChange` when the machine's network comes or goes. Electron's `net.isOnline()` only
 * knows whether an interface is up (a captive portal still counts as online), which is enough to
 * trigger a sync that then finds out for real.
 */
function watchNetwork(onChange: (online: boolean) => void): () => void {
  let online = net.isOnline();
  const timer = setInterval(() => {
    const now = net.isOnline();
    if (now !== online) {
      online = now;
      onChange(now);
    }
  }, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
