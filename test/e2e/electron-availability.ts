import { existsSync } from 'node:fs';
import { target as electronSqlite } from '../../scripts/build-electron-native.mjs';
import { electronBinary, electronVersion } from '../../scripts/electron-runtime.mjs';

/** Why the real Electron app cannot be driven here, or null when it can. */
export function electronUnavailableReason(): string | null {
  if (electronBinary() === null) {
    return `the Electron ${electronVersion} binary is not installed (npm start fetches it)`;
  }
  if (!existsSync(electronSqlite)) {
    return 'there is no Electron build of better-sqlite3 (npm run native:electron fetches it)';
  }
  return null;
}
