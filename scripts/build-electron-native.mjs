#!/usr/bin/env node
// Puts an Electron-ABI build of better-sqlite3 in native/electron-<abi>/, next to (never instead
// of) the Node-ABI build in node_modules that the tests use. The app loads it through
// better-sqlite3's `nativeBinding` option (src/main/storage/native-binding.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { electronAbi, electronVersion } from './electron-runtime.mjs';

const require = createRequire(import.meta.url);
const root = resolve(import.meta.dirname, '..');
export const target = join(root, 'native', `electron-${electronAbi}`, 'better_sqlite3.node');

/** A binary built for Electron must fail to load in Node with an ABI mismatch: that proves it. */
export function isElectronBuild(binary) {
  const probe = spawnSync(
    process.execPath,
    ['-e', `process.dlopen({ exports: {} }, ${JSON.stringify(binary)})`],
    { encoding: 'utf8' },
  );
  return probe.status !== 0 && /NODE_MODULE_VERSION/.test(probe.stderr);
}

function fetchPrebuilt(stage) {
  // better-sqlite3 publishes Electron builds per release; prebuild-install (its own dependency)
  // knows where. No compiler and no Electron headers needed.
  const prebuildInstall = require.resolve('prebuild-install/bin.js', {
    paths: [dirname(require.resolve('better-sqlite3/package.json'))],
  });
  const result = spawnSync(
    process.execPath,
    [
      prebuildInstall,
      '--runtime=electron',
      `--target=${electronVersion}`,
      `--arch=${process.arch}`,
      `--platform=${process.platform}`,
    ],
    { cwd: stage, encoding: 'utf8', timeout: 180_000 },
  );
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

export function buildElectronNative() {
  if (existsSync(target) && isElectronBuild(target)) return { ok: true, target, reused: true };
  const stage = mkdtempSync(join(tmpdir(), 'pitside-native-'));
  try {
    cpSync(dirname(require.resolve('better-sqlite3/package.json')), stage, {
      recursive: true,
      filter: (source) => !source.includes(`${join('build', 'Release')}`),
    });
    const fetched = fetchPrebuilt(stage);
    const built = join(stage, 'build', 'Release', 'better_sqlite3.node');
    if (!fetched.ok || !existsSync(built)) {
      return {
        ok: false,
        reason: `no Electron ${electronVersion} build of better-sqlite3 could be fetched:\n${fetched.output}`,
      };
    }
    if (!isElectronBuild(built)) {
      return { ok: false, reason: 'the fetched better-sqlite3 build is not for Electron’s ABI' };
    }
    mkdirSync(dirname(target), { recursive: true });
    cpSync(built, target);
    return { ok: true, target, reused: false };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  const result = buildElectronNative();
  if (result.ok) {
    console.log(
      `better-sqlite3 for Electron ${electronVersion} (ABI ${electronAbi}): ${result.target}`,
    );
  } else {
    console.error(`Could not prepare better-sqlite3 for Electron: ${result.reason}`);
    process.exit(1);
  }
}
