import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { electronAbi } from '../../scripts/electron-runtime.mjs';
import { checkPackagedAbi, moduleAbis } from '../../scripts/native-abi.mjs';

// The real compiled modules in node_modules, read as bytes and never loaded: better-sqlite3's
// build here is for Node's ABI, which is exactly the build a release must not ship.
const require = createRequire(import.meta.url);
const nodeSqlite = join(
  dirname(require.resolve('better-sqlite3/package.json')),
  'build/Release/better_sqlite3.node',
);
const keytar = join(dirname(require.resolve('keytar/package.json')), 'build/Release/keytar.node');

let scratch: string | undefined;
afterEach(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** A packaged app's unpacked folder holding these files at these paths. */
function packaged(files: Record<string, string>): string {
  scratch = mkdtempSync(join(tmpdir(), 'pitside-abi-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    copyFileSync(source, join(scratch, path));
  }
  return scratch;
}

describe('the native ABI check', () => {
  it('reads the ABI a module registers for, and whether it is N-API', () => {
    expect(moduleAbis(nodeSqlite)).toEqual({ abis: [process.versions.modules], napi: false });
    expect(moduleAbis(keytar)).toEqual({ abis: [], napi: true });
  });

  it('fails a Node-ABI better_sqlite3.node packaged for Electron, naming both ABIs', () => {
    expect(electronAbi).not.toBe(process.versions.modules);
    const app = packaged({
      [`app.asar.unpacked/native/electron-${electronAbi}/better_sqlite3.node`]: nodeSqlite,
      'app.asar.unpacked/node_modules/keytar/build/Release/keytar.node': keytar,
    });
    const result = checkPackagedAbi(app);
    expect(result.status).toBe('failed');
    expect(result.lines).toContain(
      `FAILED: app.asar.unpacked/native/electron-${electronAbi}/better_sqlite3.node is built for ` +
        `ABI ${process.versions.modules}, and Electron needs ${electronAbi}`,
    );
  });

  it('passes a build whose ABI is the one asked for', () => {
    const app = packaged({ 'app.asar.unpacked/native/x/better_sqlite3.node': nodeSqlite });
    expect(checkPackagedAbi(app, { abi: process.versions.modules }).status).toBe('ok');
  });

  it('skips, saying why, when no better_sqlite3.node is packaged; fails when one is required', () => {
    const app = packaged({ 'app.asar.unpacked/node_modules/keytar/keytar.node': keytar });
    const skipped = checkPackagedAbi(app);
    expect(skipped.status).toBe('skipped');
    expect(skipped.lines.at(-1)).toMatch(/^Skipped .* no better_sqlite3\.node/);
    const required = checkPackagedAbi(app, { required: true });
    expect(required.status).toBe('failed');
    expect(required.lines.at(-1)).toMatch(/^FAILED: .* no better_sqlite3\.node/);
  });
});
