import { RefreshCw } from 'lucide-react';
import type { SyncScope } from '../../../../shared/ipc/sync';
import { useScopeChoice, useServiceSettings } from '../../stores/service-settings';
import { ONCE_REACHABLE } from '../../components/sync-offer';
import { selectOffline, useSyncStatus } from '../../stores/sync-status';

const SCOPES: readonly { scope: SyncScope; title: string; detail: string }[] = [
  {
    scope: 'default',
    title: 'Default',
    detail:
      'What a scout needs: the events and teams lists, pinned events and those live or starting ' +
      'within a week in full, with the statistics of their teams and of favorite teams. For the ' +
      'demo about 100 requests the first time, about 20 after.',
  },
  {
    scope: 'all',
    title: 'All',
    detail:
      'For days offline: every event, team, match, clip and statistic. For the demo about 1,500 ' +
      'requests and several MB; on a large service tens of MB.',
  },
];

/** How much each sync brings, with what each choice means and roughly what it downloads. */
export function SyncScopeSection() {
  const settings = useServiceSettings();
  const savingScope = useScopeChoice((state) => state.savingScope);
  const error = useScopeChoice((state) => state.error);
  const setScope = useScopeChoice((state) => state.setScope);
  const statusScope = useSyncStatus((state) => state.status?.scope ?? null);
  const offline = useSyncStatus(selectOffline);
  const chosen = savingScope ?? settings?.scope ?? statusScope;

  return (
    <section className="settings-section" aria-labelledby="settings-scope">
      <h2 id="settings-scope">
        <RefreshCw size={16} aria-hidden="true" /> Sync scope
      </h2>
      <div
        className="choice-list"
        role="radiogroup"
        aria-labelledby="settings-scope"
        data-testid="sync-scope"
      >
        {SCOPES.map(({ scope, title, detail }) => (
          <label className="choice" key={scope}>
            <input
              type="radio"
              name="sync-scope"
              value={scope}
              checked={chosen === scope}
              disabled={settings === null}
              onChange={() => void setScope(scope)}
              aria-labelledby={`scope-${scope}-title`}
              aria-describedby={`scope-${scope}-detail`}
            />
            <span className="choice-title" id={`scope-${scope}-title`}>
              {title}
            </span>
            <span className="choice-detail" id={`scope-${scope}-detail`}>
              {detail}
            </span>
          </label>
        ))}
      </div>
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <p className="muted">
        {offline
          ? `A change applies from the next sync, ${ONCE_REACHABLE}.`
          : 'A change applies from the next sync; Sync now in the bar below starts one.'}
      </p>
    </section>
  );
}
