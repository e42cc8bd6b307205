import { Archive } from 'lucide-react';
import { useId, useState } from 'react';
import type {
  BundleDestination,
  BundleExported,
  BundleImported,
  BundleOptions,
  BundlePreview,
} from '../../../../shared/ipc/bundles';
import { useBundleOptions, useBundles } from '../../stores/bundles';
import { useSetupState } from '../../stores/setup';

/** "146 KB", "4.5 MB": a file's size as a person reads it off a USB stick. */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

const events = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'event' : 'events'}`;

export function destinationWords(destination: BundleDestination): string {
  switch (destination.kind) {
    case 'shown':
      return 'The copy shown now: for each part, the copy synced later is kept.';
    case 'profile':
      return `The profile “${destination.name}”, which is not shown now: for each part, the copy synced later is kept.`;
    case 'new':
      return `A new profile, “${destination.name}”: the bundle is from another service than the one shown. Add its key there to sync it.`;
  }
}

function ExportForm({ options, demo }: { options: BundleOptions; demo: boolean }) {
  const exportBundle = useBundles((store) => store.exportBundle);
  const busy = useBundles((store) => store.busy);
  const [choice, setChoice] = useState('all');
  const [includePrivate, setIncludePrivate] = useState(false);
  const id = useId();
  const goIn = (count: { events: number; hidden: number }) =>
    count.events + (includePrivate ? count.hidden : 0);
  const total = options.seasons.reduce((sum, season) => sum + goIn(season), 0);
  const hidden = options.seasons.reduce((sum, season) => sum + season.hidden, 0);
  const pinned = goIn({ events: options.pinned, hidden: options.pinnedHidden });
  const nothing = demo || options.seasons.length === 0;
  return (
    <form
      className="connect-form"
      onSubmit={(event) => {
        event.preventDefault();
        void exportBundle(
          choice === 'pinned'
            ? { pinned: true, includePrivate }
            : { season: choice === 'all' ? null : choice, includePrivate },
        );
      }}
      data-testid="bundle-export-form"
    >
      <div className="field">
        <label htmlFor={id}>What goes in</label>
        <select
          id={id}
          className="input"
          value={choice}
          disabled={nothing}
          onChange={(event) => setChoice(event.target.value)}
          data-testid="bundle-season"
        >
          <option value="all">Every season ({events(total)})</option>
          {options.seasons.map((season) => (
            <option key={season.season} value={season.season}>
              {season.season} ({events(goIn(season))})
            </option>
          ))}
          <option value="pinned" disabled={pinned === 0}>
            Pinned events ({pinned === 0 ? 'none pinned' : events(pinned)})
          </option>
        </select>
        <p className="field-hint" data-testid="bundle-export-hint">
          {demo
            ? 'The demo is shown: every Pitside has its data, so there is nothing to hand over.'
            : 'The events with their teams, matches, clips and statistics, as the service sent them and when. Never your edits not sent, favorites, pick lists or notes.'}
          {!demo &&
            options.withoutRecord > 0 &&
            ` ${events(options.withoutRecord)} synced as list entries only are left out; sync scope All brings them whole.`}
        </p>
      </div>
      <label className="choice">
        <input
          type="checkbox"
          checked={includePrivate}
          disabled={nothing || hidden === 0}
          onChange={(event) => setIncludePrivate(event.target.checked)}
          data-testid="bundle-include-private"
        />
        <span className="choice-title">
          Include private and unlisted events ({hidden === 0 ? 'none in this copy' : events(hidden)}
          )
        </span>
        <span className="choice-detail" data-testid="bundle-include-private-hint">
          Left out unless ticked: a viewer’s list shows neither, and a venue share never serves
          private events. Whoever gets the file can read every event in it; the laptop that imports
          it keeps them, unlisted.
        </span>
      </label>
      <div className="section-actions">
        <button
          type="submit"
          className="button primary"
          disabled={nothing || total === 0 || busy !== null}
        >
          Export for another laptop
        </button>
      </div>
    </form>
  );
}

function PreviewCard({ preview }: { preview: BundlePreview }) {
  const merge = useBundles((store) => store.merge);
  const cancel = useBundles((store) => store.cancel);
  const busy = useBundles((store) => store.busy);
  return (
    <div className="bundle-preview" data-testid="bundle-preview">
      <dl className="settings-facts">
        <dt>File</dt>
        <dd className="mono">{preview.fileName}</dd>
        <dt>Brings</dt>
        <dd data-testid="bundle-summary">{preview.summary}</dd>
        <dt>Goes into</dt>
        <dd data-testid="bundle-destination">{destinationWords(preview.destination)}</dd>
      </dl>
      <p className="field-hint">
        Your edits not sent, favorites, pins, pick lists and notes stay as they are.
      </p>
      <div className="section-actions">
        <button
          type="button"
          className="button primary"
          disabled={busy !== null}
          onClick={() => void merge()}
        >
          Merge
        </button>
        <button type="button" className="button" disabled={busy !== null} onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function exportedWords({ path, events: count, bytes }: BundleExported): string {
  return `Saved ${events(count)} (${fileSize(bytes)}) to ${path ?? 'the file chosen'}.`;
}

function importedWords({
  summary,
  destination,
  merged,
  keptNewer,
  skipped,
}: BundleImported): string {
  const into =
    destination.kind === 'shown'
      ? 'into the copy shown'
      : destination.kind === 'new'
        ? `into the new profile “${destination.name}”`
        : `into the profile “${destination.name}”`;
  const parts = [
    `${merged.toLocaleString()} ${merged === 1 ? 'part was' : 'parts were'} newer and merged`,
    `${keptNewer.toLocaleString()} kept as they were (this laptop’s were as new)`,
  ];
  if (skipped > 0) parts.push(`${skipped.toLocaleString()} of events deleted here left out`);
  return `Imported ${into}: ${summary}. ${parts.join('; ')}.`;
}

/** Import a bundle…, then what the chosen file brings, with Merge and Cancel. */
export function ImportBundle() {
  const preview = useBundles((store) => store.preview);
  const busy = useBundles((store) => store.busy);
  const choose = useBundles((store) => store.choose);
  if (preview !== null) return <PreviewCard preview={preview} />;
  return (
    <div className="section-actions">
      <button
        type="button"
        className="button"
        disabled={busy !== null}
        onClick={() => void choose()}
      >
        Import a bundle…
      </button>
    </div>
  );
}

/** "Hand over a file": a bundle for a laptop no network reaches, or one taken from it. */
export function BundleSection() {
  const options = useBundleOptions().value;
  const done = useBundles((store) => store.done);
  const error = useBundles((store) => store.error);
  const demo = useSetupState().value?.mode === 'demo';
  return (
    <section className="settings-section" aria-labelledby="settings-bundle" data-testid="bundle">
      <h2 id="settings-bundle">
        <Archive size={16} aria-hidden="true" /> Hand over a file
      </h2>
      <p className="muted">
        No network at all: write this copy to one file, carry it over (a USB stick will do) and
        import it on the other laptop.
      </p>
      {error !== null && (
        <p className="field-error" role="alert" data-testid="bundle-error">
          {error}
        </p>
      )}
      {done !== null && (
        <p className="muted" role="status" data-testid="bundle-done">
          {done.kind === 'exported' ? exportedWords(done.result) : importedWords(done.result)}
        </p>
      )}
      <h3>Export for another laptop</h3>
      {options !== null && <ExportForm options={options} demo={demo} />}
      <h3>Import a bundle</h3>
      <ImportBundle />
    </section>
  );
}
