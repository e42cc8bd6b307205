import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AsarEntry {
  size: number;
  unpacked: boolean;
  /** Where the file's bytes start in the archive (unpacked files have none there). */
  at: number;
}

interface HeaderNode {
  files?: Record<string, HeaderNode>;
  size?: number;
  offset?: string;
  unpacked?: boolean;
}

/**
 * Every file an app.asar lists, by its path inside the archive. The archive starts with a pickled
 * size, then a pickled JSON header: bytes 4–8 hold the header's size, bytes 12–16 the JSON's
 * length, and the JSON starts at 16; file offsets count from the header's end.
 */
export function asarFiles(archive: string): Map<string, AsarEntry> {
  const bytes = readFileSync(archive);
  const length = bytes.readUInt32LE(12);
  const data = 8 + bytes.readUInt32LE(4);
  const header = JSON.parse(bytes.subarray(16, 16 + length).toString('utf8')) as HeaderNode;
  const files = new Map<string, AsarEntry>();
  const walk = (node: HeaderNode, prefix: string): void => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const path = prefix === '' ? name : `${prefix}/${name}`;
      if (child.files !== undefined) walk(child, path);
      else
        files.set(path, {
          size: child.size ?? 0,
          unpacked: child.unpacked === true,
          at: data + Number(child.offset ?? 0),
        });
    }
  };
  walk(header, '');
  return files;
}

/** One file's text, from the archive or, for an unpacked one, from the folder beside it. */
export function readAsarText(archive: string, path: string, entry: AsarEntry): string {
  if (entry.unpacked) return readFileSync(join(`${archive}.unpacked`, path), 'utf8');
  if (lastRead?.archive !== archive) lastRead = { archive, bytes: readFileSync(archive) };
  return lastRead.bytes.subarray(entry.at, entry.at + entry.size).toString('utf8');
}

/** The archive read last: a test reads many files of one archive in a row. */
let lastRead: { archive: string; bytes: Buffer } | undefined;
