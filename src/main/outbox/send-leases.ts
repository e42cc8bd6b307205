import type { WriteQueue } from '../cache/write-queue';

/**
 * How long a request this process gave up on may still reach the service and be applied: as long
 * as the client would have waited for its answer.
 */
export const LEASE_MS = 15_000;

interface Lease {
  owner: object;
  /** When its request left (monotonic ms); null while the try has sent nothing yet. */
  sentAt: number | null;
  /** Until when it stands after its holder stopped waiting; Infinity while the holder works. */
  until: number;
}

/**
 * The edits this process has a try under way for, so that a second sender in the same process
 * leaves them alone: a run started right after one was canceled mid-request, or two engines on
 * one cache. On disk, an edit in `sending` may be one whose process died, which any sender may
 * look up and take again; only this process knows that a request of its own is still on its way.
 *
 * A try that ends with its answer releases its lease. One canceled while its request was out
 * keeps it for `LEASE_MS` from the moment the request left: the service may still apply it, and a
 * look-up made before then could miss it and send the edit a second time.
 *
 * The lock of the data directory makes this process the only sender of its outbox, so nothing on
 * disk needs clearing after a crash: the leases die with the process that held them.
 */
export class SendLeases {
  private readonly held = new Map<number, Lease>();

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Takes edit `id` for a try of `owner`; false while another owner's lease stands. */
  take(id: number, owner: object): boolean {
    const lease = this.held.get(id);
    if (lease !== undefined && lease.owner !== owner && lease.until > this.clock()) return false;
    this.held.set(id, { owner, sentAt: null, until: Infinity });
    return true;
  }

  /** The try's request is about to leave. */
  sending(id: number, owner: object): void {
    const lease = this.held.get(id);
    if (lease?.owner === owner) lease.sentAt = this.clock();
  }

  /**
   * The try of `owner` is over. `abandoned`: its holder stopped waiting (the run was canceled), so
   * a request it sent may still arrive, and the lease stands until that can no longer happen.
   */
  end(id: number, owner: object, abandoned: boolean): void {
    const lease = this.held.get(id);
    if (lease?.owner !== owner) return;
    if (abandoned && lease.sentAt !== null) lease.until = lease.sentAt + LEASE_MS;
    else this.held.delete(id);
  }

  /** How long until the last lease a holder abandoned ends (ms); null when none is left. */
  lastEndsIn(): number | null {
    const now = this.clock();
    let last: number | null = null;
    for (const [id, lease] of this.held) {
      if (lease.until === Infinity) continue;
      if (lease.until <= now) this.held.delete(id);
      else last = Math.max(last ?? 0, lease.until - now);
    }
    return last;
  }
}

/** One set of leases per write lane, which is one per cache file in a process. */
const byQueue = new WeakMap<WriteQueue, SendLeases>();

export function leasesOf(queue: WriteQueue): SendLeases {
  let leases = byQueue.get(queue);
  if (leases === undefined) {
    leases = new SendLeases();
    byQueue.set(queue, leases);
  }
  return leases;
}
