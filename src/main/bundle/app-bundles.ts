import { randomUUID } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type {
  BundleDestination,
  BundleExported,
  BundleImported,
  BundleOptions,
  BundlePreview,
} from '../../shared/ipc/bundles';
import { resourceKeys } from '../../shared/ipc/resources';
import { formatTimestamp } from '../../shared/wire/formats';
import type { DataLayer } from '../data-layer';
import { IpcFailure } from '../ipc/failure';
import type { FileKind, Platform } from '../platform/platform';
import type { HeldProfiles } from '../profiles/workspace';
import { cacheFileOf } from '../profiles/profile-layer';
import type { NamedProfile } from '../profiles/profile-list';
import { bundleContents, exportBundle, type BundleSelection } from './bundle-export';
import { mergeIntoCacheFile } from './bundle-import';
import { mergeBundle, type MergeTally } from './bundle-merge';
import { inspectBundle, summaryLine, type BundleSummary } from './bundle-summary';
import { OtherServiceError, profileForService, sameService } from './bundle-target';
import { openBundle } from './container-read';
import { ExportPlaceError } from './export-place';
import { BundleError, type BundleManifest } from './format';

export const BUNDLE_KIND: FileKind = { name: 'Pitside bundle', extensions: ['pitside'] };

/** What the bundle commands need of the workspace. */
export interface BundleWorkspace {
  readonly profile: 'demo' | 'service';
  switchProfile(id: string): Promise<unknown>;
  withLayer<Result>(use: (layer: DataLayer) => Result | Promise<Result>): Promise<Result>;
  withProfilesHeld<Result>(change: (held: HeldProfiles) => Promise<Result>): Promise<Result>;
}

export interface AppBundleOptions {
  dataDirectory: string;
  platform: Pick<Platform, 'chooseSavePath' | 'chooseFile'>;
  nativeBinding?: string;
  now?: () => Date;
}

/**
 * The path with `.pitside` at its end: a save dialog takes whatever name is typed, and a bundle
 * without the extension would not be offered by the open dialog's filter on the other laptop.
 */
export function withBundleExtension(path: string): string {
  return extname(path).toLowerCase() === '.pitside' ? path : `${path}.pitside`;
}

/** Where a bundle of `service` goes, with the profile it names (for `profile` and `new`). */
type Placement = { kind: 'shown' } | { kind: 'profile' | 'new'; profile: NamedProfile };

function placementOf(held: HeldProfiles, service: string): Placement {
  const shownService = held.layer.settings.copyOf() ?? held.shown?.url ?? null;
  if (shownService !== null && sameService(shownService, service)) return { kind: 'shown' };
  const { profile, known } = profileForService(held.profiles, service);
  return { kind: known ? 'profile' : 'new', profile };
}

function destinationOf(placement: Placement): BundleDestination {
  return placement.kind === 'shown'
    ? { kind: 'shown' }
    : { kind: placement.kind, name: placement.profile.name };
}

/** Refuses a file whose manifest is no longer the one its preview read: it changed since. */
async function sameBundle(file: string, manifest: string, now: Date): Promise<void> {
  const bundle = await openBundle(file, now);
  try {
    if (JSON.stringify(bundle.manifest) !== manifest) {
      throw new BundleError('the file changed since it was chosen; choose it again');
    }
  } finally {
    await bundle.close();
  }
}

/** A refused bundle, said as the person's choice at fault (`lead` says which): nothing changed. */
function asFailure(error: unknown, lead = 'This bundle cannot be imported'): unknown {
  if (
    error instanceof BundleError ||
    error instanceof OtherServiceError ||
    error instanceof ExportPlaceError
  ) {
    return new IpcFailure('invalid_input', `${lead}: ${error.message}.`, [
      { field: 'file', issue: error.message },
    ]);
  }
  return error;
}

