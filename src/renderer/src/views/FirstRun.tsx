import { Archive, Database, PlugZap } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../routes';
import { useBundles } from '../stores/bundles';
import { useSetup } from '../stores/setup';
import '../styles/setup.css';
import { ImportBundle } from './setup/BundleSection';
import { ConnectForm } from './setup/ConnectForm';

/**
 * The first screen when no service is configured: the demo, a real service, or a copy another
 * laptop handed over as a file (where there is no network to connect with). Whichever
 * succeeds switches the app to its views (App follows `setup.mode`); this screen only sends the
 * person to the events list.
 */
export function FirstRun() {
  const busy = useSetup((state) => state.busy);
  const connectError = useSetup((state) => state.connectError);
  const switchToDemo = useSetup((state) => state.useDemo);
  const navigate = useNavigate();
  // The store keeps one error for both choices; the demo's is shown here only after its button.
  const [demoTried, setDemoTried] = useState(false);
  if (busy === 'connect' && demoTried) setDemoTried(false);
  const demoError = demoTried && busy === null ? (connectError?.message ?? null) : null;
  const demoErrorId = useId();
  const bundleError = useBundles((state) => state.error);
  const bundleShown = useBundles(
    (state) => state.done?.kind === 'imported' && state.done.result.shown,
  );
  useEffect(() => {
    if (bundleShown) void navigate(paths.events());
  }, [bundleShown, navigate]);

  const startDemo = async () => {
    if (busy !== null) return;
    setDemoTried(true);
    if (await switchToDemo()) void navigate(paths.events());
  };

  return (
    <div className="first-run" data-testid="first-run">
      <header className="first-run-header">
        <h1>Welcome to Pitside</h1>
        <p className="lead">
          Pitside keeps a copy of a competition service on this computer, so events, teams and
          matches open at once, even without internet at the venue. Where should its data come from?
        </p>
      </header>
      <div className="setup-choices">
        <section className="card setup-choice" aria-labelledby="first-run-demo">
          <h2 id="first-run-demo">
            <Database size={16} aria-hidden="true" /> Explore with demo data
          </h2>
          <p>
            Pitside starts a demo service on this computer, with sample events, teams, matches and
            clips, and syncs it in a few seconds. Nothing is sent anywhere.
          </p>
          <p className="muted">You can connect to a real service later, in Settings.</p>
          {demoError !== null && (
            <p className="form-error" role="alert" id={demoErrorId} data-testid="demo-error">
              {demoError}
            </p>
          )}
          <div>
            <button
              type="button"
              className="button primary"
              onClick={() => void startDemo()}
              aria-disabled={busy !== null}
              aria-describedby={demoError === null ? undefined : demoErrorId}
              data-testid="use-demo"
            >
              {busy === 'demo' ? 'Starting the demo service…' : 'Explore with demo data'}
            </button>
          </div>
        </section>
        <section className="card setup-choice" aria-labelledby="first-run-connect">
          <h2 id="first-run-connect">
            <PlugZap size={16} aria-hidden="true" /> Connect to a service
          </h2>
          <p>
            Your organisation’s Pitside service: its address and an API key. Pitside checks both
            before it saves anything.
          </p>
          <ConnectForm onConnected={() => void navigate(paths.events())} />
        </section>
        <section
          className="card setup-choice"
          aria-labelledby="first-run-bundle"
          data-testid="first-run-bundle"
        >
          <h2 id="first-run-bundle">
            <Archive size={16} aria-hidden="true" /> Open a copy from another laptop
          </h2>
          <p>
            No network here? On a laptop that has the data: Settings → Hand over a file → Export for
            another laptop. Then open its .pitside file here; it works offline at once.
          </p>
          {bundleError !== null && (
            <p className="form-error" role="alert" data-testid="first-run-bundle-error">
              {bundleError}
            </p>
          )}
          <ImportBundle />
        </section>
      </div>
    </div>
  );
}
