import type {
  InstallOutcome,
  UpdateFeed,
  UpdateMode,
  UpdateState,
  UpdateStatus,
} from '../../shared/ipc/updates';
import { IpcFailure } from '../ipc/failure';
import type { PushHub } from '../ipc/push-hub';
import { unsentTotal, type UnsentTally } from '../quit-warning';
import type { BuildFacts } from './build-facts';
import { decideUpdates } from './decision';
import { loadFeedSetting, saveFeedSetting, type FeedSetting } from './feed-setting';
import { describeUpdaterError } from './updater-errors';
import type { UpdaterEvent, UpdaterPort } from './updater-port';

/** At start, then this often while the app runs. */
export const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

export interface UpdateServiceOptions {
  currentVersion: string;
  build: BuildFacts;
  /** The feed setting's file (feed-setting.ts). */
  feedFile: string;
  /**
   * Called once, and only when the decision is not off: electron-updater's `autoUpdater` picks its
   * platform's updater when first read, which a copy run from source never needs.
   */
  createUpdater: () => UpdaterPort;
  /** Every edit not sent, of every service (quit-warning.ts's tracker). */
  unsentEdits: () => number;
  pushes: Pick<PushHub, 'send'>;
  /** Repeats `run`; returns the function that stops it. setInterval when absent. */
  every?: (ms: number, run: () => void) => () => void;
  now?: () => Date;
  reportError?: (where: string, error: unknown) => void;
}

