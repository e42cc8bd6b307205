import type { RateLimit } from './config';

interface Bucket {
  tokens: number;
  /** Milliseconds on the monotonic clock when `tokens` was last brought up to date. */
  updatedAt: number;
}

/** Buckets are swept at most this often; a full bucket carries no information and is dropped. */
const SWEEP_INTERVAL_MS = 10_000;

/**
 * A token bucket per caller: `burst` requests at once, refilled at `perSecond`. It reads the
 * monotonic clock, not the service's (which tests pin), so limits hold whatever time the data says.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep: number;

  constructor(
    private readonly limit: RateLimit,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    this.lastSweep = nowMs();
  }

  /** Takes a token for `callerId`: 0 when allowed, else whole seconds (≥ 1) until one is available. */
  take(callerId: string): number {
    const now = this.nowMs();
    if (now - this.lastSweep >= SWEEP_INTERVAL_MS) this.sweep(now);
    const bucket = this.buckets.get(callerId) ?? { tokens: this.limit.burst, updatedAt: now };
    this.refill(bucket, now);
    this.buckets.set(callerId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.limit.perSecond));
  }

  get size(): number {
    return this.buckets.size;
  }

  private refill(bucket: Bucket, now: number): void {
    const earned = ((now - bucket.updatedAt) / 1000) * this.limit.perSecond;
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + earned);
    bucket.updatedAt = now;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [callerId, bucket] of this.buckets) {
      this.refill(bucket, now);
      if (bucket.tokens >= this.limit.burst) this.buckets.delete(callerId);
    }
  }
}
