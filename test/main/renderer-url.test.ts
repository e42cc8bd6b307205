import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * The one stand-in here is Electron itself, which cannot run in these tests: only `app.isPackaged`
 * is read. What is under test is src/main/window.ts: which page the window is given to show.
 */
const electron = vi.hoisted(() => ({ isPackaged: false }));

vi.mock('electron', () => ({
  app: {
    get isPackaged() {
      return electron.isPackaged;
    },
  },
  BrowserWindow: class {},
  dialog: {},
  shell: {},
}));

const { rendererUrlFor } = await import('../../src/main/window');

const BUILT = 'app://pitside/index.html';

describe('the page the window shows', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    electron.isPackaged = false;
  });

  it('is the built page on app:// in a packaged app, whatever ELECTRON_RENDERER_URL says', () => {
    electron.isPackaged = true;
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://attacker.example/');
    expect(rendererUrlFor()).toBe(BUILT);
  });

  it('is electron-vite’s dev server while developing, when it names one', () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/');
    expect(rendererUrlFor()).toBe('http://localhost:5173/');
  });

  it('is the built page while developing without a dev server', () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', '');
    expect(rendererUrlFor()).toBe(BUILT);
  });
});
