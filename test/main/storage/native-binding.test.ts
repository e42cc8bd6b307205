import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  electronSqliteBindingPath,
  resolveSqliteBinding,
} from '../../../src/main/storage/native-binding';
import { isElectronBuild } from '../../../scripts/build-electron-native.mjs';

const electronVersions = { ...process.versions, electron: '45.4.1', modules: '140' };

describe('choosing the SQLite build for the runtime', () => {
  it('lets better-sqlite3 load its own build under plain Node', () => {
    const appRoot = mkdtempSync(join(tmpdir(), 'pitside-native-'));
    expect(resolveSqliteBinding(appRoot, process.versions)).toBeUndefined();
  });

  it('uses native/electron-<abi>/ under Electron when that build is there', () => {
    const appRoot = mkdtempSync(join(tmpdir(), 'pitside-native-'));
    const binding = electronSqliteBindingPath(appRoot, '140');
    mkdirSync(dirname(binding), { recursive: true });
    writeFileSync(binding, '');
    expect(resolveSqliteBinding(appRoot, electronVersions)).toBe(binding);
    expect(resolveSqliteBinding(appRoot, { ...electronVersions, modules: '141' })).toBeUndefined();
  });
});

describe('telling an Electron build from a Node build', () => {
  it('does not take the Node-ABI build in node_modules for an Electron one', () => {
    const require = createRequire(import.meta.url);
    const nodeBuild = join(
      dirname(require.resolve('better-sqlite3/package.json')),
      'build/Release/better_sqlite3.node',
    );
    expect(isElectronBuild(nodeBuild)).toBe(false);
  });
});
