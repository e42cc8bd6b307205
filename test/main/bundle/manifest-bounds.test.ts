import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectBundle } from '../../../src/main/bundle/bundle-summary';
import { encodeHead } from '../../../src/main/bundle/container-write';
import { PARTS_MAX, type BundleManifest } from '../../../src/main/bundle/format';
import { TEST_NOW } from '../../harness/server';
import { craftBundle, eventParts } from './crafted-bundle';

/*
 * A manifest says how many parts follow. What it may claim is bounded before its entries are
 * read: a manifest of millions of entries is refused for its size alone, in a moment, and an
 * entry at fault is named alone rather than with every other one.
 */

const NOW = new Date(TEST_NOW);
let root: string;
let manifest: BundleManifest;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'pitside-manifest-bounds-'));
  manifest = craftBundle(join(root, 'model.pitside'), { parts: eventParts() });
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A bundle of only a manifest whose parts are `parts`: what follows it never matters here. */
function manifestOnly(name: string, parts: unknown[]): string {
  const file = join(root, `${name}.pitside`);
  writeFileSync(file, encodeHead({ ...manifest, parts } as BundleManifest));
  return file;
}

async function refusal(file: string): Promise<{ message: string; ms: number }> {
  const started = performance.now();
  const error = await inspectBundle(file, NOW).then(
    () => new Error('taken'),
    (reason: unknown) => reason as Error,
  );
  return { message: error.message, ms: performance.now() - started };
}

describe('a manifest that claims too much', () => {
  it('is refused unread when it holds millions of entries', async () => {
    const file = manifestOnly('millions', new Array<object>(5_200_000).fill({}));
    const { message, ms } = await refusal(file);
    expect(message).toBe(
      `the bundle's manifest holds more than ${PARTS_MAX.toLocaleString('en-US')} parts could; it is not read`,
    );
    // Before, 3.9 s and 641 MB; now the text is only counted. Generous for a busy machine.
    expect(ms).toBeLessThan(1_500);
  });

  it('is refused for its number of parts before any entry is looked at', async () => {
    const file = manifestOnly('too-many', new Array<number>(PARTS_MAX + 1).fill(0));
    expect((await refusal(file)).message).toBe(
      `the bundle's manifest lists ${(PARTS_MAX + 1).toLocaleString('en-US')} parts; a bundle holds at most ${PARTS_MAX.toLocaleString('en-US')}`,
    );
  });

  it('names the first entry at fault, and only that one', async () => {
    const [first] = manifest.parts;
    const file = manifestOnly('bad-entries', [first, ...new Array<object>(50_000).fill({})]);
    const { message } = await refusal(file);
    expect(message).toMatch(/^the bundle's manifest is not valid at parts\.1\.resource: /);
  });
});
