import type { ShareClient, ShareState, ShareStatus } from '../../shared/ipc/share';
import { formatTimestamp } from '../../shared/wire/formats';
import { IpcFailure } from '../ipc/failure';
import type { PushHub } from '../ipc/push-hub';
import type { WorkerScript } from '../analysis/worker-script';
import { advertiseShare, NearbyShares, type Advert } from './share-discovery';
import { localInterfaces, type LocalInterface } from './share-hosts';
import { ShareStartError, startShareThread, type ShareThread } from './share-thread';

/**
 * The port a share asks for first, so that the address a scout types stays the same from one
 * session to the next; any free one when another program holds it.
 */
export const PREFERRED_SHARE_PORT = 47380;

/** Laptops' reads come by the hundred a second: the panel hears of them at most this often. */
const PUSH_EVERY_MS = 1_000;

export interface ShareServiceOptions {
  /** The open profile's cache: what a share started now serves. */
  cacheFile: () => string;
  nativeBinding?: string;
  pushes: PushHub;
  now?: () => Date;
  /** This machine's addresses; the real ones when absent. */
  interfaces?: () => LocalInterface[];
  /** Whether to announce shares and look for others over mDNS (off in tests of the service). */
  discovery?: boolean;
  /** The share worker's program; found beside this code when absent. */
  script?: WorkerScript;
  reportError?: (where: string, error: unknown) => void;
}

interface Running {
  thread: ShareThread;
  startedAt: string;
  advert: Advert | null;
  clients: ShareClient[];
}

/**
 * Settings → Share at the venue: one share at a time, of the profile open when it started, on
 * the address the person picked (loopback until they pick another), with a key made for it. It runs
 * on a worker thread with a read-only connection of its own: other laptops' syncs never take the
 * main thread, it never waits on the app's writes, and the app's reads never wait on it. It stops
 * when asked, when the profile changes, and at quit.
 */
export class ShareService {
  private running: Running | null = null;
  private lastError: string | null = null;
  private pushTimer: NodeJS.Timeout | null = null;
  private readonly now: () => Date;
  private readonly interfaces: () => LocalInterface[];
  private readonly nearby: NearbyShares | null;

  constructor(private readonly options: ShareServiceOptions) {
    this.now = options.now ?? (() => new Date());
    this.interfaces = options.interfaces ?? localInterfaces;
    this.nearby = options.discovery === false ? null : new NearbyShares(() => this.pushSoon());
  }

  /** Looks for other laptops' shares from the first time Settings asks, until quit. */
  state(): ShareState {
    this.nearby?.start();
    const status = this.status();
    const ownUrl = status.state === 'on' ? status.url : null;
    return { status, interfaces: this.interfaces(), nearby: this.nearby?.list(ownUrl) ?? [] };
  }

  async start(host: string): Promise<ShareState> {
    if (!this.interfaces().some((candidate) => candidate.address === host)) {
      throw new IpcFailure('invalid_input', `${host} is not an address of this machine.`);
    }
    await this.stop();
    let thread: ShareThread;
    try {
      thread = await startShareThread({
        file: this.options.cacheFile(),
        nativeBinding: this.options.nativeBinding,
        host,
        preferredPort: PREFERRED_SHARE_PORT,
        script: this.options.script,
        onClients: (clients) => {
          if (this.running?.thread !== thread) return;
          this.running.clients = clients;
          this.pushSoon();
        },
      });
    } catch (error) {
      this.lastError = `Sharing could not start on ${host}: ${reason(error)}`;
      this.push();
      throw new IpcFailure('conflict', this.lastError);
    }
    const loopback = this.interfaces().some((entry) => entry.address === host && entry.loopback);
    const advert =
      loopback || this.nearby === null
        ? null
        : this.advertise(thread.host, thread.port, thread.url);
    this.running = { thread, startedAt: formatTimestamp(this.now()), advert, clients: [] };
    this.lastError = null;
    this.push();
    return this.state();
  }

  async stop(): Promise<ShareState> {
    const running = this.running;
    this.running = null;
    if (running !== null) {
      await running.advert?.stop().catch((error: unknown) => this.report(error));
      await running.thread.stop().catch((error: unknown) => this.report(error));
      this.push();
    }
    return this.state();
  }

  /** At quit, and when the profile changes: a share never serves another profile's copy. */
  async close(): Promise<void> {
    if (this.pushTimer !== null) clearTimeout(this.pushTimer);
    this.pushTimer = null;
    await this.stop();
    this.nearby?.stop();
  }

  /** An announcement that cannot be made (no multicast here) leaves the share as it is. */
  private advertise(host: string, port: number, url: string): Advert | null {
    try {
      return advertiseShare({ host, port, url });
    } catch (error) {
      this.report(error);
      return null;
    }
  }

  private status(): ShareStatus {
    if (this.running === null) return { state: 'off', error: this.lastError };
    const { thread, startedAt, clients } = this.running;
    return { state: 'on', url: thread.url, key: thread.key, host: thread.host, startedAt, clients };
  }

  private pushSoon(): void {
    if (this.pushTimer !== null) return;
    this.pushTimer = setTimeout(() => {
      this.pushTimer = null;
      this.push();
    }, PUSH_EVERY_MS);
    this.pushTimer.unref();
  }

  private push(): void {
    this.options.pushes.send('share:status', this.state());
  }

  private report(error: unknown): void {
    this.options.reportError?.('share', error);
  }
}

function reason(error: unknown): string {
  const code = error instanceof ShareStartError ? error.code : null;
  if (code === 'EADDRINUSE') return 'the port is in use';
  if (code === 'EADDRNOTAVAIL') return 'that address is gone (the network changed)';
  if (code === 'EACCES') return 'this user may not listen there';
  return error instanceof Error ? error.message : String(error);
}
