import type { UpdateMode } from '../../shared/ipc/updates';

/** What decides whether and how this copy of Pitside updates itself. */
export interface InstallFacts {
  /** `app.isPackaged`: false under `npm start` and in the preview. */
  packaged: boolean;
  /** `process.platform`. */
  platform: string;
  /** The `APPIMAGE` variable: the AppImage file this copy was started from, when it was. */
  appImage: string | null;
  /**
   * `resources/package-type`, which electron-builder writes into deb, rpm and pacman packages and
   * electron-updater reads to pick its updater; `null` when there is none.
   */
  packageType: string | null;
  /** `process.windowsStore`. */
  windowsStore: boolean;
  /** `process.mas`. */
  macAppStore: boolean;
  /** Whether a feed is named: by the build (app-update.yml) or in Settings. */
  feedConfigured: boolean;
}

/**
 * The decision table. Stores come before the feed (a store updates the app whatever the feed
 * says); the package type before `APPIMAGE`, as in electron-updater, since the variable leaks to
 * whatever an AppImage starts. On Linux electron-updater can replace only the AppImage it was
 * started from; deb and rpm are left to the package manager, which would otherwise find files
 * it does not know and a version it did not install.
 */
export function decideUpdates(facts: InstallFacts): UpdateMode {
  if (!facts.packaged) return off('not-packaged');
  if (facts.macAppStore) return off('mac-app-store');
  if (facts.windowsStore) return off('windows-store');
  const platformMode = modeForPlatform(facts);
  if (platformMode.kind === 'off') return platformMode;
  if (!facts.feedConfigured) return off('no-feed');
  return platformMode;
}

function modeForPlatform(facts: InstallFacts): UpdateMode {
  switch (facts.platform) {
    case 'win32':
    case 'darwin':
      return { kind: 'auto' };
    case 'linux':
      if (facts.packageType === 'deb' || facts.packageType === 'rpm') {
        return { kind: 'notify-only', packageType: facts.packageType };
      }
      if (facts.packageType !== null) return off('unsupported-package');
      return facts.appImage !== null && facts.appImage !== ''
        ? { kind: 'auto' }
        : off('unsupported-package');
    default:
      return off('unsupported-platform');
  }
}

function off(reason: Extract<UpdateMode, { kind: 'off' }>['reason']): UpdateMode {
  return { kind: 'off', reason };
}
