// How the installers are made (`npm run dist`, the release workflow) and the offline directory
// build CI checks (`npm run pack:dir`, test/pack). TypeScript rather than YAML: the options are
// type-checked against electron-builder's own types, the reasons sit beside them as comments, the
// tests import the very object electron-builder validates, and the ASAR-integrity fuse, which only
// macOS and Windows can check, needs a few lines of code (see afterPack).
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import type { AfterPackContext, Configuration } from 'electron-builder';

/** Electron validates an embedded ASAR hash only on these; elsewhere the fuse stays off. */
export const asarIntegrityPlatforms: readonly string[] = ['darwin', 'win32'];

/** Where `npm run native:electron` leaves the Electron-ABI build of better-sqlite3. */
export const electronSqliteFiles = 'native/electron-*/better_sqlite3.node';

async function flipAsarIntegrity(context: AfterPackContext): Promise<void> {
  if (!asarIntegrityPlatforms.includes(context.electronPlatformName)) return;
  // electron-builder flips `electronFuses` right after this hook, and before signing, which
  // must come last; each call touches only the fuses it names.
  await context.packager.addElectronFuses(context, {
    version: FuseVersion.V1,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  });
}

const config: Configuration = {
  appId: 'org.pitside.app',
  productName: 'Pitside',
  copyright: 'Copyright © Pitside contributors',
  directories: { output: 'dist', buildResources: 'resources' },

  // Only what runs. electron-builder adds the production dependencies (never devDependencies)
  // from node_modules on its own; the `!` lines trim them to what loads at run time.
  files: [
    'package.json',
    'out/main/**',
    'out/preload/**',
    'out/renderer/**',
    // The window's icon on Linux (main passes it to BrowserWindow).
    'resources/icon.png',
    electronSqliteFiles,
    '!**/*.map',
    // better-sqlite3: its SQLite sources, C++ sources and compile leftovers (23 MB), and the
    // Node-ABI build tests use. The app loads the Electron build from native/ through
    // `nativeBinding`; a Node-ABI build in the package would crash only at launch.
    '!node_modules/better-sqlite3/{deps,src,build}/**',
    '!node_modules/better-sqlite3/binding.gyp',
    // keytar is N-API (one build runs in Node and Electron): keep build/Release/keytar.node only.
    '!node_modules/keytar/{src,build/Release/obj.target,build/Release/.deps}/**',
    '!node_modules/keytar/{binding.gyp,build/*.mk,build/Makefile,build/binding.Makefile,build/config.gypi}',
    // Install-time only: fetches prebuilt binaries while npm installs.
    '!node_modules/{prebuild-install,node-addon-api}/**',
    // Dependencies' TypeScript sources and docs: never loaded (zod alone ships 3 MB of .ts).
    '!node_modules/**/*.{ts,mts,cts,md,markdown}',
    // Tests some packages publish beside their code.
    '!node_modules/**/{test,tests,__tests__}.{js,mjs,cjs,sh}',
    '!node_modules/fastify/{integration,docs,examples}/**',
  ],
  asar: true,
  // A native module cannot be loaded from inside the archive.
  asarUnpack: ['**/*.node'],

  // Native modules are not rebuilt here: @electron/rebuild 4 (what electron-builder 26 would run)
  // needs Node 22.12, and the Electron build of better-sqlite3 comes from `npm run native:electron`.
  npmRebuild: false,
  nodeGypRebuild: false,
  buildDependenciesFromSource: false,

  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    onlyLoadAppFromAsar: true,
    // The renderer loads from app://, never file:// (src/main/app-protocol.ts).
    grantFileProtocolExtraPrivileges: false,
  },
  afterPack: flipAsarIntegrity,

  linux: {
    target: ['AppImage', 'deb'],
    category: 'Utility',
    icon: 'resources/icons',
    synopsis: 'Offline-first companion for robotics competitions',
    // The deb needs a maintainer with an address and package.json names no author: a
    // placeholder (.invalid) until the project has a public address.
    maintainer: 'Pitside maintainers <maintainers@pitside.invalid>',
  },
  deb: {
    // Electron's own needs, and libsecret for keytar (the API key lives in the keychain).
    depends: [
      'libgtk-3-0',
      'libnotify4',
      'libnss3',
      'libxss1',
      'libxtst6',
      'xdg-utils',
      'libatspi2.0-0',
      'libuuid1',
      'libsecret-1-0',
    ],
  },

  mac: {
    target: [
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ],
    category: 'public.app-category.sports',
    icon: 'resources/icon.icns',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'resources/entitlements.mac.plist',
    entitlementsInherit: 'resources/entitlements.mac.plist',
    // Signs with CSC_LINK / CSC_KEY_PASSWORD; notarizes when APPLE_API_KEY, APPLE_API_KEY_ID and
    // APPLE_API_ISSUER (or APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID) are set.
    notarize: true,
  },

  win: {
    target: [{ target: 'nsis', arch: ['x64'] }],
    icon: 'resources/icon.ico',
    // Signs with WIN_CSC_LINK / WIN_CSC_KEY_PASSWORD (or CSC_LINK / CSC_KEY_PASSWORD) when set.
    signtoolOptions: { signingHashAlgorithms: ['sha256'] },
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
  },
};

export default config;
