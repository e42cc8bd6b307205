import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfileView } from '../../shared/ipc/profiles';
import type { SetupState, Theme } from '../../shared/ipc/setup';
import type { KeyOverride } from '../credentials/key-override';
import type { DataLayer } from '../data-layer';
import { IpcFailure } from '../ipc/failure';
import { PushHub } from '../ipc/push-hub';
import type { Platform } from '../platform/platform';
import type { AppHandlers, DataHandlers } from '../services';
import { lockDataDirectory, type DataDirectoryLock } from '../storage/directory-lock';
import type { SyncScope } from '../../shared/ipc/sync';
import {
  APP_STATE_FILE,
  loadAppState,
  saveAppState,
  type AppState,
  type Profile,
} from './app-state';
import { demoKey, startDemoService, type DemoService } from './demo-service';
import {
  forgetProfile,
  keychain,
  profileCredentials,
  profileViews,
  removable,
  serviceUrlOf,
  withAddedProfile,
  withRenamedProfile,
  type ProfileBook,
} from './profile-book';
import { otherCaches } from './profile-files';
import { findProfile, nameFromUrl, newProfileId, type NamedProfile } from './profile-list';
import {
  demoDirectory,
  openProfileLayer,
  targetDirectory,
  type LayerOptions,
  type LayerTarget,
} from './profile-layer';
import { checkService } from './service-check';
import { delegatedDataHandlers, workspaceAppHandlers } from './workspace-handlers';

export interface WorkspaceOptions extends LayerOptions {
  platform: Platform;
  /** A key from outside the keychain for one service (the preview's PITSIDE_API_KEY). */
  serviceKeyOverride?: KeyOverride;
}

/** The profiles as `withProfilesHeld` holds them. */
export interface HeldProfiles {
  layer: DataLayer;
  /** The named profile shown; `null` while the demo is (or before the first profile). */
  shown: NamedProfile | null;
  profiles: readonly NamedProfile[];
  /** Nothing is shown yet: no profile, and the demo never chosen. */
  firstRun: boolean;
  /** Adds a profile (its cache already made), not shown, without a key. */
  add(profile: NamedProfile): Promise<void>;
}

export interface ScheduleOptions {
  startupDelayMs: number;
  intervalMs: number;
}

/**
 * Opens the app's data: the profile that was active last time (the demo service started again
 * first when it is the demo), the theme applied. A corrupt state file means the first run, or
 * the first profile found again in its cache.
 */
export async function openWorkspace(options: WorkspaceOptions): Promise<Workspace> {
  mkdirSync(options.dataDirectory, { recursive: true });
  // The whole directory, for as long as the app runs, before anything in it is read: the demo's
  // cache and its service's store live inside it, and a switch of profile must never find the other
  // cache taken by a command line. Each cache's own lock (see openCache) is this one, or inside it.
  const lock = lockDataDirectory(options.dataDirectory, options);
  let demo: DemoService | null = null;
  try {
    const stateFile = join(options.dataDirectory, APP_STATE_FILE);
    const state = loadAppState(stateFile, options.reportError);
    options.platform.setTheme(state.theme);
    const pushes = new PushHub(options.reportError);
    if (state.profile === 'demo') {
      // Without its service the demo's cache is still there to read; setup:useDemo tries again.
      demo = await launchDemo(options, null).catch((error: unknown) => {
        options.reportError?.('demo service', error);
        return null;
      });
    }
    const workspace = new Workspace(options, stateFile, state, pushes, demo, lock);
    await workspace.adoptFirstProfile();
    return workspace;
  } catch (error) {
    await demo?.close();
    lock.release();
    throw error;
  }
}

async function launchDemo(options: WorkspaceOptions, running: DemoService | null) {
  if (running !== null) return running;
  const directory = demoDirectory(options.dataDirectory);
  mkdirSync(directory, { recursive: true });
  const key = demoKey(directory);
  return startDemoService({
    directory,
    key,
    nativeBinding: options.nativeBinding,
    // A workspace on a clock of its own (the tests') has its demo live on the same one.
    now: options.now === undefined ? null : options.now().toISOString(),
  });
}

/**
 * Holds the one open data layer and switches it between the profiles (the named services, the
 * demo), with the app's state file, the embedded demo service and the handlers over all of it.
 * Every data command goes to the layer open at the moment it is called; a switch waits for the
 * calls under way on the old layer, and calls that arrive meanwhile wait for the new one.
 */
