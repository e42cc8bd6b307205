/** What the updater reports, in the service's terms. */
export type UpdaterEvent =
  | { type: 'checking' }
  | { type: 'available'; version: string }
  | { type: 'not-available' }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; version: string }
  | { type: 'error'; message: string };

/**
 * The updater as the update service sees it: electron-updater in the app (electron-updater-port.ts),
 * a fake in the tests of the service, which run in plain Node where there is no Electron.
 */
export interface UpdaterPort {
  /**
   * `feedUrl`: a generic feed entered in Settings; `null` keeps the feed the build names
   * (app-update.yml). `autoDownload` false only tells that a version is out.
   */
  configure(options: { autoDownload: boolean; feedUrl: string | null }): void;
  /** Asks the feed; what it finds arrives as events. Rejects when the feed cannot be read. */
  check(): Promise<void>;
  /** Quits the app and runs the downloaded installer. */
  quitAndInstall(): void;
  /** Runs the downloaded installer as the app quits, where the platform allows it. */
  installOnQuit(): void;
  subscribe(listener: (event: UpdaterEvent) => void): () => void;
}