function repeat(ms: number, run: () => void): () => void {
  const timer = setInterval(run, ms);
  // A pending check never keeps the process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The app's updater: decides from the build and the feed setting whether it runs at all
 * (decision.ts), checks at start and every six hours, lets electron-updater download in the
 * background where the table says so, and tells the renderer each step (`updates:status`).
 * Nothing installs while edits wait to be sent unless the person said yes to that count.
 */
export class UpdateService {
  private feedSetting: FeedSetting;
  private mode: UpdateMode;
  private status: UpdateStatus = { state: 'idle' };
  private lastChecked: string | null = null;
  private port: UpdaterPort | null = null;
  private stopSchedule: (() => void) | null = null;
  private checking = false;
  /** Set once the person chose "Restart to update": the unsent count they agreed to. */
  private installConfirmedFor: number | null = null;
  private readonly every: (ms: number, run: () => void) => () => void;
  private readonly now: () => Date;

  constructor(private readonly options: UpdateServiceOptions) {
    this.every = options.every ?? repeat;
    this.now = options.now ?? (() => new Date());
    this.feedSetting = loadFeedSetting(options.feedFile, options.reportError);
    this.mode = this.decide();
  }

  /** Starts checking when the decision allows; off, it only answers what it is. */
  start(): void {
    this.apply();
  }

  state(): UpdateState {
    return {
      currentVersion: this.options.currentVersion,
      mode: this.mode,
      feed: this.feed(),
      status: this.status,
      lastChecked: this.lastChecked,
    };
  }

  async checkNow(): Promise<UpdateState> {
    if (this.mode.kind === 'off') {
      throw new IpcFailure('conflict', 'Updates are off here, so there is nothing to check.');
    }
    await this.check();
    return this.state();
  }

  /** Keeps the feed entered in Settings (`null` forgets it) and applies it at once. */
  async setFeed(url: string | null): Promise<UpdateState> {
    if (this.options.build.builtInFeed) {
      throw new IpcFailure('conflict', 'This build names its own update feed.');
    }
    const next: FeedSetting = { url };
    // Saved first: a feed that could not be kept is not used either.
    await saveFeedSetting(this.options.feedFile, next);
    this.feedSetting = next;
    this.mode = this.decide();
    this.apply();
    this.publish();
    return this.state();
  }

  /**
   * "Restart to update". With more edits waiting than the person agreed to restart with, it
   * installs nothing and names the count, so the renderer can ask.
   */
  install(confirmedUnsent: number): InstallOutcome {
    if (this.status.state !== 'downloaded' || this.port === null) {
      throw new IpcFailure('conflict', 'No update is ready to install yet.');
    }
    const unsent = this.options.unsentEdits();
    if (unsent > confirmedUnsent) return { outcome: 'confirm', unsent };
    this.installConfirmedFor = confirmedUnsent;
    this.port.quitAndInstall();
    return { outcome: 'installing' };
  }

  /**
   * How many edits the window's own quit question should still ask about: none while the app
   * quits to install an update the person already agreed to restart with those edits waiting.
   */
  unsentToAskAbout(tally: UnsentTally): UnsentTally {
    const agreed =
      this.installConfirmedFor !== null && unsentTotal(tally) <= this.installConfirmedFor;
    return agreed ? { waiting: 0, attention: 0, elsewhere: [] } : tally;
  }

  /**
   * At quit: a downloaded update installs then only when no edit waits. electron-updater's own
   * install on quit is off (electron-updater-port.ts) because it cannot know about edits; with
   * edits waiting the update stays downloaded and is offered again at the next start.
   */
  quitting(): void {
    if (this.port === null || this.installConfirmedFor !== null) return;
    if (this.status.state !== 'downloaded') return;
    if (this.options.unsentEdits() > 0) return;
    this.port.installOnQuit();
  }

  stop(): void {
    this.stopSchedule?.();
    this.stopSchedule = null;
  }

  private decide(): UpdateMode {
    return decideUpdates({
      ...this.options.build,
      feedConfigured: this.options.build.builtInFeed || this.feedSetting.url !== null,
    });
  }

  private feed(): UpdateFeed {
    if (this.options.build.builtInFeed) return { source: 'built-in', url: null };
    if (this.feedSetting.url !== null) return { source: 'setting', url: this.feedSetting.url };
    return { source: 'none', url: null };
  }

  /** Brings the updater in line with the decision: configured and scheduled, or idle. */
  private apply(): void {
    if (this.mode.kind === 'off') {
      this.stop();
      this.status = { state: 'idle' };
      return;
    }
    if (this.port === null) {
      this.port = this.options.createUpdater();
      this.port.subscribe((event) => this.heard(event));
    }
    this.port.configure({
      autoDownload: this.mode.kind === 'auto',
      feedUrl: this.options.build.builtInFeed ? null : this.feedSetting.url,
    });
    this.stopSchedule ??= this.every(CHECK_EVERY_MS, () => void this.check());
    void this.check();
  }

  private async check(): Promise<void> {
    // A download under way or done stands: the offer is not taken back by a later look.
    const busy = ['available', 'downloading', 'downloaded'].includes(this.status.state);
    if (this.port === null || this.checking || busy) return;
    this.checking = true;
    this.setStatus({ state: 'checking' });
    try {
      await this.port.check();
      // An updater that decided not to look (electron-updater when it finds itself inactive)
      // says nothing at all.
      if (this.status.state === 'checking') this.setStatus({ state: 'idle' });
    } catch (error) {
      this.setStatus({ state: 'error', message: describeUpdaterError(error) });
      this.options.reportError?.('update check', error);
    } finally {
      this.checking = false;
    }
  }

  private heard(event: UpdaterEvent): void {
    switch (event.type) {
      case 'checking':
        this.setStatus({ state: 'checking' });
        return;
      case 'not-available':
        this.lastChecked = this.now().toISOString();
        this.setStatus({ state: 'idle' });
        return;
      case 'available':
        this.lastChecked = this.now().toISOString();
        this.setStatus(
          this.mode.kind === 'notify-only'
            ? { state: 'notify-only', version: event.version }
            : { state: 'available', version: event.version },
        );
        return;
      case 'progress':
        if (this.status.state === 'available' || this.status.state === 'downloading') {
          const percent = Math.min(100, Math.max(0, event.percent));
          this.setStatus({ state: 'downloading', version: this.status.version, percent });
        }
        return;
      case 'downloaded':
        this.setStatus({ state: 'downloaded', version: event.version });
        return;
      case 'error':
        // A failed look at a feed says so; a download already finished stays on offer.
        if (this.status.state !== 'downloaded') {
          this.setStatus({ state: 'error', message: event.message });
        }
        return;
    }
  }

  private setStatus(status: UpdateStatus): void {
    this.status = status;
    this.publish();
  }

  private publish(): void {
    this.options.pushes.send('updates:status', this.state());
  }
}
