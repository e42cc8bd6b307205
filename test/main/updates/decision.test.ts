import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readBuildFacts } from '../../../src/main/updates/build-facts';
import { decideUpdates, type InstallFacts } from '../../../src/main/updates/decision';
import type { UpdateMode } from '../../../src/shared/ipc/updates';

/** An installed copy with a feed; each row changes what it names. */
const INSTALLED: InstallFacts = {
  packaged: true,
  platform: 'win32',
  appImage: null,
  packageType: null,
  windowsStore: false,
  macAppStore: false,
  feedConfigured: true,
};

const AUTO: UpdateMode = { kind: 'auto' };
const off = (reason: Extract<UpdateMode, { kind: 'off' }>['reason']): UpdateMode => ({
  kind: 'off',
  reason,
});

const rows: [string, Partial<InstallFacts>, UpdateMode][] = [
  ['not packaged (npm start, the preview)', { packaged: false }, off('not-packaged')],
  [
    'not packaged, even as an AppImage',
    { packaged: false, platform: 'linux', appImage: '/a.AppImage' },
    off('not-packaged'),
  ],
  ['Windows installer (NSIS)', {}, AUTO],
  ['Windows installer without a feed', { feedConfigured: false }, off('no-feed')],
  ['Windows Store', { windowsStore: true }, off('windows-store')],
  [
    'Windows Store without a feed: the store, not the feed, is why',
    { windowsStore: true, feedConfigured: false },
    off('windows-store'),
  ],
  ['macOS dmg or zip', { platform: 'darwin' }, AUTO],
  ['macOS without a feed', { platform: 'darwin', feedConfigured: false }, off('no-feed')],
  ['Mac App Store', { platform: 'darwin', macAppStore: true }, off('mac-app-store')],
  ['Linux AppImage', { platform: 'linux', appImage: '/home/s/Pitside.AppImage' }, AUTO],
  [
    'Linux AppImage without a feed',
    { platform: 'linux', appImage: '/home/s/Pitside.AppImage', feedConfigured: false },
    off('no-feed'),
  ],
  [
    'Linux AppImage variable set but empty',
    { platform: 'linux', appImage: '' },
    off('unsupported-package'),
  ],
  [
    'Linux deb',
    { platform: 'linux', packageType: 'deb' },
    { kind: 'notify-only', packageType: 'deb' },
  ],
  [
    'Linux deb without a feed',
    { platform: 'linux', packageType: 'deb', feedConfigured: false },
    off('no-feed'),
  ],
  [
    'Linux deb started from an AppImage (APPIMAGE leaked): the package wins',
    { platform: 'linux', packageType: 'deb', appImage: '/x.AppImage' },
    { kind: 'notify-only', packageType: 'deb' },
  ],
  [
    'Linux rpm',
    { platform: 'linux', packageType: 'rpm' },
    { kind: 'notify-only', packageType: 'rpm' },
  ],
  [
    'Linux pacman (not a target of ours)',
    { platform: 'linux', packageType: 'pacman' },
    off('unsupported-package'),
  ],
  [
    'Linux folder or tar.gz (no AppImage, no package)',
    { platform: 'linux' },
    off('unsupported-package'),
  ],
  [
    'Linux folder without a feed: a feed would not help',
    { platform: 'linux', feedConfigured: false },
    off('unsupported-package'),
  ],
  ['another platform', { platform: 'freebsd' }, off('unsupported-platform')],
];

describe('decideUpdates', () => {
  it.each(rows)('%s', (_row, facts, expected) => {
    expect(decideUpdates({ ...INSTALLED, ...facts })).toEqual(expected);
  });

  it('covers every answer the table can give', () => {
    const kinds = new Set(
      rows.map(([, , mode]) => (mode.kind === 'off' ? mode.reason : mode.kind)),
    );
    expect([...kinds].sort()).toEqual(
      [
        'auto',
        'notify-only',
        'not-packaged',
        'mac-app-store',
        'windows-store',
        'unsupported-package',
        'unsupported-platform',
        'no-feed',
      ].sort(),
    );
  });
});

describe('readBuildFacts', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const resources = (files: Record<string, string>) => {
    const folder = mkdtempSync(join(tmpdir(), 'pitside-resources-'));
    folders.push(folder);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    return folder;
  };
  const linux = { platform: 'linux', env: {}, windowsStore: false, macAppStore: false };

  it('reads the package type and the built-in feed from the resources folder', () => {
    const facts = readBuildFacts({
      ...linux,
      packaged: true,
      resourcesPath: resources({
        'package-type': 'deb\n',
        'app-update.yml': 'provider: generic\n',
      }),
    });
    expect(facts).toMatchObject({ packageType: 'deb', builtInFeed: true, appImage: null });
    expect(decideUpdates({ ...facts, feedConfigured: facts.builtInFeed })).toEqual({
      kind: 'notify-only',
      packageType: 'deb',
    });
  });

  it('takes an AppImage from APPIMAGE, and no feed from a folder without app-update.yml', () => {
    const facts = readBuildFacts({
      ...linux,
      env: { APPIMAGE: '/home/s/Pitside.AppImage' },
      packaged: true,
      resourcesPath: resources({}),
    });
    expect(facts).toMatchObject({
      packageType: null,
      builtInFeed: false,
      appImage: '/home/s/Pitside.AppImage',
    });
  });

  it('reads nothing from the resources of a copy run from source', () => {
    const facts = readBuildFacts({
      ...linux,
      packaged: false,
      resourcesPath: resources({ 'package-type': 'deb', 'app-update.yml': 'provider: generic' }),
    });
    expect(facts).toMatchObject({ packaged: false, packageType: null, builtInFeed: false });
  });
});
