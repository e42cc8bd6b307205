import type { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The one stand-in in these tests: Electron itself, which cannot run here. A window and its
 * contents are event emitters, and the native dialog answers what the test says. What is under
 * test is src/main/window.ts: which Electron events it listens to, and what it does with them.
 */
const electron = vi.hoisted(() => ({
  answer: 0,
  asked: [] as unknown[],
  windows: [] as unknown[],
}));

vi.mock('electron', async () => {
  // Imported here: the factory runs before this file's own imports.
  const { EventEmitter } = await import('node:events');
  class FakeContents extends EventEmitter {
    setWindowOpenHandler(): void {}
  }
  class FakeWindow extends EventEmitter {
    readonly webContents = new FakeContents();
    constructor() {
      super();
      electron.windows.push(this);
    }
    show(): void {}
    loadURL(): Promise<void> {
      return Promise.resolve();
    }
  }
  return {
    BrowserWindow: FakeWindow,
    dialog: {
      showMessageBoxSync: (_window: unknown, options: unknown) => {
        electron.asked.push(options);
        return electron.answer;
      },
    },
    shell: { openExternal: () => Promise.resolve() },
  };
});

const { createMainWindow } = await import('../../src/main/window');

interface Window extends EventEmitter {
  webContents: EventEmitter;
}

function openWindow(
  unsent: number,
  elsewhere: { service: string; waiting: number; attention: number }[] = [],
): Window {
  createMainWindow({
    preloadPath: '/preload.js',
    rendererUrl: 'file:///index.html',
    iconPath: '/icon.png',
    unsentEdits: () => ({ waiting: unsent, attention: 0, elsewhere }),
  });
  return electron.windows.at(-1) as Window;
}

/** The page held its unload back; whether main let it go anyway (preventDefault overrides the hold). */
function pageHeldUnload(window: Window): boolean {
  const event = { preventDefault: vi.fn() };
  window.webContents.emit('will-prevent-unload', event);
  return event.preventDefault.mock.calls.length > 0;
}

describe('closing the window with edits not sent', () => {
  beforeEach(() => {
    electron.asked.length = 0;
    electron.answer = 0;
  });

  it('asks, and stays when the person chooses Stay', () => {
    const window = openWindow(3);
    electron.answer = 1;
    window.emit('close');
    expect(pageHeldUnload(window)).toBe(false);
    expect(electron.asked).toEqual([
      expect.objectContaining({
        message:
          '3 edits are not sent yet. They are kept and go out with the next sync when you open Pitside again.',
        buttons: ['Quit', 'Stay'],
        cancelId: 1,
      }),
    ]);
  });

  it('asks, and lets the window go when the person chooses Quit', () => {
    const window = openWindow(1);
    window.emit('close');
    expect(pageHeldUnload(window)).toBe(true);
    expect(electron.asked).toHaveLength(1);
  });

  it('does not ask on a reload, which loses nothing: the edits are on disk', () => {
    const window = openWindow(2);
    expect(pageHeldUnload(window)).toBe(true);
    expect(electron.asked).toEqual([]);
  });

  it('does not ask when the edits went out since the page last looked', () => {
    const window = openWindow(0);
    window.emit('close');
    expect(pageHeldUnload(window)).toBe(true);
    expect(electron.asked).toEqual([]);
  });

  it('asks again at the next close after a Stay, not at a reload in between', () => {
    const window = openWindow(2);
    electron.answer = 1;
    window.emit('close');
    expect(pageHeldUnload(window)).toBe(false);
    expect(pageHeldUnload(window)).toBe(true);
    window.emit('close');
    expect(pageHeldUnload(window)).toBe(false);
    expect(electron.asked).toHaveLength(2);
  });

  it('asks when only another service has edits not sent, naming it', () => {
    const window = openWindow(0, [{ service: 'demo', waiting: 2, attention: 0 }]);
    electron.answer = 1;
    window.emit('close');
    expect(pageHeldUnload(window)).toBe(false);
    expect(electron.asked).toEqual([
      expect.objectContaining({
        message: '2 edits for the demo are kept; they go out when you switch back to it.',
      }),
    ]);
  });
});
