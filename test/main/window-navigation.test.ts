import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The one stand-in here is Electron itself, which cannot run in these tests (the Electron suite,
 * test/e2e/electron-app.spec.ts, does the same against the real runtime where it exists). What is
 * under test is src/main/window.ts: that the window refuses to navigate, redirect, attach a
 * webview or open a window, and hands only https links to the system browser.
 */
type Handler = (details: { url: string }) => { action: string };

const electron = vi.hoisted(() => ({
  contents: [] as { emit: (name: string, ...args: unknown[]) => boolean; openHandler?: Handler }[],
  opened: [] as string[],
  preferences: [] as unknown[],
}));

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  class FakeContents extends EventEmitter {
    openHandler?: Handler;
    setWindowOpenHandler(handler: Handler): void {
      this.openHandler = handler;
    }
  }
  class FakeWindow extends EventEmitter {
    readonly webContents = new FakeContents();
    constructor(options: { webPreferences: unknown }) {
      super();
      electron.contents.push(this.webContents);
      electron.preferences.push(options.webPreferences);
    }
    show(): void {}
    loadURL(): Promise<void> {
      return Promise.resolve();
    }
  }
  return {
    BrowserWindow: FakeWindow,
    dialog: { showMessageBoxSync: () => 0 },
    shell: {
      openExternal: (url: string) => {
        electron.opened.push(url);
        return Promise.resolve();
      },
    },
  };
});

const { createMainWindow } = await import('../../src/main/window');
const { secureWebPreferences } = await import('../../src/main/security');

function openWindow() {
  createMainWindow({
    preloadPath: '/preload.cjs',
    rendererUrl: 'app://pitside/index.html',
    iconPath: '/icon.png',
    unsentEdits: () => ({ waiting: 0, attention: 0, elsewhere: [] }),
  });
  const contents = electron.contents.at(-1);
  if (contents === undefined) throw new Error('no window was opened');
  return contents;
}

function attempt(contents: ReturnType<typeof openWindow>, name: string, url: string): boolean {
  const event = { prevented: false, preventDefault: () => (event.prevented = true) };
  contents.emit(name, event, url);
  return event.prevented;
}

describe('the main window stays on the app', () => {
  beforeEach(() => {
    electron.opened.length = 0;
  });

  it('takes the shared secure preferences', () => {
    openWindow();
    expect(electron.preferences.at(-1)).toEqual(secureWebPreferences('/preload.cjs'));
  });

  it.each([
    ['https://frc.example/events', ['https://frc.example/events']],
    ['http://pitside-elsewhere.invalid/', []],
    ['file:///etc/passwd', []],
    ['app://pitside/other.html', []],
  ])('refuses to navigate to %s (opening externally: %j)', (url, external) => {
    const contents = openWindow();
    expect(attempt(contents, 'will-navigate', url)).toBe(true);
    expect(electron.opened).toEqual(external);
  });

  it('refuses redirects and webviews', () => {
    const contents = openWindow();
    expect(attempt(contents, 'will-redirect', 'https://elsewhere.example/')).toBe(true);
    expect(attempt(contents, 'will-attach-webview', 'https://elsewhere.example/')).toBe(true);
  });

  it.each(['https://frc.example/', 'http://pitside-elsewhere.invalid/', 'about:blank'])(
    'denies window.open(%j)',
    (url) => {
      const contents = openWindow();
      expect(contents.openHandler?.({ url })).toEqual({ action: 'deny' });
      expect(electron.opened).toEqual(url.startsWith('https:') ? [url] : []);
    },
  );
});
