import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../src/main/analysis/math/prng';
import type { RatedMatch, SeasonStart } from '../../../src/main/analysis/math/rating-state';
import { SeasonReplay } from '../../../src/main/analysis/math/season-replay';

/*
 * The Ratings' replay from checkpoints against a replay from scratch, on a season of generated
 * matches (the math alone; the model's refreshes are checked on the demo data elsewhere).
 */

const START: SeasonStart = { standing: new Map([[7, 1.5]]), priors: new Map() };

function season(count: number, seed: number): RatedMatch[] {
  const random = new SeededRandom(seed);
  const team = () => 1 + Math.floor(random.next() * 60);
  return Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    red: [team(), team(), team()],
    blue: [team(), team(), team()],
    redScore: Math.round(100 + 30 * random.normal()),
    blueScore: Math.round(100 + 30 * random.normal()),
    playoff: i % 10 === 9,
  }));
}

function fresh(matches: readonly RatedMatch[]): SeasonReplay {
  const replay = new SeasonReplay(START);
  replay.update(matches, START);
  return replay;
}

function sameResult(a: SeasonReplay, b: SeasonReplay) {
  expect([...a.state.ratings].sort()).toEqual([...b.state.ratings].sort());
  expect(a.state.finalScales()).toEqual(b.state.finalScales());
  expect(a.predictionsById()).toEqual(b.predictionsById());
}

describe('a season replay', () => {
  it('resumes near a late change and ends exactly where a full replay does', () => {
    const matches = season(3000, 1);
    const replay = fresh(matches);
    const changed = matches.slice();
    const at = 2700;
    changed[at] = { ...(changed[at] as RatedMatch), redScore: 400 };
    expect(replay.update(changed, START)).toBe(true);
    expect(replay.replayed).toBeGreaterThanOrEqual(changed.length - at);
    expect(replay.replayed).toBeLessThan(changed.length / 4);
    sameResult(replay, fresh(changed));
  });

  it('takes new matches at the end, and a match played earlier than the ones known', () => {
    const matches = season(1200, 2);
    const replay = fresh(matches.slice(0, 1000));
    replay.update(matches, START);
    expect(replay.replayed).toBeLessThanOrEqual(200 + 64);
    sameResult(replay, fresh(matches));
    const reordered = [
      ...matches.slice(0, 500),
      matches[1199] as RatedMatch,
      ...matches.slice(500, 1199),
    ];
    replay.update(reordered, START);
    sameResult(replay, fresh(reordered));
  });

  it('changes nothing when nothing changed, and replays all when the start changed', () => {
    const matches = season(500, 3);
    const replay = fresh(matches);
    expect(replay.update(matches.slice(), START)).toBe(false);
    const start: SeasonStart = { standing: new Map([[7, -1]]), priors: new Map() };
    expect(replay.update(matches, start)).toBe(true);
    expect(replay.replayed).toBe(matches.length);
  });
});
