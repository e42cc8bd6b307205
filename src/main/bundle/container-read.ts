import { createHash, type Hash } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gunzipSync } from 'node:zlib';
import {
  BUNDLE_FORMAT_VERSION,
  BUNDLE_MAGIC,
  BundleError,
  HEADER_BYTES,
  MANIFEST_RAW_MAX,
  MANIFEST_STORED_MAX,
  type BundleManifest,
  type BundlePart,
} from './format';
import { boundManifestText, checkManifest } from './manifest-check';
import { verifyPartRecords, type VerifiedPart } from './part-records';

/** Reads of the file go in pieces of this size: the most a part costs before it inflates. */
const CHUNK_BYTES = 64 * 1024;

/** An open bundle whose manifest was checked; its parts are checked as they are read. */
export interface BundleReader {
  manifest: BundleManifest;
  /** Each part in turn, checked whole (checksum, sizes, every record's schema) before it is given. */
  parts(): AsyncGenerator<VerifiedPart>;
  close(): Promise<void>;
}

async function readExactly(handle: FileHandle, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) throw new BundleError('the bundle is truncated');
    filled += bytesRead;
  }
  return buffer;
}

/** The stored bytes of one part, a chunk at a time, each also fed to `hash` when there is one. */
async function* storedChunks(
  handle: FileHandle,
  start: number,
  length: number,
  hash: Hash | null,
): AsyncGenerator<Buffer> {
  for (let done = 0; done < length;) {
    const size = Math.min(CHUNK_BYTES, length - done);
    const chunk = await readExactly(handle, size, start + done);
    hash?.update(chunk);
    done += size;
    yield chunk;
  }
}

function inflateManifest(stored: Buffer): unknown {
  let inflated: Buffer;
  try {
    inflated = gunzipSync(stored, { maxOutputLength: MANIFEST_RAW_MAX });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new BundleError(`the bundle's manifest inflates past ${MANIFEST_RAW_MAX} bytes`);
    }
    throw new BundleError("the bundle's manifest is corrupted: it does not inflate");
  }
  boundManifestText(inflated);
  try {
    return JSON.parse(inflated.toString('utf8'));
  } catch {
    throw new BundleError("the bundle's manifest is not JSON");
  }
}

/**
 * Inflates a part whose checksum matched, refusing it the moment it inflates past its declared
 * size (which the manifest schema capped): a zip bomb costs at most that much memory.
 */
async function inflatePart(handle: FileHandle, start: number, entry: BundlePart): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let size = 0;
  try {
    await pipeline(
      storedChunks(handle, start, entry.storedBytes, null),
      createGunzip(),
      async (inflated: AsyncIterable<Buffer>) => {
        for await (const piece of inflated) {
          size += piece.length;
          if (size > entry.rawBytes) {
            throw new BundleError(
              `${entry.resource} inflates past its declared size of ${entry.rawBytes} bytes`,
            );
          }
          pieces.push(piece);
        }
      },
    );
  } catch (error) {
    if (error instanceof BundleError) throw error;
    throw new BundleError(`${entry.resource} is corrupted: it does not inflate`);
  }
  if (size !== entry.rawBytes) {
    throw new BundleError(
      `${entry.resource} inflates to ${size} bytes, its manifest says ${entry.rawBytes}`,
    );
  }
  return Buffer.concat(pieces, size);
}

function pastDeclared(entry: BundlePart): BundleError {
  return new BundleError(
    `${entry.resource} inflates past its declared size of ${entry.rawBytes} bytes`,
  );
}

