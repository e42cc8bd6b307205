// Where the Electron binary and its native-module ABI are, shared by the start and native scripts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const electronDir = dirname(require.resolve('electron/package.json'));

export const electronVersion = JSON.parse(
  readFileSync(join(electronDir, 'package.json'), 'utf8'),
).version;

/** NODE_MODULE_VERSION of this Electron: the ABI native modules must be built for. */
export const electronAbi = readFileSync(join(electronDir, 'abi_version'), 'utf8').trim();

export function electronBinary() {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/** Runs Electron's own installer, which downloads the binary once; false when it cannot. */
export function installElectronBinary() {
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    timeout: 300_000,
  });
  return result.status === 0 && electronBinary() !== null;
}
