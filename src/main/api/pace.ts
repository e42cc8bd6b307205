/**
 * How fast one service lets one key ask, learned as requests go, and shared by every request made
 * with that key: a sync run's, a view's background fetch, the outbox's. It holds three things:
 *
 * - a window of requests in flight, which grows while answers come back and halves when the
 *   service says it is asked too much (so a slow venue link gets many small requests in flight,
 *   and a rate-limited key fewer);
 * - a pause: a 429 stops every request until its Retry-After has passed, not only the one that
 *   got it, because the others would only spend the next tokens on the same key;
 * - a rate, learned between two 429s: the requests the service accepted in between are exactly
 *   what its bucket refilled (when they came as fast as it refilled). Requests then start that
 *   far apart, and a little faster with every answer, so that the next 429 tells whether the
 *   limit moved, and a rate learned while the window held requests back does not stick.
 */
export interface PaceOptions {
  /** Requests in flight at first; the window grows from here while answers come back. */
  initialWindow?: number;
  maxWindow?: number;
  /** Waits for a pause; the default timer does not keep the process alive on its own. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** What the pace is told of one admitted request once it has its answer. */
export interface PaceSlot {
  /** The service answered (anything but a 429, errors included): the window may grow. */
  answered(): void;
  /** A 429: every request pauses for `retryAfterMs`, or a backoff when the service named none. */
  limited(retryAfterMs: number | undefined): void;
  /** No answer (network, timeout, cancel): the slot is free, nothing is learned. */
  released(): void;
}

const DEFAULTS = { initialWindow: 6, maxWindow: 24 };
/** The window never falls below this: a rate limit slows requests by spacing, not by one slot. */
const MIN_WINDOW = 2;
/** A pause when a 429 names no Retry-After, doubled for each one in a row, up to the cap. */
const FALLBACK_PAUSE_MS = 1_000;
const MAX_FALLBACK_PAUSE_MS = 30_000;
/**
 * The learned rate grows by this (requests/s) with each answer: about 10 % a second at any rate,
 * until the service says it is too much again.
 */
const PROBE_PER_ANSWER = 0.1;
/** Two 429s closer than this say too little about the rate to learn from. */
const MIN_SAMPLE_MS = 1_000;

interface Pause {
  until: number;
  done: Promise<void>;
}

export class Pace {
  private window: number;
  private readonly maxWindow: number;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private pause: Pause | null = null;
  /** Requests per second the service was seen to accept under its limit; `null` until learned. */
  private rate: number | null = null;
  private nextStartAt = 0;
  /** When the service last said its bucket was empty, and what it accepted since. */
  private emptyAt: number | null = null;
  private acceptedSinceEmpty = 0;
  private limitedInARow = 0;
  private lastAnswerAt: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(options: PaceOptions = {}) {
    this.maxWindow = options.maxWindow ?? DEFAULTS.maxWindow;
    this.window = Math.min(this.maxWindow, options.initialWindow ?? DEFAULTS.initialWindow);
    if (!Number.isInteger(this.window) || this.window < 1) {
      throw new Error('a pace needs at least one request in flight');
    }
    this.sleep = options.sleep ?? unrefSleep;
    this.now = options.now ?? Date.now;
    this.lastAnswerAt = this.now();
  }

  /** Requests allowed in flight now. */
  get concurrency(): number {
    return this.window;
  }

  /** Requests per second the pace keeps to, or `null` while no limit has been met. */
  get requestsPerSecond(): number | null {
    return this.rate;
  }

  /** How long no request has had an answer other than a 429: the measure of being stuck. */
  get stalledMs(): number {
    return this.now() - this.lastAnswerAt;
  }

  /** Waits until a request may start: no pause, a free place in the window, its turn in the rate. */
  async admit(signal?: AbortSignal): Promise<PaceSlot> {
    for (;;) {
      signal?.throwIfAborted();
      if (this.pause !== null) {
        const pause = this.pause;
        await held(untilAborted(pause.done, signal), pause.until - this.now());
        // A later 429 may have put a new pause in its place meanwhile: that one is waited too.
        if (this.pause === pause) this.pause = null;
        continue;
      }
      if (this.inFlight >= this.window) {
        await untilAborted(new Promise<void>((resolve) => this.waiting.push(resolve)), signal);
        continue;
      }
      const wait = this.nextStartAt - this.now();
      if (this.rate !== null && wait > 0) {
        this.nextStartAt += 1000 / this.rate;
        this.inFlight += 1;
        try {
          await held(untilAborted(this.sleep(wait), signal), wait);
        } catch (error) {
          this.free();
          throw error;
        }
        return this.slot();
      }
      if (this.rate !== null) this.nextStartAt = this.now() + 1000 / this.rate;
      this.inFlight += 1;
      return this.slot();
    }
  }

  private slot(): PaceSlot {
    let open = true;
    const close = (): boolean => {
      if (!open) return false;
      open = false;
      this.free();
      return true;
    };
    return {
      answered: () => {
        if (!close()) return;
        this.lastAnswerAt = this.now();
        this.acceptedSinceEmpty += 1;
        this.limitedInARow = 0;
        if (this.rate !== null) this.rate += PROBE_PER_ANSWER;
        // One more per answer until the first limit (doubling each round trip), then one more
        // per window's worth of answers.
        const step = this.emptyAt === null ? 1 : 1 / this.window;
        this.window = Math.min(this.maxWindow, this.window + step);
      },
      limited: (retryAfterMs) => {
        if (close()) this.limitedBy(retryAfterMs);
      },
      released: () => {
        close();
      },
    };
  }

  private limitedBy(retryAfterMs: number | undefined): void {
    const now = this.now();
    // The requests already in flight when the bucket ran dry are turned away too; only the first
    // of them is news about the rate and the window.
    const news = this.pause === null || now >= this.pause.until;
    if (news) {
      this.learnRate(now);
      this.window = Math.max(MIN_WINDOW, Math.floor(this.window / 2));
      this.limitedInARow += 1;
    }
    const fallback = Math.min(
      MAX_FALLBACK_PAUSE_MS,
      FALLBACK_PAUSE_MS * 2 ** Math.max(0, this.limitedInARow - 1),
    );
    const ms = retryAfterMs ?? fallback;
    if (ms <= 0) return;
    if (this.pause !== null && this.pause.until >= now + ms) return;
    this.pause = { until: now + ms, done: this.sleep(ms) };
    this.nextStartAt = now + ms;
  }

  private learnRate(now: number): void {
    if (this.emptyAt !== null && now - this.emptyAt >= MIN_SAMPLE_MS) {
      const sample = (this.acceptedSinceEmpty * 1000) / (now - this.emptyAt);
      if (sample > 0) this.rate = sample;
    }
    this.emptyAt = now;
    this.acceptedSinceEmpty = 0;
  }

  private free(): void {
    this.inFlight -= 1;
    // Everyone waiting looks again: the window may have grown by more than one place.
    for (const wake of this.waiting.splice(0)) wake();
  }
}

function untilAborted<Value>(promise: Promise<Value>, signal?: AbortSignal): Promise<Value> {
  if (signal === undefined) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Keeps the process alive while a request waits: the shared pause's own timer does not (so that a
 * pause nobody waits for any more holds up no exit), and a command-line sync whose every request
 * is waiting would otherwise simply end.
 */
async function held<Value>(waiting: Promise<Value>, ms: number): Promise<Value> {
  const timer = setTimeout(() => undefined, Math.max(0, ms));
  try {
    return await waiting;
  } finally {
    clearTimeout(timer);
  }
}

function unrefSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
