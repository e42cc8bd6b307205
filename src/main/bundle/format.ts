import { z } from 'zod';
import { parseResourceKey } from '../../shared/ipc/resources';
import { normaliseTimestamp, responseTimestampSchema } from '../../shared/wire/formats';
import { bundleServiceSchema } from './service-address';

/*
 * A `.pitside` bundle: part of one service's copy, handed from one computer to another as a file.
 *
 *   magic           8 bytes  "PTSDBNDL"
 *   formatVersion   uint32   big-endian; this reader knows BUNDLE_FORMAT_VERSION and older
 *   manifestBytes   uint32   big-endian; the stored (gzip) size of the manifest
 *   manifestSha256  32 bytes of the stored manifest
 *   manifest        gzip of one JSON object (`BundleManifest`)
 *   parts           one after the other, in the manifest's order, each the gzip of NDJSON: one
 *                   wire record (the service's own shape) per line
 *
 * Each part is one sync resource of the cache (`event:ID`, `event:ID:teams`, …, see
 * `BundlePart`), with the time the source last synced it (its `sync_state.last_success`), its
 * record count, its sizes before and after compression, and the sha256 of its stored bytes. A part
 * starts where the one before it ends, so a reader needs no seek: the file streams, and every size
 * it reads is checked against a hard cap before anything is allocated for it.
 */

export const BUNDLE_MAGIC = Buffer.from('PTSDBNDL', 'latin1');
export const BUNDLE_FORMAT_VERSION = 1;
/** magic, format version, manifest size, manifest checksum. */
export const HEADER_BYTES = BUNDLE_MAGIC.length + 4 + 4 + 32;

/*
 * Caps, whatever a file claims. A part is one resource, the largest an event's matches or clips:
 * hundreds of records, well under a megabyte. The service's own cap on a body is 32 MiB.
 *
 * Every season of the large data set (2,000 events, 10,000 teams) is about 40,000 parts; a
 * bundle holds at most 100,000. A part's manifest entry is at most about 300 bytes, and a bundle
 * of named events names each one once more (43 bytes): 40 MiB of manifest is room for both.
 */
export const MANIFEST_STORED_MAX = 16 * 1024 * 1024;
export const MANIFEST_RAW_MAX = 40 * 1024 * 1024;
export const PART_STORED_MAX = 32 * 1024 * 1024;
export const PART_RAW_MAX = 32 * 1024 * 1024;
export const PARTS_MAX = 100_000;

/** A time in the response form that is also a real instant: no month 13, no 25 o'clock. */
export function isInstant(text: string): boolean {
  return normaliseTimestamp(text) === text;
}

const bundleTimeSchema = responseTimestampSchema.refine(
  isInstant,
  'must be a real UTC time like 2026-03-14T09:00:00Z',
);

/** The kinds of resources a bundle carries; each is checked with its wire schema on the way in. */
export type PartKind =
  'event' | 'eventTeams' | 'eventMatches' | 'eventClips' | 'teamStats' | 'teams';

export function partKindOf(resource: string): PartKind | null {
  if (resource === 'teams') return 'teams';
  const parsed = parseResourceKey(resource);
  switch (parsed?.kind) {
    case 'event':
      return 'event';
    case 'eventPart':
      return parsed.part === 'teams'
        ? 'eventTeams'
        : parsed.part === 'matches'
          ? 'eventMatches'
          : 'eventClips';
    case 'teamStats':
      return 'teamStats';
    default:
      return null;
  }
}

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 in hex');

export const bundlePartSchema = z.strictObject({
  /** The sync resource this part replaces (`teams`: entries of the team list, never all of it). */
  resource: z
    .string()
    .refine((key) => partKindOf(key) !== null, 'is not a resource a bundle carries'),
  /** When the source last synced this resource: the freshness that decides a merge. */
  syncedAt: bundleTimeSchema,
  /** Event parts only: whether the service's event list shows it (`events.listed`). */
  listed: z.boolean().optional(),
  records: z.number().int().min(0),
  rawBytes: z.number().int().min(0).max(PART_RAW_MAX),
  storedBytes: z.number().int().min(1).max(PART_STORED_MAX),
  sha256: sha256Schema,
});
export type BundlePart = z.infer<typeof bundlePartSchema>;

/** The manifest but for its parts' entries, which are checked one by one (`checkManifest`). */
export const bundleManifestHeadSchema = z.strictObject({
  format: z.literal('pitside-bundle'),
  /** The cache's schema version (its number of migrations) where the bundle was made. */
  schemaVersion: z.number().int().min(1),
  createdAt: bundleTimeSchema,
  /** The service the records came from: a bundle only ever merges into that service's copy. */
  service: bundleServiceSchema,
  /** What was asked for: `null` fields were not narrowed by. */
  selection: z.strictObject({
    events: z.array(z.string()).max(PARTS_MAX).nullable(),
    season: z.string().nullable(),
  }),
  parts: z.array(z.unknown()).max(PARTS_MAX),
});

export const bundleManifestSchema = bundleManifestHeadSchema.extend({
  parts: z.array(bundlePartSchema).max(PARTS_MAX),
});
export type BundleManifest = z.infer<typeof bundleManifestSchema>;

/** What is wrong with a bundle; nothing was changed because of it. */
export class BundleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BundleError';
  }
}
