import type { z } from 'zod';
import { formatTimestamp } from '../../shared/wire/formats';
import { CACHE_MIGRATIONS } from '../cache/migrations';
import {
  BundleError,
  bundleManifestHeadSchema,
  bundlePartSchema,
  PARTS_MAX,
  type BundleManifest,
  type BundlePart,
} from './format';
import { SERVICE_URL_MAX } from './service-address';

/*
 * How far ahead of this computer's clock a bundle's times may be: five minutes, the clock skew
 * Kerberos tolerates by default. Two laptops that set their clocks from the network now and then
 * are well within it; a laptop whose clock is hours or years ahead is not, and its copy would
 * otherwise count as synced later than every real sync for as long as its clock is ahead (a part
 * "synced" in 9999 for ever). A time within the skew is merged as synced now (`mergeBundle`), so
 * that it too is replaced by the next sync.
 */
export const BUNDLE_CLOCK_SKEW_MS = 5 * 60_000;

/*
 * An upper bound on the JSON values a manifest may hold, counted before it is parsed: every array
 * element and object member but a container's first comes after a comma, so commas plus brackets
 * bound the values. A real entry is 8 of them (7 members and its separator), a named event 1, and
 * the service's address may hold commas of its own. Past this the text is refused unread: a manifest
 * of millions of empty entries would cost hundreds of megabytes to parse before it could be refused.
 */
const MANIFEST_VALUES_MAX = 10 * PARTS_MAX + SERVICE_URL_MAX + 64;

const COMMA = 0x2c;
const BRACE = 0x7b;
const BRACKET = 0x5b;

/** Refuses a manifest's text that holds more values than a bundle of `PARTS_MAX` parts could. */
export function boundManifestText(text: Buffer): void {
  let values = 0;
  // Bytes of UTF-8 sequences are all 0x80 or above: no character is miscounted as one of these.
  for (let index = 0; index < text.length && values <= MANIFEST_VALUES_MAX; index += 1) {
    const byte = text[index];
    if (byte === COMMA || byte === BRACE || byte === BRACKET) values += 1;
  }
  if (values > MANIFEST_VALUES_MAX) {
    throw new BundleError(
      `the bundle's manifest holds more than ${PARTS_MAX.toLocaleString('en-US')} parts could; it is not read`,
    );
  }
}

function invalid(issue: z.core.$ZodIssue | undefined, prefix: readonly PropertyKey[] = []) {
  const path = [...prefix, ...(issue?.path ?? [])];
  const where = path.length === 0 ? '' : ` at ${path.map(String).join('.')}`;
  return new BundleError(`the bundle's manifest is not valid${where}: ${issue?.message ?? ''}`);
}

/**
 * The entries one by one, the first at fault named alone: a schema over the whole array would
 * collect an issue for every bad entry of a hundred thousand before saying one.
 */
function partEntries(entries: readonly unknown[]): BundlePart[] {
  return entries.map((entry, index) => {
    const parsed = bundlePartSchema.safeParse(entry);
    if (!parsed.success) throw invalid(parsed.error.issues[0], ['parts', index]);
    return parsed.data;
  });
}

/** Refuses a bundle dated past this computer's clock and the skew, naming the first such time. */
function refuseFuture(manifest: BundleManifest, now: Date): void {
  const latest = now.getTime() + BUNDLE_CLOCK_SKEW_MS;
  const dated: [string, string][] = [
    ['the bundle', manifest.createdAt],
    ...manifest.parts.map((part): [string, string] => [part.resource, part.syncedAt]),
  ];
  const ahead = dated.find(([, at]) => Date.parse(at) > latest);
  if (ahead === undefined) return;
  const [what, at] = ahead;
  throw new BundleError(
    `${what} is dated ${at}, later than this computer’s clock (${formatTimestamp(now)}) allows: a copy from the future would never be replaced by a sync. Check the clocks of both laptops, then export again`,
  );
}

/**
 * The manifest, checked: known format and schema, at most `PARTS_MAX` parts (counted before any
 * entry is looked at), one part per resource, sizes that add up to the file's, and no time later
 * than `now` allows.
 */
export function checkManifest(
  value: unknown,
  partsStart: number,
  fileSize: number,
  now: Date,
): BundleManifest {
  const claimed = value as { schemaVersion?: unknown; parts?: unknown } | null;
  const supported = CACHE_MIGRATIONS.length;
  if (typeof claimed?.schemaVersion === 'number' && claimed.schemaVersion > supported) {
    throw new BundleError(
      `the bundle was made by a newer Pitside (schema ${claimed.schemaVersion}; this one reads up to ${supported})`,
    );
  }
  if (Array.isArray(claimed?.parts) && claimed.parts.length > PARTS_MAX) {
    throw new BundleError(
      `the bundle's manifest lists ${claimed.parts.length.toLocaleString('en-US')} parts; a bundle holds at most ${PARTS_MAX.toLocaleString('en-US')}`,
    );
  }
  const head = bundleManifestHeadSchema.safeParse(value);
  if (!head.success) throw invalid(head.error.issues[0]);
  const manifest: BundleManifest = { ...head.data, parts: partEntries(head.data.parts) };
  const seen = new Set<string>();
  let end = partsStart;
  for (const part of manifest.parts) {
    if (seen.has(part.resource)) throw new BundleError(`${part.resource} is in the bundle twice`);
    seen.add(part.resource);
    end += part.storedBytes;
  }
  if (end > fileSize) {
    throw new BundleError(`the bundle is truncated (${fileSize} of ${end} bytes)`);
  }
  if (end < fileSize) {
    throw new BundleError(`the bundle has ${fileSize - end} bytes after its last part`);
  }
  refuseFuture(manifest, now);
  return manifest;
}
