import Database from 'better-sqlite3';
import type { ShareState, ShareStatus } from '../../shared/ipc/share';
import { formatTimestamp } from '../../shared/wire/formats';
import { IpcFailure } from '../ipc/failure';
import type { PushHub } from '../ipc/push-hub';
import { bindingOptions } from '../storage/database-file';
import type { AppDatabase } from '../storage/database';
import { advertiseShare, NearbyShares, type Advert } from './share-discovery';
import { localInterfaces, type LocalInterface } from './share-hosts';
import { startShare, type RunningShare } from './share-server';

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
  reportError?: (where: string, error: unknown) => void;
}

interface Running {
  share: RunningShare;
  db: AppDatabase;
  startedAt: string;
  advert: Advert | null;
}

/**
 * Settings → Share at the venue: one share at a time, of the profile open when it started, on
 * the address the person picked (loopback until they pick another), with a key made for it. It
 * reads through a read-only connection of its own, so it never waits on the app's writes and the
 * app's reads never wait on it. It stops when asked, when the profile changes, and at quit.
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
    const db = new Database(this.options.cacheFile(), {
      ...bindingOptions({ nativeBinding: this.options.nativeBinding }),
      readonly: true,
      fileMustExist: true,
    });
    db.pragma('busy_timeout = 5000');
    try {
      const share = await this.listen(db, host);
      const loopback = this.interfaces().some((entry) => entry.address === host && entry.loopback);
      const advert =
        loopback || this.nearby === null ? null : this.advertise(share.host, share.port, share.url);
      this.running = { share, db, startedAt: formatTimestamp(this.now()), advert };
      this.lastError = null;
    } catch (error) {
      db.close();
      this.lastError = `Sharing could not start on ${host}: ${reason(error)}`;
      this.push();
      throw new IpcFailure('conflict', this.lastError);
    }
    this.push();
    return this.state();
  }

  async stop(): Promise<ShareState> {
    const running = this.running;
    this.running = null;
    if (running !== null) {
      await running.advert?.stop().catch((error: unknown) => this.report(error));
      await running.share.close().catch((error: unknown) => this.report(error));
      running.db.close();
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

  private async listen(db: AppDatabase, host: string): Promise<RunningShare> {
    const options = {
      db,
      host,
      now: this.now,
      onRead: () => this.pushSoon(),
    };
    try {
      return await startShare({ ...options, port: PREFERRED_SHARE_PORT });
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EADDRINUSE') throw error;
      return startShare({ ...options, port: 0 });
    }
  }

  private status(): ShareStatus {
    if (this.running === null) return { state: 'off', error: this.lastError };
    const { share, startedAt } = this.running;
    return {
      state: 'on',
      url: share.url,
      key: share.key,
      host: share.host,
      startedAt,
      clients: share.clients(),
    };
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
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRNOTAVAIL') return 'that address is gone (the network changed)';
  if (code === 'EACCES') return 'this user may not listen there';
  return error instanceof Error ? error.message : String(error);
}
