import type { AppInfo } from '../shared/ipc/contract';

export interface AppIdentity {
  version: string;
  dataDirectory: string;
  /** `process.versions` of the running process: holds `electron` and `chrome` only inside Electron. */
  versions: Partial<Record<string, string>>;
  platform: string;
  arch: string;
  /** Read from the app's own database, which proves the right native build of SQLite loaded. */
  sqliteVersion: string;
}

export function describeApp(identity: AppIdentity): AppInfo {
  return {
    name: 'Pitside',
    version: identity.version,
    platform: identity.platform,
    arch: identity.arch,
    dataDirectory: identity.dataDirectory,
    versions: {
      node: identity.versions.node ?? 'unknown',
      electron: identity.versions.electron ?? null,
      chrome: identity.versions.chrome ?? null,
      sqlite: identity.sqliteVersion,
    },
  };
}
