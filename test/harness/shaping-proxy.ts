import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

/** How a venue's network treats the bytes that cross it. */
export interface NetworkProfile {
  /** Round-trip time: each direction adds half of it. */
  rttMs: number;
  /** Each direction adds up to this much more, drawn again for every slice of bytes. */
  jitterMs: number;
  /** Bandwidth of each direction, shared by every connection (one link, like one wifi cell). */
  bitsPerSecond: number;
}

export const GOOD_WIFI: NetworkProfile = { rttMs: 40, jitterMs: 10, bitsPerSecond: 20e6 };
export const BAD_WIFI: NetworkProfile = { rttMs: 200, jitterMs: 10, bitsPerSecond: 2e6 };

export interface ShapingProxyOptions extends NetworkProfile {
  /** The service behind the proxy, `http://host:port`. */
  target: string;
  /** Seeds the jitter, so that a run draws the same delays in the same order each time. */
  seed?: number;
}

export interface ShapingStats {
  /** Bytes delivered from the clients to the target. */
  bytesUp: number;
  /** Bytes delivered from the target to the clients. */
  bytesDown: number;
  connectionsOpened: number;
}

export interface ShapingProxy {
  /** Where clients connect instead of the target, `http://127.0.0.1:port`. */
  url: string;
  stats(): ShapingStats;
  /** Counts from zero again; what is in flight stays in flight. */
  reset(): void;
  /** Stops listening and destroys every connection, whatever it still had in flight. */
  close(): Promise<void>;
}

/**
 * Bytes cross the link in slices of at most this size, taken in turn from each connection with
 * bytes waiting: a large answer shares the link with small ones instead of holding it whole.
 */
const SLICE_BYTES = 4096;
/** A connection stops reading its sender while this much is on its way, and resumes below half. */
const HIGH_WATER_BYTES = 1024 * 1024;

/** Calls `action` once `performance.now()` has reached `at`: a timer may fire a little early. */
function callAt(at: number, action: () => void): NodeJS.Timeout {
  const wait = at - performance.now();
  return setTimeout(
    () => {
      if (performance.now() >= at) action();
      else callAt(at, action);
    },
    Math.max(0, Math.ceil(wait)),
  );
}

/** A small seeded generator (mulberry32): uniform in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Slice {
  bytes: Buffer;
  /** When the proxy read it from the sender. */
  arrivedAt: number;
}

/**
 * One direction of the venue's network: a single transmitter of `bitsPerSecond` that serves the
 * connections with bytes waiting in turn, one slice at a time. Transmission times follow a virtual
 * clock (a slice starts when the one before it ended, or when it arrived if the link was idle),
 * so late timers never slow the link down.
 */
class Link {
  private readonly waiting: Flow[] = [];
  private freeAt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly bitsPerSecond: number) {}

  offer(flow: Flow): void {
    if (!this.waiting.includes(flow)) this.waiting.push(flow);
    this.transmit();
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.waiting.length = 0;
  }

  private transmit(): void {
    while (this.timer === null) {
      const flow = this.waiting.shift();
      if (flow === undefined) return;
      const slice = flow.nextSlice();
      if (slice === undefined) continue;
      if (flow.hasSlices()) this.waiting.push(flow);
      const start = Math.max(this.freeAt, slice.arrivedAt);
      const sent = start + (slice.bytes.length * 8 * 1000) / this.bitsPerSecond;
      this.freeAt = sent;
      if (sent <= performance.now()) {
        flow.transmitted(slice.bytes, sent);
        continue;
      }
      this.timer = callAt(sent, () => {
        this.timer = null;
        flow.transmitted(slice.bytes, sent);
        this.transmit();
      });
    }
  }
}

/**
 * One direction of one connection: what the sender wrote, sliced, through the link, then delayed
 * by half the round trip and the jitter, and written to the receiver in the order it was sent.
 */
class Flow {
  private readonly slices: Slice[] = [];
  private readonly deliveries: { at: number; bytes: Buffer }[] = [];
  private lastDeliveryAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private onTheWay = 0;
  private senderEnded = false;
  private closed = false;

  constructor(
    private readonly sender: Socket,
    private readonly receiver: Socket,
    private readonly link: Link,
    private readonly delayMs: () => number,
    private readonly delivered: (bytes: number) => void,
  ) {
    sender.on('data', (chunk: Buffer) => this.read(chunk));
    sender.on('end', () => {
      this.senderEnded = true;
      this.finishIfDone();
    });
  }