export class Workspace {
  readonly dataHandlers: DataHandlers;
  readonly appHandlers: AppHandlers;
  private switching: Promise<void> | null = null;
  private readonly inUse = new Set<Promise<unknown>>();
  private queue: Promise<unknown> = Promise.resolve();
  private schedule: (ScheduleOptions & { scope: () => SyncScope }) | null = null;
  private serviceKeyOverride: KeyOverride | undefined;
  /** The demo service the open layer syncs from; `null` for a named profile's layer. */
  private layerDemo: DemoService | null;
  /** Whose cache the open layer reads. */
  private target: LayerTarget;
  private layer: DataLayer;
  private closed = false;
  /** Told before the layer a switch leaves closes (a venue share of it stops first). */
  private readonly leavingListeners = new Set<() => Promise<void>>();

  constructor(
    private readonly options: WorkspaceOptions,
    private readonly stateFile: string,
    private state: AppState,
    readonly pushes: PushHub,
    private demo: DemoService | null,
    private readonly lock: DataDirectoryLock,
  ) {
    this.serviceKeyOverride = options.serviceKeyOverride;
    this.layerDemo = state.profile === 'demo' ? demo : null;
    this.target = this.targetOf(state);
    this.layer = this.openLayer(this.target, this.layerDemo);
    this.dataHandlers = delegatedDataHandlers(this);
    this.appHandlers = workspaceAppHandlers(this, options);
  }

  /** `listener` runs whenever a switch of profile leaves the open layer, before it closes. */
  onLeaving(listener: () => Promise<void>): void {
    this.leavingListeners.add(listener);
  }

  /** The layer open now; a switch replaces it, so hold on to it only for one call. */
  get current(): DataLayer {
    return this.layer;
  }

  get profile(): Profile {
    return this.state.profile;
  }

  get demoService(): DemoService | null {
    return this.demo;
  }

  /** The named profile shown, or shown again when the demo is left; `null` before the first. */
  get activeProfile(): NamedProfile | null {
    return this.state.profiles?.find((profile) => profile.id === this.state.active) ?? null;
  }

  private get profiles(): NamedProfile[] {
    return this.state.profiles ?? [];
  }

  setupState(): SetupState {
    if (this.state.profile === 'demo') {
      return { mode: 'demo', serviceUrl: this.activeProfile?.url ?? null };
    }
    const serviceUrl = this.layer.settings.baseUrl();
    const firstRun = serviceUrl === null && this.activeProfile === null && !this.state.demoChosen;
    return { mode: firstRun ? 'first-run' : 'service', serviceUrl };
  }

  /**
   * A state file from before profiles (or none, or a corrupt one): the service it used becomes
   * the first profile, with the cache and the key it already had. Its address is the cache's own,
   * or the one the old file kept while the demo was shown.
   */
  async adoptFirstProfile(): Promise<void> {
    if (this.state.profiles !== undefined) return;
    const url =
      this.state.profile === 'demo'
        ? (this.state.serviceUrl ?? null)
        : this.layer.settings.baseUrl();
    if (url === null) {
      this.state = { ...this.state, profiles: [], active: null };
      return;
    }
    const first = { id: newProfileId([]), name: nameFromUrl(url, []), url };
    const state = { ...this.state, profiles: [first], active: first.id };
    this.target = this.state.profile === 'demo' ? this.target : this.targetOf(state);
    await this.saveState(state).catch((error: unknown) => this.report('app state', error));
  }

  /** Starts the demo service (once per launch), switches to its cache and syncs it. */
  useDemo(): Promise<SetupState> {
    return this.exclusively(async () => {
      this.demo = await launchDemo(this.options, this.demo);
      if (this.state.profile !== 'demo' || this.layerDemo !== this.demo) {
        await this.switchTo({ kind: 'demo' }, true);
      }
      await this.saveState({ ...this.state, profile: 'demo', demoChosen: true });
      this.layer.engine.start({ scope: this.layer.settings.scope() });
      return this.switched();
    });
  }

  /**
   * Checks the address and key with one real request; only then keeps the key in the keychain,
   * switches to the active profile's cache (stopping the demo) and saves the address there. The
   * first connect makes the first profile.
   */
  connect(baseUrl: string, key: string): Promise<SetupState> {
    return this.exclusively(async () => {
      const url = serviceUrlOf(baseUrl);
      await checkService(url, key, this.options.fetch);
      const profile = this.profileFor(url);
      // Before the address: the sync that saving it starts must find the key.
      await keychain(() => profileCredentials(this.options, profile).setKey(url, key));
      // A key typed now wins over one given from outside at launch.
      const keyChanges = this.serviceKeyOverride !== undefined;
      this.serviceKeyOverride = undefined;
      await this.enterService(profile, keyChanges);
      // The same address may come with another key: what the old one could do says nothing.
      await this.layer.engine.keyChanged();
      return this.switched();
    });
  }

