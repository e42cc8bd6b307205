import { CircleAlert, Database, KeyRound, Server } from 'lucide-react';
import { useId, useState } from 'react';
import type { ServiceSettings } from '../../../../shared/ipc/settings';
import type { SetupState } from '../../../../shared/ipc/setup';
import { useServiceSettings } from '../../stores/service-settings';
import { useSetup } from '../../stores/setup';
import { ConnectForm } from './ConnectForm';
import { useSwitchGuard } from './SwitchConfirm';

function KeyStatus({ settings }: { settings: ServiceSettings | null }) {
  if (settings === null) return <span className="muted">Checking…</span>;
  if (settings.keychain === 'unavailable') {
    return (
      <span className="key-status unavailable">
        <CircleAlert size={14} aria-hidden="true" />
        The keychain is not available on this computer, so no key can be kept.
      </span>
    );
  }
  if (settings.key === 'refused') {
    return (
      <span className="key-status refused">
        <CircleAlert size={14} aria-hidden="true" />
        Refused by the service: enter a new key below.
      </span>
    );
  }
  switch (settings.keySource) {
    case 'keychain':
      return (
        <span className="key-status">
          <KeyRound size={14} aria-hidden="true" />
          In the system keychain
        </span>
      );
    case 'environment':
      return (
        <span className="key-status">
          <KeyRound size={14} aria-hidden="true" />
          From PITSIDE_API_KEY (this launch only)
        </span>
      );
    case 'demo':
      return (
        <span className="key-status">
          <KeyRound size={14} aria-hidden="true" />
          The demo’s own key
        </span>
      );
    case 'none':
      return <span className="key-status">None saved: enter one below.</span>;
  }
}

/** Which data the app shows, the key's status (never the key), and the ways to change both. */
export function ServiceSection({ setup }: { setup: SetupState }) {
  const settings = useServiceSettings();
  const busy = useSetup((state) => state.busy);
  const connectError = useSetup((state) => state.connectError);
  const switchToDemo = useSetup((state) => state.useDemo);
  const [done, setDone] = useState<string | null>(null);
  const [demoTried, setDemoTried] = useState(false);
  if (busy === 'connect' && demoTried) setDemoTried(false);
  const demoError = demoTried && busy === null ? (connectError?.message ?? null) : null;
  const demoErrorId = useId();
  const switching = useSwitchGuard(setup);

  const demo = setup.mode === 'demo';
  const startDemo = async () => {
    setDone(null);
    setDemoTried(true);
    if (await switchToDemo()) setDone('Switched to demo data. Syncing it now.');
  };

  return (
    <section className="settings-section" aria-labelledby="settings-service">
      <h2 id="settings-service">
        <Server size={16} aria-hidden="true" /> Service
      </h2>
      <dl className="settings-facts" data-testid="service-facts">
        <dt>Data shown</dt>
        <dd data-testid="service-mode" data-mode={setup.mode}>
          {demo ? (
            <>
              <Database size={14} aria-hidden="true" /> Demo data, from Pitside’s built-in demo
              service
            </>
          ) : (
            (setup.serviceUrl ?? 'No service configured')
          )}
        </dd>
        {!demo && settings !== null && settings.keptCopyOf !== null && (
          <dd className="muted" data-testid="kept-copy">
            Still showing the data of {settings.keptCopyOf}: it is kept until this service answers.
          </dd>
        )}
        {demo && setup.serviceUrl !== null && (
          <>
            <dt>Your service</dt>
            <dd>{setup.serviceUrl} (not in use while demo data is shown)</dd>
          </>
        )}
        {!demo && (
          <>
            <dt>API key</dt>
            <dd
              data-testid="key-status"
              data-key={settings?.key ?? 'unknown'}
              data-key-source={settings?.keySource ?? 'unknown'}
            >
              <KeyStatus settings={settings} />
            </dd>
          </>
        )}
      </dl>
      {done !== null && (
        <p className="inline-status" role="status">
          {done}
        </p>
      )}
      <h3>{demo ? 'Connect to a service' : 'Change the service or its key'}</h3>
      <ConnectForm
        key={setup.serviceUrl ?? ''}
        initialUrl={setup.serviceUrl ?? ''}
        onConnected={(baseUrl) => setDone(`Connected to ${baseUrl}. Syncing its data now.`)}
        beforeConnect={(baseUrl, connect) => switching.guard({ kind: 'service', baseUrl }, connect)}
      />
      {!demo && (
        <>
          <h3>Demo data</h3>
          <p className="muted">
            Look around with sample data instead. Your service’s data and key stay as they are, kept
            apart from the demo’s.
          </p>
          {demoError !== null && (
            <p className="form-error" role="alert" id={demoErrorId}>
              {demoError}
            </p>
          )}
          <div className="section-actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                if (busy === null) switching.guard({ kind: 'demo' }, () => void startDemo());
              }}
              aria-disabled={busy !== null}
              aria-describedby={demoError === null ? undefined : demoErrorId}
              data-testid="use-demo"
            >
              <Database size={14} aria-hidden="true" />
              {busy === 'demo' ? 'Starting the demo service…' : 'Use demo data'}
            </button>
          </div>
        </>
      )}
      {switching.dialog}
    </section>
  );
}
