import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../../src/main/bundle/bundle-import';
import { inspectBundle } from '../../../src/main/bundle/bundle-summary';
import { BundleError } from '../../../src/main/bundle/format';
import type { EventRecord } from '../../../src/shared/wire/event';
import type { MatchRecord } from '../../../src/shared/wire/match';
import { TEST_NOW } from '../../harness/server';
import { CRAFTED_EVENT, craftBundle, eventParts, eventRecord, matchRecord } from './crafted-bundle';

/*
 * Records that pass the wire schemas but that the service itself would never hold: each is
 * refused with the service's own rules (its event body checks, its match rules), naming the record
 * and the field, before anything is opened or made.
 */

const NOW = new Date(TEST_NOW);
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'pitside-bundle-records-'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const withEvent = (overrides: Partial<EventRecord>) => eventParts(eventRecord(overrides));
const withMatch = (overrides: Partial<MatchRecord>) =>
  eventParts(eventRecord(), [matchRecord(1), matchRecord(2, overrides)]);

const cases: [string, ReturnType<typeof eventParts>, RegExp][] = [
  [
    'a start date that is no date',
    withEvent({ startDate: '2026-13-45T25:61:61Z' }),
    new RegExp(`^event:${CRAFTED_EVENT}, record 1: startDate `),
  ],
  [
    'an end before the start',
    withEvent({ endDate: '2026-12-04T09:00:00Z' }),
    /record 1: endDate must not be before startDate/,
  ],
  [
    'a season that does not match the dates',
    withEvent({ season: '2010-2011' }),
    /record 1: season must begin in 2025 or 2026/,
  ],
  [
    'an updatedAt that is no time',
    withEvent({ updatedAt: '2026-02-30T10:00:00Z' }),
    /record 1: updatedAt /,
  ],
  [
    'a winner the scores do not give',
    withMatch({ red: { teams: [254, 1114], score: 10 }, blue: { teams: [971, 118], score: 200 } }),
    new RegExp(`^event:${CRAFTED_EVENT}:matches, record 2: winner must be blue`),
  ],
  [
    'a played match without scores',
    withMatch({
      red: { teams: [254, 1114], score: null },
      blue: { teams: [971, 118], score: null },
      winner: null,
    }),
    /:matches, record 2: red\.score must be a score/,
  ],
  [
    'a scheduled match with scores',
    withMatch({ status: 'scheduled', playedAt: null }),
    /:matches, record 2: red\.score must be null/,
  ],
  [
    'a match id that is not its event, type and number',
    withMatch({ id: `${CRAFTED_EVENT}-q7` }),
    /:matches, record 2: id must be 2026craftedopen-q2/,
  ],
];

describe('a bundle whose records the service would refuse', () => {
  it('is taken when every record is one the service could hold', async () => {
    const file = join(root, 'good.pitside');
    craftBundle(file, { parts: eventParts() });
    await expect(inspectBundle(file, NOW)).resolves.toMatchObject({ events: 1, matches: 1 });
  });

  it.each(cases)('is refused: %s', async (name, parts, problem) => {
    const file = join(root, `${name.replace(/ /g, '-')}.pitside`);
    craftBundle(file, { parts });
    const refusal = await inspectBundle(file, NOW).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(BundleError);
    expect((refusal as Error).message).toMatch(problem);
  });

  it('makes nothing on import when one record is refused', async () => {
    const file = join(root, 'refused-import.pitside');
    craftBundle(file, { parts: withEvent({ startDate: '2026-13-45T25:61:61Z' }) });
    const target = join(root, 'refused-import');
    await expect(importBundle(file, target, { now: NOW })).rejects.toThrow(/startDate/);
    expect(existsSync(target)).toBe(false);
  });
});