  /** Switches to the service at `baseUrl` without a check (the preview's `--service`). */
  useService(baseUrl: string): Promise<SetupState> {
    return this.exclusively(async () => {
      await this.enterService(this.profileFor(serviceUrlOf(baseUrl)), false);
      return this.switched();
    });
  }

  /** The state after a change of the data shown, told to every page (another window's too). */
  private switched(): SetupState {
    this.pushes.send('cache:changed', { resources: ['settings'] });
    return this.setupState();
  }

  theme(): Theme {
    return this.state.theme;
  }

  setTheme(theme: Theme): Promise<Theme> {
    return this.exclusively(async () => {
      await this.saveState({ ...this.state, theme });
      this.options.platform.setTheme(theme);
      return theme;
    });
  }

  /**
   * Runs `use` on the layer open now. A switch waits until it is done, so the layer stays open
   * for all of it: an export reads every page from one cache, never half from each.
   */
  async withLayer<Result>(use: (layer: DataLayer) => Result | Promise<Result>): Promise<Result> {
    while (this.switching !== null) await this.switching;
    if (this.closed) throw new IpcFailure('internal', 'Pitside is closing.');
    const layer = this.layer;
    const task = (async () => use(layer))();
    this.inUse.add(task);
    try {
      return await task;
    } finally {
      this.inUse.delete(task);
    }
  }

  /**
   * Runs `change` with the profile shown held (no switch, no change of the list meanwhile), given
   * the open layer, the profiles, and a way to add one: a bundle goes into its service's cache.
   */
  withProfilesHeld<Result>(change: (held: HeldProfiles) => Promise<Result>): Promise<Result> {
    return this.exclusively(() =>
      this.withLayer((layer) =>
        change({
          layer,
          shown: this.state.profile === 'service' ? this.activeProfile : null,
          profiles: this.profiles,
          firstRun: this.setupState().mode === 'first-run',
          add: (profile) => this.saveProfiles([...this.profiles, profile]),
        }),
      ),
    );
  }

  /** The app's sync schedule, kept across switches: each new layer's engine gets it too. */
  startSchedule(options: ScheduleOptions): void {
    this.schedule = { ...options, scope: () => this.layer.settings.scope() };
    this.layer.engine.startSchedule(this.schedule);
  }

  networkChanged(online: boolean): void {
    this.layer.engine.networkChanged(online);
  }

  /** Closes the layer (its sync stopped, every write committed), then the demo service. */
  close(): Promise<void> {
    return this.exclusively(async () => {
      this.closed = true;
      await Promise.allSettled([...this.inUse]);
      try {
        await this.layer.close();
        await this.stopDemo();
      } finally {
        this.lock.release();
      }
    });
  }

  /** The active profile at `url`, or (none yet) the first profile, made for it. */
  private profileFor(url: string): NamedProfile {
    const active = this.activeProfile;
    if (active !== null) return { ...active, url };
    return { id: newProfileId(this.profiles), name: nameFromUrl(url, this.profiles), url };
  }

  private async enterService(profile: NamedProfile, reopen: boolean): Promise<void> {
    const target: LayerTarget = { kind: 'named', profile };
    if (reopen || this.state.profile !== 'service' || !this.opens(target)) {
      await this.switchTo(target, true);
    }
    this.target = target;
    await this.stopDemo();
    // The settings path: a different address forgets what was synced from the old one.
    await this.layer.handlers['settings:setService']({ baseUrl: profile.url });
    this.layer.engine.start({ scope: this.layer.settings.scope() });
    const profiles = [...this.profiles.filter((other) => other.id !== profile.id), profile];
    await this.saveState({ ...this.state, profile: 'service', profiles, active: profile.id });
  }

  /**
   * Shows another profile's cache: opened, not synced (no request goes out, so it works
   * offline; the schedule syncs it). A cache never opened gets its profile's address.
   */
  switchProfile(id: string): Promise<SetupState> {
    return this.exclusively(async () => {
      const profile = findProfile(this.profiles, id);
      if (this.state.profile === 'service' && this.state.active === id) return this.setupState();
      const target: LayerTarget = { kind: 'named', profile };
      if (this.state.profile !== 'service' || !this.opens(target)) {
        await this.switchTo(target, false);
      }
      this.target = target;
      if (this.layer.settings.baseUrl() === null) await this.layer.settings.setBaseUrl(profile.url);
      await this.stopDemo();
      await this.saveState({ ...this.state, profile: 'service', active: id });
      return this.switched();
    });
  }

