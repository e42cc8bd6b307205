import type { Notice } from '../../shared/ipc/notifications';

/** Where a notice is shown: the system's notifications in the app, a toast in the preview. */
export interface Notifier {
  show(notice: Notice): void;
}

export interface SlotTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_TIMERS: SlotTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** How long the slot waits for a newer notice to replace the one offered. */
export const DEBOUNCE_MS = 1_000;

/**
 * One notification at a time, as Windows and macOS show them: a notice waits `DEBOUNCE_MS` in the
 * slot, a newer one replaces it and waits again, and only the last is shown. While the window has
 * focus nothing is shown at all: the view on screen updates instead.
 */
export class NoticeSlot {
  private waiting: { notice: Notice; timer: unknown } | null = null;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly notifier: Notifier,
    private readonly isFocused: () => boolean,
    private readonly timers: SlotTimers = REAL_TIMERS,
    private readonly delayMs = DEBOUNCE_MS,
  ) {}

  offer(notice: Notice): void {
    if (this.waiting !== null) this.timers.clearTimeout(this.waiting.timer);
    const timer = this.timers.setTimeout(() => this.fire(), this.delayMs);
    this.waiting = { notice, timer };
  }

  /** Drops a notice still waiting (the app is closing). */
  clear(): void {
    if (this.waiting !== null) this.timers.clearTimeout(this.waiting.timer);
    this.waiting = null;
    this.settle();
  }

  /** Resolves once no notice waits in the slot (shown, passed over, or none offered). */
  idle(): Promise<void> {
    if (this.waiting === null) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private fire(): void {
    const notice = this.waiting?.notice;
    this.waiting = null;
    if (notice !== undefined && !this.isFocused()) this.notifier.show(notice);
    this.settle();
  }

  private settle(): void {
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
