import type { Theme } from '../../shared/ipc/setup';

export interface SaveFileRequest {
  /** A file name only; where it goes is the platform's choice (a dialog, a fixed folder). */
  suggestedName: string;
  content: string;
}

/** Files a dialog offers: `Pitside bundle`, `['pitside']`. */
export interface FileKind {
  name: string;
  extensions: string[];
}

/**
 * What main asks of the operating system, behind one interface: Electron's shell, dialogs and
 * native theme in the app, a headless stand-in in the browser preview and the tests. Everything
 * else in main takes this as a parameter and never imports Electron for it.
 */
export interface Platform {
  /** Hands an https link to the system browser. */
  openExternal(url: string): Promise<void>;
  /** Writes a file the person agrees to; `null` when they closed the dialog instead. */
  saveFile(request: SaveFileRequest): Promise<{ path: string } | null>;
  /** Where to write a file main writes itself (a bundle, whole or not at all); `null`: closed. */
  chooseSavePath(request: { suggestedName: string; kind: FileKind }): Promise<string | null>;
  /** A file the person picks to open; `null` when they closed the dialog instead. */
  chooseFile(request: { kind: FileKind }): Promise<string | null>;
  /** The window frame and native controls follow the app's theme. */
  setTheme(theme: Theme): void;
  /** Calls back when the machine's network comes or goes; returns the function that stops it. */
  watchNetwork(onChange: (online: boolean) => void): () => void;
}
