import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../src/shared/ipc/notifications';
import { NoticeSlot, type SlotTimers } from '../../../src/main/notify/notice-slot';

/** Timers the test fires by hand: the slot's wait, without waiting. */
function manualTimers(): SlotTimers & { fire(): void; pending(): number } {
  const waiting = new Map<number, () => void>();
  let next = 0;
  return {
    setTimeout: (run) => {
      next += 1;
      waiting.set(next, run);
      return next;
    },
    clearTimeout: (handle) => {
      waiting.delete(handle as number);
    },
    fire: () => {
      const runs = [...waiting.values()];
      waiting.clear();
      for (const run of runs) run();
    },
    pending: () => waiting.size,
  };
}

const notice = (title: string): Notice => ({
  kind: 'streamLive',
  title,
  body: '',
  route: '/events/2026leedsopen',
});

describe('the notification slot', () => {
  it('shows only the last of notices offered within its wait', () => {
    const shown: string[] = [];
    const timers = manualTimers();
    const slot = new NoticeSlot({ show: (n) => shown.push(n.title) }, () => false, timers);
    slot.offer(notice('first'));
    slot.offer(notice('second'));
    expect(timers.pending()).toBe(1);
    expect(shown).toEqual([]);
    timers.fire();
    expect(shown).toEqual(['second']);
  });

  it('shows nothing while the window has focus', () => {
    const shown: string[] = [];
    const timers = manualTimers();
    let focused = true;
    const slot = new NoticeSlot({ show: (n) => shown.push(n.title) }, () => focused, timers);
    slot.offer(notice('while focused'));
    timers.fire();
    expect(shown).toEqual([]);
    focused = false;
    // Passed over is passed over: it does not come back when the focus goes.
    timers.fire();
    expect(shown).toEqual([]);
    slot.offer(notice('later'));
    timers.fire();
    expect(shown).toEqual(['later']);
  });
});

describe('the slot, settled', () => {
  it('is idle at once when empty, and once its notice is shown', async () => {
    const timers = manualTimers();
    const slot = new NoticeSlot({ show: () => {} }, () => false, timers);
    await slot.idle();
    slot.offer(notice('one'));
    let idle = false;
    const waiting = slot.idle().then(() => {
      idle = true;
    });
    await Promise.resolve();
    expect(idle).toBe(false);
    timers.fire();
    await waiting;
    expect(idle).toBe(true);
  });
});
