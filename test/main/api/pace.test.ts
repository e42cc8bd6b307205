import { describe, expect, it } from 'vitest';
import { Pace, type PaceSlot } from '../../../src/main/api/pace';

/**
 * A clock the test moves by hand, and sleeps that end when it reaches their time: the pace's
 * decisions are then exact, whatever the machine's load.
 */
function manualTime() {
  let now = 0;
  const sleepers: { until: number; wake: () => void }[] = [];
  const slept: number[] = [];
  return {
    now: () => now,
    slept,
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        slept.push(ms);
        sleepers.push({ until: now + ms, wake });
      }),
    async advance(ms: number) {
      now += ms;
      for (const sleeper of sleepers.filter((entry) => entry.until <= now)) {
        sleepers.splice(sleepers.indexOf(sleeper), 1);
        sleeper.wake();
      }
      await settle();
    },
  };
}

/** Lets every promise that can move on do so. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
}

/** Starts `count` admissions and tells which have been let through so far. */
function admitting(pace: Pace, count: number, signal?: AbortSignal) {
  const slots: (PaceSlot | null)[] = Array<PaceSlot | null>(count).fill(null);
  const failures: unknown[] = [];
  for (let index = 0; index < count; index += 1) {
    pace.admit(signal).then(
      (slot) => {
        slots[index] = slot;
      },
      (error: unknown) => failures.push(error),
    );
  }
  return {
    slots,
    failures,
    admitted: () => slots.filter((slot) => slot !== null).length,
  };
}

describe('the window of requests in flight', () => {
  it('lets in as many as the window holds and the next one when one answers', async () => {
    const time = manualTime();
    const pace = new Pace({ initialWindow: 3, maxWindow: 3, ...time });
    const started = admitting(pace, 5);
    await settle();
    expect(started.admitted()).toBe(3);
    started.slots[0]?.answered();
    await settle();
    expect(started.admitted()).toBe(4);
    started.slots[1]?.released();
    await settle();
    expect(started.admitted()).toBe(5);
  });

  it('grows by one per answer up to its maximum while nothing is refused', async () => {
    const time = manualTime();
    const pace = new Pace({ initialWindow: 2, maxWindow: 24, ...time });
    for (let answered = 0; answered < 40; answered += 1) (await pace.admit()).answered();
    expect(pace.concurrency).toBe(24);
  });

  it('halves at a 429, once for all the requests the same empty bucket turned away', async () => {
    const time = manualTime();
    const pace = new Pace({ initialWindow: 16, maxWindow: 16, ...time });
    const started = admitting(pace, 16);
    await settle();
    for (const slot of started.slots) slot?.limited(1_000);
    expect(pace.concurrency).toBe(8);
  });
});

describe('a 429', () => {
  it('pauses every request, not only its own, until its Retry-After has passed', async () => {
    const time = manualTime();
    const pace = new Pace({ initialWindow: 8, maxWindow: 8, ...time });
    const first = await pace.admit();
    first.limited(2_000);
    const waiting = admitting(pace, 3);
    await time.advance(1_999);
    expect(waiting.admitted()).toBe(0);
    await time.advance(1);
    expect(waiting.admitted()).toBe(3);
    // One pause, slept once, however many requests waited for it.
    expect(time.slept).toEqual([2_000]);
  });

  it('without a Retry-After pauses for a backoff that doubles while 429s keep coming', async () => {
    const time = manualTime();
    const pace = new Pace({ ...time });
    for (const pause of [1_000, 2_000, 4_000]) {
      const slot = await pace.admit();
      slot.limited(undefined);
      await time.advance(pause);
    }
    expect(time.slept).toEqual([1_000, 2_000, 4_000]);
    (await pace.admit()).answered();
    (await pace.admit()).limited(undefined);
    expect(time.slept.at(-1)).toBe(1_000);
  });

  it('lets a waiting request go when its caller cancels, with the caller’s reason', async () => {
    const time = manualTime();
    const pace = new Pace({ ...time });
    (await pace.admit()).limited(30_000);
    const controller = new AbortController();
    const waiting = admitting(pace, 1, controller.signal);
    controller.abort(new Error('sync canceled'));
    await settle();
    expect(waiting.failures).toEqual([new Error('sync canceled')]);
  });
});

describe('the learned rate', () => {
  it('is what the service accepted between two 429s, and requests then start that far apart', async () => {
    const time = manualTime();
    const pace = new Pace({ initialWindow: 24, maxWindow: 24, ...time });
    (await pace.admit()).limited(1_000);
    await time.advance(1_000);
    // 40 answers in the 2 s between the first 429 and the next: a bucket refilling at 20/s.
    for (let answered = 0; answered < 40; answered += 1) (await pace.admit()).answered();
    await time.advance(1_000);
    (await pace.admit()).limited(1_000);
    expect(pace.requestsPerSecond).toBe(20);

    await time.advance(1_000);
    time.slept.length = 0;
    const started = admitting(pace, 3);
    await settle();
    expect(started.admitted()).toBe(1);
    await time.advance(49);
    expect(started.admitted()).toBe(1);
    await time.advance(1);
    expect(started.admitted()).toBe(2);
    await time.advance(50);
    expect(started.admitted()).toBe(3);
    expect(time.slept).toEqual([50, 100]);
    // Each answer raises the rate a little, so that a raised limit shows in the next sample.
    for (const slot of started.slots) slot?.answered();
    expect(pace.requestsPerSecond).toBeCloseTo(20.3);
  });

  it('is not learned from two 429s too close together to tell the rate', async () => {
    const time = manualTime();
    const pace = new Pace({ ...time });
    (await pace.admit()).limited(0);
    (await pace.admit()).answered();
    await time.advance(500);
    (await pace.admit()).limited(0);
    expect(pace.requestsPerSecond).toBeNull();
  });
});

describe('being stuck', () => {
  it('is measured from the last answer that was not a 429', async () => {
    const time = manualTime();
    const pace = new Pace({ ...time });
    (await pace.admit()).answered();
    await time.advance(5_000);
    (await pace.admit()).limited(1_000);
    await time.advance(1_000);
    expect(pace.stalledMs).toBe(6_000);
    (await pace.admit()).answered();
    expect(pace.stalledMs).toBe(0);
  });
});