/**
 * The app's side of bundles: "Export for another laptop" writes the copy shown (a season, or all
 * of it) to a file the person picks; an import reads a chosen file whole (the preview), then
 * merges it into its service's cache: the one shown, another profile's, or a new profile's.
 */
export class AppBundles {
  /**
   * The file last chosen, by the token its preview gave (the renderer never names a path), with
   * what its preview read: its manifest, as JSON, tells at Merge whether the file is still that one.
   */
  private chosen: { token: string; file: string; summary: BundleSummary; manifest: string } | null =
    null;
  private readonly now: () => Date;

  constructor(
    private readonly workspace: BundleWorkspace,
    private readonly options: AppBundleOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  available(): Promise<BundleOptions> {
    return this.workspace.withLayer((layer) => {
      const { seasons, pinned, pinnedHidden, withoutRecord, looked } = bundleContents(
        layer.cache.reader,
      );
      return {
        seasons,
        pinned: pinned.length,
        pinnedHidden: pinnedHidden.length,
        withoutRecord,
        // An event's own record decides whether it may go; the outbox, whether its copy is local.
        builtFrom: ['events', 'pins', 'outbox', ...looked.map(resourceKeys.event)],
      };
    });
  }

  /**
   * A bundle of one season (every one, `null`), or of the pinned events (`pinned`): of the events
   * a viewer may see, and of the private and unlisted ones too when `includePrivate` says so.
   */
  async export(
    choice: ({ season: string | null } | { pinned: true }) & { includePrivate?: boolean },
  ): Promise<BundleExported> {
    if (this.workspace.profile === 'demo') {
      throw new IpcFailure(
        'invalid_input',
        'The demo is shown: every Pitside has its data, so there is nothing to hand over. Connect to your service first.',
        [{ field: 'season', issue: 'the demo’s copy is not exported' }],
      );
    }
    const contents = await this.workspace.withLayer((layer) => bundleContents(layer.cache.reader));
    const pinned = 'pinned' in choice;
    const season = 'season' in choice ? choice.season : null;
    const includePrivate = choice.includePrivate === true;
    const pinnedEvents = includePrivate
      ? [...contents.pinned, ...contents.pinnedHidden]
      : contents.pinned;
    const events = pinned
      ? pinnedEvents.length
      : contents.seasons
          .filter((entry) => season === null || entry.season === season)
          .reduce((sum, entry) => sum + entry.events + (includePrivate ? entry.hidden : 0), 0);
    if (events === 0) {
      const { withoutRecord } = contents;
      const hidden = pinned
        ? contents.pinnedHidden.length
        : contents.seasons
            .filter((entry) => season === null || entry.season === season)
            .reduce((sum, entry) => sum + entry.hidden, 0);
      const scope =
        withoutRecord > 0
          ? ` ${withoutRecord === 1 ? '1 event was' : `${withoutRecord} events were`} synced as a list entry only; sync scope All brings the whole record.`
          : '';
      const asked =
        hidden > 0 && !includePrivate
          ? ` ${hidden === 1 ? '1 private or unlisted event goes' : `${hidden} private or unlisted events go`} in only when included.`
          : '';
      const what = pinned ? 'pinned event' : season === null ? 'event' : `event of ${season}`;
      throw new IpcFailure(
        'invalid_input',
        `No ${what} in this copy can go into a bundle.${asked}${scope}`,
        [{ field: pinned ? 'pinned' : 'season', issue: 'no event to hand over' }],
      );
    }
    const day = formatTimestamp(this.now()).slice(0, 10);
    const picked = await this.options.platform.chooseSavePath({
      suggestedName: `pitside-${pinned ? 'pinned' : (season ?? 'all')}-${day}.pitside`,
      kind: BUNDLE_KIND,
    });
    if (picked === null) return { saved: false, path: null, events: 0, bytes: 0 };
    const path = withBundleExtension(picked);
    // The pinned events as they were counted: one pinned meanwhile goes in the next bundle.
    const selection: BundleSelection = pinned
      ? { events: pinnedEvents, season: null, includePrivate }
      : { events: null, season, includePrivate };
    try {
      await this.workspace.withLayer((layer) =>
        exportBundle(layer.cache.reader, selection, path, this.now()),
      );
    } catch (error) {
      // The writer left any file there as it was; a place only reserved for it goes again. A
      // place refused is never removed: an empty file there may be a data directory's lock.
      const left = statSync(path, { throwIfNoEntry: false });
      const reserved = left?.isFile() === true && left.size === 0;
      const refused = error instanceof ExportPlaceError && error.fault === 'path';
      if (reserved && !refused) rmSync(path, { force: true });
      throw asFailure(error, 'Nothing was exported');
    }
    return { saved: true, path, events, bytes: statSync(path).size };
  }

  async choose(): Promise<BundlePreview | null> {
    const file = await this.options.platform.chooseFile({ kind: BUNDLE_KIND });
    if (file === null) return null;
    const { manifest, ...summary } = await this.inspect(file, this.now());
    const placement = await this.workspace.withProfilesHeld((held) =>
      Promise.resolve(placementOf(held, summary.service)),
    );
    const token = randomUUID();
    this.chosen = { token, file, summary, manifest: JSON.stringify(manifest) };
    return {
      token,
      fileName: basename(file),
      summary: summaryLine(summary, this.now()),
      service: summary.service,
      destination: destinationOf(placement),
    };
  }

  async import(token: string): Promise<BundleImported> {
    const chosen = this.chosen;
    if (chosen === null || chosen.token !== token) {
      throw new IpcFailure(
        'invalid_input',
        'That bundle is no longer the one chosen. Choose it again to see what it brings.',
        [{ field: 'token', issue: 'not the bundle chosen last' }],
      );
    }
    const { summary } = chosen;
    const imported = await this.workspace.withProfilesHeld(async (held) => {
      const placement = placementOf(held, summary.service);
      // Not read whole a second time: the merge checks every part against the manifest as it
      // goes, in one transaction, and the manifest is the preview's.
      const now = this.now();
      const tally = await sameBundle(chosen.file, chosen.manifest, now)
        .then(() => this.merge(chosen.file, summary, held, placement, now))
        .catch((error: unknown) => {
          throw asFailure(error);
        });
      if (placement.kind === 'new') await held.add(placement.profile);
      // A laptop that never had a copy (no network to connect with, say) shows this one at once.
      const show = placement.kind === 'new' && held.firstRun ? placement.profile.id : null;
      return { ...tally, destination: destinationOf(placement), show };
    });
    this.chosen = null;
    if (imported.show !== null) await this.workspace.switchProfile(imported.show);
    const { show, ...result } = imported;
    return { summary: summaryLine(summary, this.now()), ...result, shown: show !== null };
  }

  private async inspect(
    file: string,
    now: Date,
  ): Promise<BundleSummary & { manifest: BundleManifest }> {
    try {
      return await inspectBundle(file, now);
    } catch (error) {
      throw asFailure(error);
    }
  }

  private async merge(
    file: string,
    summary: BundleSummary,
    held: HeldProfiles,
    placement: Placement,
    now: Date,
  ): Promise<MergeTally> {
    if (placement.kind !== 'shown') {
      const cacheFile = cacheFileOf(this.options.dataDirectory, {
        kind: 'named',
        profile: placement.profile,
      });
      const { nativeBinding } = this.options;
      return mergeIntoCacheFile(file, cacheFile, summary.service, {
        now,
        ...(nativeBinding === undefined ? {} : { nativeBinding }),
      });
    }
    // Through the open layer's own queue: the sync's writes wait their turn, and every view hears.
    const { cache, queue } = held.layer;
    const bundle = await openBundle(file, now);
    try {
      return await mergeBundle(
        bundle,
        { reader: cache.reader, writer: cache.writer, queue },
        false,
        now,
      );
    } finally {
      await bundle.close();
    }
  }
}