  addProfile(name: string, baseUrl: string, key: string): Promise<void> {
    return this.exclusively(async () =>
      this.saveProfiles(await withAddedProfile(this.book(), name, baseUrl, key)),
    );
  }

  renameProfile(id: string, name: string): Promise<void> {
    return this.exclusively(() => this.saveProfiles(withRenamedProfile(this.book(), id, name)));
  }

  /** Forgets a profile that is not shown; the one shown again after the demo falls to another. */
  removeProfile(id: string): Promise<void> {
    return this.exclusively(async () => {
      const profile = removable(this.book(), id);
      const profiles = this.profiles.filter((other) => other.id !== id);
      const active = this.state.active === id ? (profiles[0]?.id ?? null) : this.state.active;
      await this.saveState({ ...this.state, profiles, active });
      await forgetProfile(this.options, profile);
      this.pushes.send('cache:changed', { resources: ['settings'] });
    });
  }

  listProfiles(): { profiles: ProfileView[] } {
    return { profiles: profileViews(this.book(), this.layer.cache.reader) };
  }

  private book(): ProfileBook {
    const shown = this.state.profile === 'service' ? this.state.active : null;
    return { options: this.options, profiles: this.profiles, shown };
  }

  private async saveProfiles(profiles: NamedProfile[]): Promise<void> {
    await this.saveState({ ...this.state, profiles });
    this.pushes.send('cache:changed', { resources: ['settings'] });
  }

  /** Whether the open layer already reads `target`'s cache with its keys. */
  private opens(target: LayerTarget): boolean {
    const directory = (of: LayerTarget) => targetDirectory(this.options.dataDirectory, of);
    return this.target.kind === target.kind && directory(this.target) === directory(target);
  }

  private targetOf(state: AppState): LayerTarget {
    if (state.profile === 'demo') return { kind: 'demo' };
    const profile = state.profiles?.find((candidate) => candidate.id === state.active) ?? null;
    return { kind: 'named', profile };
  }

  private openLayer(target: LayerTarget, demo: DemoService | null): DataLayer {
    return openProfileLayer(
      target,
      {
        ...this.options,
        pushes: this.pushes,
        serviceKeyOverride: this.serviceKeyOverride,
        otherCaches: () => otherCaches(this.options.dataDirectory, target, this.profiles),
      },
      demo,
    );
  }

  /** `syncsNow`: the caller syncs at once, and the schedule only takes over after that. */
  private async switchTo(target: LayerTarget, syncsNow: boolean): Promise<void> {
    const switched = (async () => {
      await Promise.allSettled([...this.inUse]);
      const demo = target.kind === 'demo' ? this.demo : null;
      // Opened before the old one closes: a cache that cannot be opened changes nothing.
      const next = this.openLayer(target, demo);
      const previous = this.layer;
      this.layer = next;
      this.layerDemo = demo;
      this.target = target;
      this.state = { ...this.state, profile: target.kind === 'demo' ? 'demo' : 'service' };
      this.options.activity?.profileSwitched(
        target.kind === 'demo' ? 'the demo' : (target.profile?.name ?? 'no profile'),
      );
      for (const listener of this.leavingListeners) {
        await listener().catch((error: unknown) => this.report('leaving a profile', error));
      }
      await previous.close().catch((error: unknown) => this.report('closing a profile', error));
      if (this.schedule !== null) {
        const startupDelayMs = syncsNow ? this.schedule.intervalMs : this.schedule.startupDelayMs;
        next.engine.startSchedule({ ...this.schedule, startupDelayMs });
      }
      // Every view re-reads, from the other cache now, and the sync bar shows the new state.
      this.pushes.send('cache:changed', { resources: ['all'] });
      this.pushes.send('sync:status', next.engine.status());
    })();
    this.switching = switched.then(
      () => undefined,
      () => undefined,
    );
    try {
      await switched;
    } finally {
      this.switching = null;
    }
  }

  /** Called once no open layer syncs from the demo service any more. */
  private async stopDemo(): Promise<void> {
    const demo = this.demo;
    if (demo === null) return;
    this.demo = null;
    await demo.close().catch((error: unknown) => this.report('demo service', error));
  }

  private async saveState(state: AppState): Promise<void> {
    this.state = state;
    await saveAppState(this.stateFile, state);
  }

  /** One change of profile, theme or shutdown at a time, in the order they were asked for. */
  private exclusively<Result>(change: () => Promise<Result>): Promise<Result> {
    const run = this.queue.then(() => {
      if (this.closed) throw new IpcFailure('internal', 'Pitside is closing.');
      return change();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private report(where: string, error: unknown): void {
    this.options.reportError?.(where, error);
  }
}
