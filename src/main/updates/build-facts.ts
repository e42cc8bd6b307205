import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InstallFacts } from './decision';

/** The install facts that come with the build, and whether the build names its own feed. */
export type BuildFacts = Omit<InstallFacts, 'feedConfigured'> & { builtInFeed: boolean };

/**
 * Reads what the packaged build carries in its resources folder, where electron-updater reads it
 * too: `package-type` (deb, rpm, pacman) and `app-update.yml`, which electron-builder writes from
 * its `publish` configuration. Plain Node: the app passes `process.resourcesPath` and Electron's
 * flags, the tests a folder of their own.
 */
export function readBuildFacts(process: {
  packaged: boolean;
  platform: string;
  env: Partial<Record<string, string>>;
  resourcesPath: string | null;
  windowsStore: boolean;
  macAppStore: boolean;
}): BuildFacts {
  const resources = process.packaged ? process.resourcesPath : null;
  return {
    packaged: process.packaged,
    platform: process.platform,
    appImage: process.env.APPIMAGE ?? null,
    packageType: resources === null ? null : readPackageType(join(resources, 'package-type')),
    windowsStore: process.windowsStore,
    macAppStore: process.macAppStore,
    builtInFeed: resources !== null && existsSync(join(resources, APP_UPDATE_FILE)),
  };
}

/** electron-builder's name for the feed it builds in. */
export const APP_UPDATE_FILE = 'app-update.yml';

function readPackageType(file: string): string | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text === '' ? null : text;
  } catch {
    // No file: not a deb, rpm or pacman package (an AppImage, an installer, a folder).
    return null;
  }
}
