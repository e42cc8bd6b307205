import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import {
  BUNDLE_FORMAT_VERSION,
  BUNDLE_MAGIC,
  BundleError,
  MANIFEST_STORED_MAX,
  PART_RAW_MAX,
  PART_STORED_MAX,
  type BundleManifest,
  type BundlePart,
} from './format';

/** One resource as it goes into a bundle. */
export interface PartInput {
  resource: string;
  syncedAt: string;
  listed?: boolean;
  records: readonly unknown[];
}

/** The stored bytes of a part and its manifest entry. */
export function encodePart(part: PartInput): { entry: BundlePart; stored: Buffer } {
  const raw = Buffer.from(part.records.map((record) => `${JSON.stringify(record)}\n`).join(''));
  if (raw.length > PART_RAW_MAX) {
    throw new BundleError(`${part.resource} is too large for a bundle (${raw.length} bytes)`);
  }
  const stored = gzipSync(raw);
  if (stored.length > PART_STORED_MAX) {
    throw new BundleError(`${part.resource} is too large for a bundle (${stored.length} bytes)`);
  }
  const entry: BundlePart = {
    resource: part.resource,
    syncedAt: part.syncedAt,
    ...(part.listed === undefined ? {} : { listed: part.listed }),
    records: part.records.length,
    rawBytes: raw.length,
    storedBytes: stored.length,
    sha256: createHash('sha256').update(stored).digest('hex'),
  };
  return { entry, stored };
}

/** The fixed header and the stored manifest: what comes before the first part. */
export function encodeHead(
  manifest: BundleManifest,
  formatVersion = BUNDLE_FORMAT_VERSION,
): Buffer {
  const stored = gzipSync(Buffer.from(JSON.stringify(manifest)));
  if (stored.length > MANIFEST_STORED_MAX) {
    throw new BundleError(`the bundle's manifest is too large (${manifest.parts.length} parts)`);
  }
  const numbers = Buffer.alloc(8);
  numbers.writeUInt32BE(formatVersion, 0);
  numbers.writeUInt32BE(stored.length, 4);
  const checksum = createHash('sha256').update(stored).digest();
  return Buffer.concat([BUNDLE_MAGIC, numbers, checksum, stored]);
}

function writeAll(fd: number, bytes: Buffer): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written);
}

/**
 * Writes a bundle atomically. The manifest comes first in the file but is known only once every
 * part is compressed, so the parts go to a file of their own beside the bundle first; `finish`
 * then writes the header, the manifest and the parts to a second temporary file and renames it
 * over `file`. Memory holds one part at a time, however large the bundle; a crash or an `abort`
 * leaves `file` as it was.
 */
export class BundleFileWriter {
  private readonly partsFile: string;
  private readonly bundleTemporary: string;
  private readonly partsFd: number;
  private readonly entries: BundlePart[] = [];
  private closed = false;

  constructor(private readonly file: string) {
    this.partsFile = `${file}.${process.pid}.parts.tmp`;
    this.bundleTemporary = `${file}.${process.pid}.tmp`;
    this.partsFd = openSync(this.partsFile, 'w+', 0o600);
  }

  add(part: PartInput): BundlePart {
    const { entry, stored } = encodePart(part);
    writeAll(this.partsFd, stored);
    this.entries.push(entry);
    return entry;
  }

  /** Writes the bundle with `manifest` (its parts are the ones added) and puts it in place. */
  finish(manifest: Omit<BundleManifest, 'parts'>): BundleManifest {
    const complete: BundleManifest = { ...manifest, parts: this.entries };
    const bundleFd = openSync(this.bundleTemporary, 'w', 0o644);
    try {
      writeAll(bundleFd, encodeHead(complete));
      const chunk = Buffer.alloc(1024 * 1024);
      for (let position = 0; ;) {
        const read = readSync(this.partsFd, chunk, 0, chunk.length, position);
        if (read === 0) break;
        writeAll(bundleFd, chunk.subarray(0, read));
        position += read;
      }
      fsyncSync(bundleFd);
    } catch (error) {
      closeSync(bundleFd);
      this.abort();
      throw error;
    }
    closeSync(bundleFd);
    this.closeParts();
    try {
      renameSync(this.bundleTemporary, this.file);
    } catch (error) {
      rmSync(this.bundleTemporary, { force: true });
      throw error;
    }
    return complete;
  }

  /** Leaves nothing behind. */
  abort(): void {
    this.closeParts();
    rmSync(this.bundleTemporary, { force: true });
  }

  private closeParts(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.partsFd);
    rmSync(this.partsFile, { force: true });
  }
}
