import Database from 'better-sqlite3';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { encodeHead, encodePart } from '../../../src/main/bundle/container-write';
import { BUNDLE_MAGIC, HEADER_BYTES, type BundleManifest } from '../../../src/main/bundle/format';

/** A bundle taken apart: its manifest and the stored bytes of each part, in order. */
export interface OpenedBundle {
  manifest: BundleManifest;
  parts: Buffer[];
}

export function takeApart(file: string): OpenedBundle {
  const bytes = readFileSync(file);
  const manifestBytes = bytes.readUInt32BE(BUNDLE_MAGIC.length + 4);
  const manifest = JSON.parse(
    gunzipSync(bytes.subarray(HEADER_BYTES, HEADER_BYTES + manifestBytes)).toString('utf8'),
  ) as BundleManifest;
  const parts: Buffer[] = [];
  let start = HEADER_BYTES + manifestBytes;
  for (const entry of manifest.parts) {
    parts.push(bytes.subarray(start, start + entry.storedBytes));
    start += entry.storedBytes;
  }
  return { manifest, parts };
}

/** Writes a bundle from a manifest and stored parts as they are: checksums are the caller's. */
export function putTogether(file: string, bundle: OpenedBundle, formatVersion?: number): void {
  writeFileSync(file, Buffer.concat([encodeHead(bundle.manifest, formatVersion), ...bundle.parts]));
}

/** Replaces the records of the part of `resource`, re-encoded with true sizes and checksum. */
export function withRecords(
  bundle: OpenedBundle,
  resource: string,
  records: unknown[],
): OpenedBundle {
  const index = bundle.manifest.parts.findIndex((part) => part.resource === resource);
  if (index < 0) throw new Error(`no part ${resource}`);
  const old = bundle.manifest.parts[index];
  const { entry, stored } = encodePart({
    resource,
    syncedAt: old?.syncedAt ?? '',
    listed: old?.listed,
    records,
  });
  const parts = [...bundle.parts];
  parts[index] = stored;
  const entries = [...bundle.manifest.parts];
  entries[index] = entry;
  return { manifest: { ...bundle.manifest, parts: entries }, parts };
}

/** Every row of every table of a cache, as text: what "nothing changed" compares. */
export function cacheRows(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare<[], string>(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
          AND name NOT LIKE '%_search%' ORDER BY name`,
      )
      .pluck()
      .all();
    return JSON.stringify(
      tables.map((table) => [table, db.prepare(`SELECT * FROM "${table}" ORDER BY 1, 2`).all()]),
    );
  } finally {
    db.close();
  }
}

/** A copy of a data directory's cache, for a test to change. */
export function copyDataDir(from: string, to: string): void {
  cpSync(from, to, {
    recursive: true,
    filter: (source) => !/pitside\.lock/.test(source),
  });
}
