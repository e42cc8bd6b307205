import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * better-sqlite3 is compiled per ABI: the tests run it under Node, the app under Electron, whose ABI
 * differs. The Node build stays in node_modules; `npm run native:electron` puts an Electron build
 * in `native/electron-<abi>/`, and the app loads that one through better-sqlite3's `nativeBinding`
 * option, so neither side ever needs a rebuild by hand.
 *
 * Returns the path of the build for this runtime, or `undefined` to let better-sqlite3 load its
 * own (the right one under Node, and in a packaged app whose installer rebuilt it for Electron).
 */
export function resolveSqliteBinding(
  appRoot: string,
  versions: NodeJS.ProcessVersions,
): string | undefined {
  if (versions.electron === undefined) return undefined;
  const candidate = electronSqliteBindingPath(appRoot, versions.modules);
  return existsSync(candidate) ? candidate : undefined;
}

export function electronSqliteBindingPath(appRoot: string, abi: string): string {
  return join(appRoot, 'native', `electron-${abi}`, 'better_sqlite3.node');
}
