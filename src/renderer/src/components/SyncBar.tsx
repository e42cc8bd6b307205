import { RefreshCw, TriangleAlert, X } from 'lucide-react';
import { Link } from 'react-router';
import type { SyncStatus } from '../../../shared/ipc/sync';
import { ago, isStale, utcTitle } from '../format/dates';
import { paths } from '../routes';
import { editQueries } from '../stores/edits';
import { useSyncStatus } from '../stores/sync-status';
import '../styles/edits.css';
import { unsentSummary } from '../views/edits/unsent-summary';
import { useUnloadWarning } from '../views/edits/use-unload-warning';
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
  if (progress.total === 0) return `Syncing ${progress.phase}…`;
  return `Syncing ${progress.phase} ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}`;
}

/**
 * "3 edits not sent yet", a way to the edits panel. Edits refused or in conflict wait for the
 * organizer, not the network, so the link stands out then; in the warning colour, not red, since
 * nothing is lost.
 */
function UnsentEdits() {
  const edits = editQueries.useQuery('list', {}).value?.data ?? null;
  // The bar is on screen in every state of the app, so leaving it asks first while edits wait.
  useUnloadWarning(edits);
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

/**
 * One quiet line, always there: online or offline, what the sync is doing, how old the data is,
 * the last error in words, the edits not sent yet, and Sync now. It says only what main reported.
 */
export function SyncBar() {
  const status = useSyncStatus((state) => state.status);
  const actionError = useSyncStatus((state) => state.actionError);
  const syncNow = useSyncStatus((state) => state.syncNow);
  const cancel = useSyncStatus((state) => state.cancel);
  const now = useNow();

  let dot = 'dot';
  let headline = 'Connecting to Pitside…';
  let detail: string | null = null;
  let detailTitle: string | undefined;
  if (status !== null) {
    const last = lastSynced(status, now);
    detail = last.text;
    detailTitle = status.lastSuccessAt === null ? undefined : utcTitle(status.lastSuccessAt);
    if (status.state === 'syncing') {
      dot = 'dot syncing';
      headline = progressText(status);
    } else if (status.state === 'offline') {
      dot = 'dot offline';
      headline = 'Offline';
    } else if (status.problem?.code === 'not_configured') {
      // Before the first choice (demo or a service) there is nothing to sync, and nothing wrong.
      dot = 'dot offline';
      headline = 'No service yet';
      detail = 'Choose demo data or connect to a service';
    } else if (status.state === 'error') {
      dot = 'dot error';
      headline = `Sync error: ${status.problem?.message ?? 'the last sync failed'}`;
    } else {
      headline =
        status.lastSuccessAt === null && status.problem === null
          ? 'Online'
          : status.problem === null
            ? 'Online · Synced'
            : 'Online · Synced in part';
      if (status.problem !== null) detail = `${detail} · ${status.problem.message}`;
    }
  }
  if (actionError !== null) detail = `${detail ?? ''} · ${actionError}`;

  const syncing = status?.state === 'syncing';
  const configured = status?.problem?.code !== 'not_configured';
  return (
    <div className="syncbar" role="status" aria-label="Sync status" data-testid="sync-bar">
      <span data-testid="sync-state" data-state={status?.state ?? 'unknown'}>
        <span className={dot} aria-hidden="true" />
        {headline}
      </span>
      {syncing && status.progress !== null && status.progress.total > 0 && (
        <progress
          max={status.progress.total}
          value={status.progress.done}
          aria-label="Sync progress"
        />
      )}
      {detail !== null && (
        <span className="muted" title={detailTitle} data-testid="sync-age">
          {detail}
        </span>
      )}
      <UnsentEdits />
      <span className="sync-actions">
        {!configured ? null : syncing ? (
          <button type="button" className="button" onClick={() => void cancel()}>
            <X size={14} aria-hidden="true" /> Cancel sync
          </button>
        ) : (
          <button
            type="button"
            className="button"
            onClick={() => void syncNow()}
            aria-keyshortcuts="Control+S Meta+S"
          >
            <RefreshCw size={14} aria-hidden="true" />
            {status?.state === 'error' || status?.state === 'offline' ? 'Retry' : 'Sync now'}{' '}
            <kbd>{MOD_KEY}S</kbd>
          </button>
        )}
      </span>
    </div>
  );
}