/** A part of one chunk, inflated in one call, capped at one byte past its declared size. */
function inflateSmall(stored: Buffer, entry: BundlePart): Buffer {
  let inflated: Buffer;
  try {
    inflated = gunzipSync(stored, { maxOutputLength: entry.rawBytes + 1 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw pastDeclared(entry);
    throw new BundleError(`${entry.resource} is corrupted: it does not inflate`);
  }
  if (inflated.length > entry.rawBytes) throw pastDeclared(entry);
  if (inflated.length !== entry.rawBytes) {
    throw new BundleError(
      `${entry.resource} inflates to ${inflated.length} bytes, its manifest says ${entry.rawBytes}`,
    );
  }
  return inflated;
}

/** Reads a part: its checksum first, then its records, bounded by its declared size. */
async function readPart(
  handle: FileHandle,
  start: number,
  entry: BundlePart,
): Promise<VerifiedPart> {
  const hash = createHash('sha256');
  // Most parts fit in one chunk: read once, inflated in one call with the same cap; a stream per
  // part costs more than the part (a season of the large data set has 11,000 of them).
  const stored =
    entry.storedBytes <= CHUNK_BYTES ? await readExactly(handle, entry.storedBytes, start) : null;
  // The checksum is read first, on its own: a damaged part is named as such, never inflated.
  if (stored !== null) hash.update(stored);
  else for await (const chunk of storedChunks(handle, start, entry.storedBytes, hash)) void chunk;
  if (hash.digest('hex') !== entry.sha256) {
    throw new BundleError(`${entry.resource} is corrupted: its checksum does not match`);
  }
  const inflated =
    stored === null ? await inflatePart(handle, start, entry) : inflateSmall(stored, entry);
  const text = inflated.toString('utf8');
  if (text !== '' && !text.endsWith('\n')) {
    throw new BundleError(`${entry.resource} does not end with a line end`);
  }
  const lines = text === '' ? [] : text.slice(0, -1).split('\n');
  return verifyPartRecords(entry, lines);
}

/** What a file is when it is not a regular file, in words; `null` for a regular file. */
function notRegular(stats: Stats): string | null {
  if (stats.isFile()) return null;
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function notABundleFile(file: string, kind: string): BundleError {
  return new BundleError(`${file} is ${kind}, not a bundle file`);
}

/**
 * Opens `file` for reading only if it is a regular file. A named pipe would block the open (and
 * every read) until another program wrote to it, so it is looked at first; the open itself does
 * not wait (O_NONBLOCK), so one swapped in meanwhile is caught by the second look, at the handle.
 */
async function openRegularFile(file: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    const kind = notRegular(await stat(file));
    if (kind !== null) throw notABundleFile(file, kind);
    // O_NONBLOCK is not defined where there are no named pipes to wait on (Windows).
    handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (error instanceof BundleError) throw error;
    throw new BundleError(`${file} cannot be read: ${(error as Error).message}`);
  }
  const kind = notRegular(await handle.stat());
  if (kind === null) return handle;
  await handle.close();
  throw notABundleFile(file, kind);
}

/**
 * Opens a bundle and checks its header and manifest. Nothing is read into memory on the file's
 * word alone: every size is checked against a cap and against the file's real size first. A time
 * in it later than `now` and the skew allow is refused (see `checkManifest`).
 */
export async function openBundle(file: string, now: Date): Promise<BundleReader> {
  const handle = await openRegularFile(file);
  try {
    const { size: fileSize } = await handle.stat();
    if (fileSize < HEADER_BYTES) {
      const start = await readExactly(handle, Math.min(fileSize, BUNDLE_MAGIC.length), 0);
      if (!BUNDLE_MAGIC.subarray(0, start.length).equals(start) || fileSize === 0) {
        throw new BundleError(`${file} is not a Pitside bundle`);
      }
      throw new BundleError('the bundle is truncated');
    }
    const header = await readExactly(handle, HEADER_BYTES, 0);
    if (!header.subarray(0, BUNDLE_MAGIC.length).equals(BUNDLE_MAGIC)) {
      throw new BundleError(`${file} is not a Pitside bundle`);
    }
    const formatVersion = header.readUInt32BE(BUNDLE_MAGIC.length);
    if (formatVersion > BUNDLE_FORMAT_VERSION) {
      throw new BundleError(
        `the bundle was made by a newer Pitside (format ${formatVersion}; this one reads up to ${BUNDLE_FORMAT_VERSION})`,
      );
    }
    if (formatVersion === 0) throw new BundleError(`${file} is not a Pitside bundle`);
    const manifestBytes = header.readUInt32BE(BUNDLE_MAGIC.length + 4);
    if (manifestBytes > MANIFEST_STORED_MAX) {
      throw new BundleError(`the bundle's manifest is too large (${manifestBytes} bytes)`);
    }
    if (HEADER_BYTES + manifestBytes > fileSize) throw new BundleError('the bundle is truncated');
    const stored = await readExactly(handle, manifestBytes, HEADER_BYTES);
    const checksum = header.subarray(BUNDLE_MAGIC.length + 8, HEADER_BYTES);
    if (!createHash('sha256').update(stored).digest().equals(checksum)) {
      throw new BundleError("the bundle's manifest is corrupted: its checksum does not match");
    }
    const partsStart = HEADER_BYTES + manifestBytes;
    const manifest = checkManifest(inflateManifest(stored), partsStart, fileSize, now);
    return {
      manifest,
      async *parts() {
        let start = partsStart;
        for (const entry of manifest.parts) {
          yield await readPart(handle, start, entry);
          start += entry.storedBytes;
        }
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
