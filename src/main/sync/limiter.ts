/**
 * At most `slots` tasks at once; the rest wait in order. One limiter is shared by a whole sync run,
 * so "a few requests in flight" holds however many resources are being pulled side by side.
 */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {
    if (!Number.isInteger(slots) || slots < 1) throw new Error('a limiter needs at least one slot');
  }

  async run<Result>(task: () => Promise<Result>): Promise<Result> {
    if (this.active >= this.slots) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` only drops when nobody waits.
      if (next === undefined) this.active -= 1;
      else next();
    }
  }
}
