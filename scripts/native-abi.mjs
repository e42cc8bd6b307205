#!/usr/bin/env node
// Checks, without loading them, that the native modules in a packaged app fit Electron: each .node
// either is N-API (any runtime) or exports node_register_module_v<Electron's ABI>. A Node-ABI
// better_sqlite3.node packaged by mistake would otherwise crash the app only at launch.
//
//   node scripts/native-abi.mjs <packaged app directory>
//
// Where the package holds no better_sqlite3.node (the build machines cannot fetch the Electron
// build), it prints that it skipped and why; with PITSIDE_REQUIRE_ELECTRON_ABI=1 (the release
// workflow) that fails instead.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { electronAbi } from './electron-runtime.mjs';

export const REQUIRE_ENV = 'PITSIDE_REQUIRE_ELECTRON_ABI';

/** The ABIs a module registers for (node_register_module_v<abi>), and whether it is N-API. */
export function moduleAbis(file) {
  const text = readFileSync(file).toString('latin1');
  const abis = new Set();
  for (const match of text.matchAll(/node_register_module_v(\d+)/g)) abis.add(match[1]);
  return { abis: [...abis].sort(), napi: text.includes('napi_register_module_v1') };
}

function nativeFiles(directory) {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.node'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * `{ status: 'ok' | 'skipped' | 'failed', lines }` for the app packed in `directory`.
 * `required` turns a missing Electron build of better-sqlite3 from a skip into a failure.
 */
export function checkPackagedAbi(directory, { abi = electronAbi, required = false } = {}) {
  const lines = [];
  let failed = false;
  let sqlite = 0;
  for (const file of nativeFiles(directory)) {
    const name = relative(directory, file);
    const { abis, napi } = moduleAbis(file);
    if (basename(file) === 'better_sqlite3.node') sqlite += 1;
    if (abis.length === 1 && abis[0] === abi) {
      lines.push(`ok: ${name} is built for Electron's ABI ${abi}`);
    } else if (abis.length === 0 && napi) {
      lines.push(`ok: ${name} is N-API, so any ABI loads it`);
    } else {
      failed = true;
      const found = abis.length === 0 ? 'no ABI at all' : `ABI ${abis.join(', ')}`;
      lines.push(`FAILED: ${name} is built for ${found}, and Electron needs ${abi}`);
    }
  }
  if (sqlite === 0) {
    const why =
      'the package holds no better_sqlite3.node: the Electron build comes from ' +
      '`npm run native:electron` (native/electron-<abi>/), which needs the internet';
    if (required) {
      failed = true;
      lines.push(`FAILED: ${why}`);
    } else {
      lines.push(`Skipped the better-sqlite3 ABI check: ${why} (${REQUIRE_ENV}=1 makes this fail)`);
      return { status: failed ? 'failed' : 'skipped', lines };
    }
  }
  return { status: failed ? 'failed' : 'ok', lines };
}

if (process.argv[1] === import.meta.filename) {
  const directory = process.argv[2];
  if (directory === undefined) {
    console.error('Usage: node scripts/native-abi.mjs <packaged app directory>');
    process.exit(2);
  }
  const result = checkPackagedAbi(directory, { required: process.env[REQUIRE_ENV] === '1' });
  for (const line of result.lines) console.log(line);
  process.exit(result.status === 'failed' ? 1 : 0);
}