  nextSlice(): Slice | undefined {
    return this.closed ? undefined : this.slices.shift();
  }

  hasSlices(): boolean {
    return !this.closed && this.slices.length > 0;
  }

  /** The link has sent `bytes` by `sentAt`; they reach the receiver one way's delay later. */
  transmitted(bytes: Buffer, sentAt: number): void {
    if (this.closed) return;
    // Never before the bytes sent ahead of these: a connection's bytes are not reordered.
    const at = Math.max(sentAt + this.delayMs(), this.lastDeliveryAt);
    this.lastDeliveryAt = at;
    this.deliveries.push({ at, bytes });
    if (this.deliveries.length === 1) this.armDelivery();
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.slices.length = 0;
    this.deliveries.length = 0;
  }

  private read(chunk: Buffer): void {
    if (this.closed) return;
    const arrivedAt = performance.now();
    for (let offset = 0; offset < chunk.length; offset += SLICE_BYTES) {
      this.slices.push({ bytes: chunk.subarray(offset, offset + SLICE_BYTES), arrivedAt });
    }
    this.onTheWay += chunk.length;
    if (this.onTheWay > HIGH_WATER_BYTES) this.sender.pause();
    this.link.offer(this);
  }

  private armDelivery(): void {
    const next = this.deliveries[0];
    if (next === undefined || this.closed) return;
    this.timer = callAt(next.at, () => {
      this.timer = null;
      this.deliverDue();
    });
  }

  private deliverDue(): void {
    const now = performance.now();
    while (!this.closed && (this.deliveries[0]?.at ?? Infinity) <= now) {
      const delivery = this.deliveries.shift();
      if (delivery === undefined) break;
      if (!this.receiver.destroyed) this.receiver.write(delivery.bytes);
      this.onTheWay -= delivery.bytes.length;
      this.delivered(delivery.bytes.length);
    }
    if (this.sender.isPaused() && this.onTheWay < HIGH_WATER_BYTES / 2) this.sender.resume();
    this.armDelivery();
    this.finishIfDone();
  }

  private finishIfDone(): void {
    if (this.senderEnded && this.onTheWay === 0 && !this.closed) this.receiver.end();
  }
}

/**
 * A loopback TCP proxy that makes the path to `target` behave like a venue's wifi: latency and
 * jitter each way, and one bandwidth cap per direction that all connections share. It relays
 * bytes and knows nothing of HTTP. A new connection costs one round trip (the TCP handshake)
 * before the client's first bytes leave.
 */
export async function startShapingProxy(options: ShapingProxyOptions): Promise<ShapingProxy> {
  const target = new URL(options.target);
  const targetPort = Number(target.port || 80);
  const random = seededRandom(options.seed ?? 1);
  const oneWayMs = options.rttMs / 2;
  const delayMs = (): number => oneWayMs + random() * options.jitterMs;
  const up = new Link(options.bitsPerSecond);
  const down = new Link(options.bitsPerSecond);
  const counters: ShapingStats = { bytesUp: 0, bytesDown: 0, connectionsOpened: 0 };
  const open = new Set<() => void>();

  const server = createServer({ allowHalfOpen: true, pauseOnConnect: true }, (client) => {
    counters.connectionsOpened += 1;
    const upstream = connect({ host: target.hostname, port: targetPort, allowHalfOpen: true });
    const flows = [
      new Flow(client, upstream, up, delayMs, (bytes) => (counters.bytesUp += bytes)),
      new Flow(upstream, client, down, delayMs, (bytes) => (counters.bytesDown += bytes)),
    ];
    const handshake = setTimeout(() => client.resume(), options.rttMs);
    const destroy = (): void => {
      clearTimeout(handshake);
      for (const flow of flows) flow.close();
      client.destroy();
      upstream.destroy();
      open.delete(destroy);
    };
    open.add(destroy);
    // A reset on either side resets the other; a clean close on both ends the connection.
    client.on('error', destroy);
    upstream.on('error', destroy);
    let closedSides = 0;
    const sideClosed = (): void => {
      closedSides += 1;
      if (closedSides === 2) destroy();
    };
    client.on('close', sideClosed);
    upstream.on('close', sideClosed);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => ({ ...counters }),
    reset: () => {
      counters.bytesUp = 0;
      counters.bytesDown = 0;
      counters.connectionsOpened = 0;
    },
    close: () =>
      new Promise<void>((closed) => {
        for (const destroy of [...open]) destroy();
        up.stop();
        down.stop();
        server.close(() => closed());
      }),
  };
}
