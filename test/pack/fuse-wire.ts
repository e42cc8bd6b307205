import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Electron's fuse wire, as @electron/fuses finds it in the binary: the sentinel, a version byte
 * (1), a length byte, then one ASCII '0' or '1' per fuse, in FuseV1Options order.
 */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

export const fuseNames = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
] as const;

export type FuseName = (typeof fuseNames)[number];
export type Fuses = Record<FuseName, boolean>;

/** What an Electron release ships with, before anything is flipped. */
export const electronDefaults: Fuses = {
  runAsNode: true,
  enableCookieEncryption: false,
  enableNodeOptionsEnvironmentVariable: true,
  enableNodeCliInspectArguments: true,
  enableEmbeddedAsarIntegrityValidation: false,
  onlyLoadAppFromAsar: false,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: true,
};

/** A stand-in Electron executable: padding around a fuse wire set to `fuses`. */
export function writeStandInBinary(file: string, fuses: Fuses): void {
  const wire = fuseNames.map((name) => (fuses[name] ? '1' : '0')).join('');
  const body = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "a stand-in for Electron: it cannot run"\nexit 1\n'),
    Buffer.from(SENTINEL, 'latin1'),
    Buffer.from([1, wire.length]),
    Buffer.from(wire, 'latin1'),
    Buffer.alloc(64),
  ]);
  writeFileSync(file, body, { mode: 0o755 });
}

export function readFuses(file: string): Fuses {
  const bytes = readFileSync(file);
  const at = bytes.indexOf(SENTINEL, 0, 'latin1');
  if (at === -1) throw new Error(`${file} holds no fuse wire`);
  const wire = at + SENTINEL.length;
  if (bytes[wire] !== 1) throw new Error(`${file}'s fuse wire is version ${bytes[wire]}, not 1`);
  const length = bytes[wire + 1] ?? 0;
  const fuses = { ...electronDefaults };
  fuseNames.forEach((name, index) => {
    if (index >= length) throw new Error(`${file}'s fuse wire has no ${name}`);
    const state = String.fromCharCode(bytes[wire + 2 + index] ?? 0);
    if (state !== '0' && state !== '1') throw new Error(`${file}: ${name} reads ${state}`);
    fuses[name] = state === '1';
  });
  return fuses;
}
