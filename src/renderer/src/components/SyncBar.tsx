import { RefreshCw, Settings, TriangleAlert, X } from 'lucide-react';
import { Link } from 'react-router';
import type { SyncStatus } from '../../../shared/ipc/sync';
import { utcText } from '../../../shared/utc-text';
import { ago, isStale } from '../format/dates';
import { paths } from '../routes';
import { editQueries } from '../stores/edits';
import { useSyncStatus } from '../stores/sync-status';
import '../styles/edits.css';
import { unsentSummary } from '../views/edits/unsent-summary';
import { useUnloadWarning } from '../views/edits/use-unload-warning';
import { DigestLink } from './DigestLink';
import { partialWords, problemWords, type SyncFix } from './sync-bar-words';
import { useNow } from './use-now';

/** The shortcut as this platform writes it. */
export const MOD_KEY = navigator.platform.toLowerCase().includes('mac') ? '⌘' : 'Ctrl+';

function lastSynced(status: SyncStatus, now: number): { text: string; stale: boolean } {
  if (status.lastSuccessAt === null) return { text: 'Never synced', stale: true };
  const age = ago(status.lastSuccessAt, now);
  return isStale(status.lastSuccessAt, now)
    ? { text: `Last synced ${age} · data is ${age.replace(' ago', '')} old`, stale: true }
    : { text: `Last synced ${age}`, stale: false };
}

function progressText(status: SyncStatus): string {
  const progress = status.progress;
  if (progress === null) return 'Syncing…';
  // A phase whose size is not known (the edits: one step, however many they are) has no count.
  if (progress.total <= 1) return `Syncing ${progress.phase}…`;
  return `Syncing ${progress.phase} ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}`;
}

/**
 * "3 edits not sent yet", a way to the edits panel. Edits refused or in conflict wait for the
 * organizer, not the network, so the link stands out then; in the warning colour, not red, since
 * nothing is lost.
 */
function UnsentEdits() {
  const edits = editQueries.useQuery('list', {}).value?.data ?? null;
  const elsewhere = editQueries.useQuery('elsewhere', {}).value?.groups ?? null;
  // The bar is on screen in every state of the app, so leaving it asks first while edits wait.
  useUnloadWarning(edits, elsewhere);
  const summary = unsentSummary(edits);
  if (summary === null) return null;
  const attention = summary.attentionCount > 0;
  return (
    <Link
      to={paths.edits()}
      className={attention ? 'syncbar-edits attention' : 'syncbar-edits'}
      data-testid="sync-edits"
      data-attention={attention}
    >
      {attention && <TriangleAlert size={13} aria-hidden="true" />}
      {summary.text}
    </Link>
  );
}

interface BarView {
  dot: string;
  headline: string;
  detail: string | null;
  /** The full story behind a short sentence (the service's own words), on hover. */
  title: string | undefined;
  fix: SyncFix | 'cancel';
}

function barView(status: SyncStatus | null, now: number): BarView {
  if (status === null) {
    return {
      dot: 'dot',
      headline: 'Connecting to Pitside…',
      detail: null,
      title: undefined,
      fix: null,
    };
  }
  const last = lastSynced(status, now);
  const ageTitle = status.lastSuccessAt === null ? undefined : utcText(status.lastSuccessAt);
  const problem = status.problem;
  if (status.state === 'syncing') {
    return {
      dot: 'dot syncing',
      headline: progressText(status),
      detail: last.text,
      title: ageTitle,
      fix: 'cancel',
    };
  }
  if (status.state === 'offline') {
    // Nothing here can bring the network back: the sync runs by itself as soon as it is.
    return {
      dot: 'dot offline',
      headline: 'Offline',
      detail: `${last.text} · Syncs when the service can be reached`,
      title: problem?.message,
      fix: null,
    };
  }
  if (problem?.code === 'not_configured') {
    // Before the first choice (demo or a service) there is nothing to sync, and nothing wrong.
    return {
      dot: 'dot offline',
      headline: 'No service yet',
      detail: 'Choose demo data or connect to a service',
      title: undefined,
      fix: null,
    };
  }
  if (status.state === 'error' && problem !== null) {
    const words = problemWords(problem);
    return {
      dot: 'dot error',
      headline: words.text,
      detail: last.text,
      title: problem.message,
      fix: words.fix,
    };
  }
  const partial = partialWords(status);
  return {
    dot: 'dot',
    headline:
      status.lastSuccessAt === null && problem === null
        ? 'Online'
        : partial === null
          ? 'Online · Synced'
          : 'Online · Synced in part',
    detail: partial === null ? last.text : `${last.text} · ${partial}`,
    title: problem?.message ?? ageTitle,
    fix: 'sync',
  };
}

/**
 * One quiet line, always there: online or offline, what the sync is doing, how old the data is,
 * what went wrong in one sentence, the edits not sent yet, and the one button that helps: Open
 * Settings for a refused key, Retry for what may pass, Sync now, and none while offline. It says
 * only what main reported.
 */
export function SyncBar() {
  const status = useSyncStatus((state) => state.status);
  const actionError = useSyncStatus((state) => state.actionError);
  const syncNow = useSyncStatus((state) => state.syncNow);
  const cancel = useSyncStatus((state) => state.cancel);
  const now = useNow();

  const view = barView(status, now);
  const detail = actionError === null ? view.detail : `${view.detail ?? ''} · ${actionError}`;
  return (
    <div className="syncbar" role="status" aria-label="Sync status" data-testid="sync-bar">
      <span data-testid="sync-state" data-state={status?.state ?? 'unknown'} title={view.title}>
        <span className={view.dot} aria-hidden="true" />
        {view.headline}
      </span>
      {status?.state === 'syncing' && status.progress !== null && status.progress.total > 0 && (
        <progress
          max={status.progress.total}
          value={status.progress.done}
          aria-label="Sync progress"
        />
      )}
      {detail !== null && (
        <span className="muted" title={view.title} data-testid="sync-age">
          {detail}
        </span>
      )}
      <DigestLink />
      <UnsentEdits />
      <span className="sync-actions">
        <SyncAction fix={view.fix} syncNow={syncNow} cancel={cancel} />
      </span>
    </div>
  );
}

function SyncAction(props: {
  fix: BarView['fix'];
  syncNow: () => Promise<void>;
  cancel: () => Promise<void>;
}) {
  switch (props.fix) {
    case null:
      return null;
    case 'cancel':
      return (
        <button type="button" className="button" onClick={() => void props.cancel()}>
          <X size={14} aria-hidden="true" /> Cancel sync
        </button>
      );
    case 'settings':
      return (
        <Link to={paths.settings()} className="button" data-testid="sync-fix">
          <Settings size={14} aria-hidden="true" /> Open Settings
        </Link>
      );
    case 'retry':
    case 'sync':
      return (
        <button
          type="button"
          className="button"
          data-testid="sync-fix"
          onClick={() => void props.syncNow()}
          aria-keyshortcuts="Control+S Meta+S"
        >
          <RefreshCw size={14} aria-hidden="true" />
          {props.fix === 'retry' ? 'Retry' : 'Sync now'} <kbd>{MOD_KEY}S</kbd>
        </button>
      );
  }
}
