import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../electron-builder.config';

// The installers' icons are committed files made once by scripts/make-icons.sh; this reads their
// headers, so a missing size or a file of the wrong kind fails here, not in a release build.
const root = resolve(import.meta.dirname, '../..');
const linuxSizes = [16, 24, 32, 48, 64, 128, 256];

function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1'), `${file} is a PNG`).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Sizes listed in an .ico's directory (a width byte of 0 means 256). */
function icoSizes(file: string): number[] {
  const bytes = readFileSync(file);
  expect(bytes.readUInt16LE(2), `${file} is an icon resource`).toBe(1);
  const count = bytes.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => bytes[6 + index * 16] || 256);
}

/** Sizes of the colour images in an .icns (its element types name their size). */
function icnsSizes(file: string): number[] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 4).toString('latin1'), `${file} is an icns`).toBe('icns');
  expect(bytes.readUInt32BE(4)).toBe(bytes.length);
  const byType: Record<string, number> = {
    is32: 16,
    icp4: 16,
    il32: 32,
    icp5: 32,
    ih32: 48,
    icp6: 64,
    it32: 128,
    ic07: 128,
    ic08: 256,
    ic09: 512,
    ic10: 1024,
  };
  const sizes: number[] = [];
  for (let at = 8; at < bytes.length; at += bytes.readUInt32BE(at + 4)) {
    const size = byType[bytes.subarray(at, at + 4).toString('latin1')];
    if (size !== undefined) sizes.push(size);
  }
  return sizes;
}

describe('the installers’ icons', () => {
  it('the Linux set has one PNG per size, each as large as its name', () => {
    const directory = join(root, String(config.linux?.icon));
    expect(readdirSync(directory).sort()).toEqual(linuxSizes.map((n) => `${n}x${n}.png`).sort());
    for (const size of linuxSizes) {
      expect(pngSize(join(directory, `${size}x${size}.png`))).toEqual([size, size]);
    }
  });

  it('the Windows .ico holds 16 to 256 px', () => {
    expect(icoSizes(join(root, String(config.win?.icon))).sort((a, b) => a - b)).toEqual(
      linuxSizes,
    );
  });

  it('the macOS .icns holds 16, 32, 48, 128 and 256 px', () => {
    expect(icnsSizes(join(root, String(config.mac?.icon)))).toEqual([16, 32, 48, 128, 256]);
  });

  it('the source icon is 256 px square', () => {
    expect(pngSize(join(root, 'resources/icon.png'))).toEqual([256, 256]);
  });
});
