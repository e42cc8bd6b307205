import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { Arch, build, Platform, type Configuration } from 'electron-builder';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config, { asarIntegrityPlatforms } from '../../electron-builder.config';
import { checkPackagedAbi, REQUIRE_ENV } from '../../scripts/native-abi.mjs';
import { BUILT_WORKER } from '../../src/main/analysis/worker-script';
import { asarFiles, readAsarText, type AsarEntry } from './asar';
import { electronDefaults, readFuses, writeStandInBinary, type Fuses } from './fuse-wire';

/*
 * The installers cannot be built here (no Electron binary, no GitHub for AppImage and deb tools),
 * but electron-builder's Linux directory build can, with a stand-in for Electron: a file carrying
 * Electron's fuse wire. So the real pack step runs on the real out/ and node_modules: what goes
 * into app.asar, what is unpacked, which fuses are flipped, how big it is. The stand-in is the one
 * thing not real, and it is never run. Needs `electron-vite build` first (the suite builds first).
 */
const root = resolve(import.meta.dirname, '../..');
/** The packed app (app.asar and app.asar.unpacked) may not grow past this without a decision. */
const SIZE_BUDGET_MB = 12;

let scratch: string;
let unpacked: string;
let files: Map<string, AsarEntry>;

beforeAll(async () => {
  if (!existsSync(join(root, 'out/main/index.js'))) {
    throw new Error('out/ is missing: run `npx electron-vite build` before the pack checks');
  }
  scratch = mkdtempSync(join(tmpdir(), 'pitside-pack-'));
  const electronDist = join(scratch, 'electron');
  mkdirSync(electronDist);
  writeStandInBinary(join(electronDist, 'electron'), electronDefaults);
  const started = Date.now();
  await build({
    projectDir: root,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    config: {
      ...config,
      electronDist,
      directories: { ...config.directories, output: join(scratch, 'dist') },
    },
  });
  console.log(`[pack] Linux directory build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  unpacked = join(scratch, 'dist', 'linux-unpacked');
  files = asarFiles(join(unpacked, 'resources', 'app.asar'));
}, 180_000);

afterAll(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

describe('the electron-builder configuration', () => {
  // The build above validated it too; this shows the same check refuses a bad one.
  it('electron-builder’s schema refuses a misspelt or misplaced option', async () => {
    const loaded = await getConfig(root, 'electron-builder.config.ts', null);
    const logger = new DebugLogger(false);
    await expect(validateConfiguration(loaded, logger)).resolves.toBeUndefined();
    const misspelt = { ...loaded, mac: { ...loaded.mac, hardenedRuntme: true } } as Configuration;
    await expect(validateConfiguration(misspelt, logger)).rejects.toThrow(/configuration\.mac/);
    const misplaced = { ...loaded, deb: { ...loaded.deb, notarize: true } } as Configuration;
    await expect(validateConfiguration(misplaced, logger)).rejects.toThrow(/configuration\.deb/);
  });
});

/** Package directories (node_modules/a, node_modules/a/node_modules/@s/b) that files live in. */
function packageRoots(paths: Iterable<string>): Set<string> {
  const roots = new Set<string>();
  for (const path of paths) {
    const match = /^(?:node_modules\/(?:@[^/]+\/)?[^/]+\/)*node_modules\/(?:@[^/]+\/)?[^/]+/.exec(
      path,
    );
    if (match !== null) roots.add(match[0]);
  }
  return roots;
}

describe('the Linux directory build (Electron stand-in)', () => {
  it('packs out/main, out/preload, out/renderer, the icon and production dependencies only', () => {
    const paths = [...files.keys()];
    const tops = new Set(paths.map((path) => path.split('/').slice(0, 2).join('/')));
    // The Electron build of better-sqlite3 is packed where there is one (the release build).
    const own = [...tops].filter((top) => !/^(node_modules\/|native\/electron-\d+$)/.test(top));
    expect(
      paths.filter((path) => path.startsWith('native/') && !path.endsWith('/better_sqlite3.node')),
    ).toEqual([]);
    expect(own.sort()).toEqual([
      'out/main',
      'out/preload',
      'out/renderer',
      'package.json',
      'resources/icon.png',
    ]);
    for (const needed of [
      'out/main/index.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
    ]) {
      expect(files.has(needed), needed).toBe(true);
    }
    const stray = paths.filter(
      (path) =>
        /\.(map|ts|mts|cts|tsx)$/.test(path) ||
        /(^|\/)(test|tests|__tests__|test_extension)(\/|\.|$)/.test(path) ||
        /^node_modules\/better-sqlite3\/(deps|src|build)\//.test(path) ||
        /^node_modules\/keytar\/(src|build\/Release\/obj\.target)\//.test(path) ||
        /\.(gyp|gypi|mk|o|a)$/.test(path),
    );
    expect(stray).toEqual([]);

    // electron-builder hoists the production tree its own way, so packages are matched to the
    // lock file by name and version, not by path.
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; dev?: boolean }>;
    };
    const production = new Set(
      Object.entries(lock.packages)
        .filter(([path, entry]) => path !== '' && entry.dev !== true)
        .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version}`),
    );
    const archive = join(unpacked, 'resources', 'app.asar');
    const packed = [...packageRoots(paths)].map((dir) => {
      const manifest = files.get(`${dir}/package.json`);
      if (manifest === undefined) return `${dir} (no package.json)`;
      const text = readAsarText(archive, `${dir}/package.json`, manifest);
      const { name, version } = JSON.parse(text) as {
        name: string;
        version: string;
      };
      return `${name}@${version}`;
    });
    expect(packed.filter((id) => !production.has(id))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const names = new Set(packed.map((id) => id.replace(/@[^@]*$/, '')));
    for (const name of Object.keys(pkg.dependencies)) {
      expect(names.has(name), `${name} is packed`).toBe(true);
    }
  });

  it('packs the analysis worker beside main’s code, where main starts it from', () => {
    // Electron reads the archive in worker threads (electron/electron#33216), as it does for the
    // checkpoint worker's better-sqlite3: the worker stays in app.asar with the code it shares.
    const worker = files.get(`out/main/${BUILT_WORKER}`);
    expect(worker, BUILT_WORKER).toBeDefined();
    expect(worker?.unpacked).toBe(false);
    expect(files.get('out/main/index.js')?.unpacked).toBe(false);
  });

  it('keeps every .node file out of the archive, unpacked beside it', () => {
    const natives = [...files].filter(([path]) => path.endsWith('.node'));
    expect(natives.length).toBeGreaterThan(0);
    for (const [path, entry] of natives) {
      expect(entry.unpacked, `${path} is unpacked`).toBe(true);
      expect(existsSync(join(unpacked, 'resources', 'app.asar.unpacked', path)), path).toBe(true);
    }
  });

  it('flips the fuses as configured (ASAR integrity only where Electron checks it)', () => {
    const expected: Fuses = { ...electronDefaults, ...config.electronFuses };
    expected.enableEmbeddedAsarIntegrityValidation = asarIntegrityPlatforms.includes('linux');
    expect(readFuses(join(unpacked, 'pitside'))).toEqual(expected);
    expect(expected).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      enableEmbeddedAsarIntegrityValidation: false,
    });
  });

  it(`stays within ${SIZE_BUDGET_MB} MB packed`, () => {
    const asar = statSync(join(unpacked, 'resources', 'app.asar')).size;
    const outside = [...files.values()]
      .filter((entry) => entry.unpacked)
      .reduce((sum, entry) => sum + entry.size, 0);
    const megabytes = (asar + outside) / 1e6;
    console.log(
      `[pack] packed app: ${megabytes.toFixed(2)} MB (app.asar ${(asar / 1e6).toFixed(2)} MB, ` +
        `unpacked ${(outside / 1e6).toFixed(2)} MB); budget ${SIZE_BUDGET_MB} MB`,
    );
    expect(megabytes).toBeLessThanOrEqual(SIZE_BUDGET_MB);
  });

  it('packs native modules built for Electron’s ABI (or says why it cannot check)', () => {
    const result = checkPackagedAbi(join(unpacked, 'resources'), {
      required: process.env[REQUIRE_ENV] === '1',
    });
    for (const line of result.lines) console.log(`[pack] ${line}`);
    expect(result.lines.filter((line) => line.startsWith('FAILED'))).toEqual([]);
    expect(['ok', 'skipped']).toContain(result.status);
  });
});
