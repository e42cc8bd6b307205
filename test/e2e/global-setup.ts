import { execFileSync } from 'node:child_process';
import { electronUnavailableReason } from './electron-availability';

/**
 * The preview serves the built renderer, so build it once before any test runs, unless `npm test`
 * built it just before (PITSIDE_BUILT).
 */
export default function globalSetup(): void {
  if (process.env.PITSIDE_BUILT !== '1') {
    execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
      stdio: 'ignore',
    });
  }
  const reason = electronUnavailableReason();
  if (reason !== null) console.log(`[e2e] The packaged-app test will be skipped: ${reason}.`);
}
