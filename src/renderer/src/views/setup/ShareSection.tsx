import { Radio } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { NearbyShare, ShareInterface, ShareState } from '../../../../shared/ipc/share';
import { localDateTime } from '../../format/dates';
import { useProfileDraft } from '../../stores/profile-draft';
import { useServiceSettings } from '../../stores/service-settings';
import { useShare } from '../../stores/share';
import { QrCode } from './share/QrCode';

function interfaceWords({ name, address, loopback }: ShareInterface): string {
  return loopback ? `This laptop only (${address})` : `${name} (${address})`;
}

/** What another laptop needs, in one line a phone camera or a person can read. */
export function shareLink(url: string, key: string): string {
  return `${url}#key=${key}`;
}

function StartForm({ state }: { state: ShareState }) {
  const start = useShare((store) => store.start);
  const busy = useShare((store) => store.busy);
  const { interfaces } = state;
  // The venue network when there is one: loopback only shares with this laptop.
  const preferred = interfaces.find((entry) => !entry.loopback) ?? interfaces[0];
  const [host, setHost] = useState(preferred?.address ?? '');
  const id = useId();
  return (
    <form
      className="connect-form"
      onSubmit={(event) => {
        event.preventDefault();
        void start(host);
      }}
      data-testid="share-start-form"
    >
      <div className="field">
        <label htmlFor={id}>Share on</label>
        <select
          id={id}
          className="input"
          value={host}
          onChange={(event) => setHost(event.target.value)}
          data-testid="share-interface"
        >
          {interfaces.map((entry) => (
            <option key={entry.address} value={entry.address}>
              {interfaceWords(entry)}
            </option>
          ))}
        </select>
        <p className="field-hint">
          The network the other laptops are on. Sharing never listens on every network at once.
        </p>
      </div>
      <div className="section-actions">
        <button type="submit" className="button primary" disabled={busy || host === ''}>
          Start sharing
        </button>
      </div>
    </form>
  );
}

function Sharing({ status }: { status: Extract<ShareState['status'], { state: 'on' }> }) {
  const stop = useShare((store) => store.stop);
  const busy = useShare((store) => store.busy);
  const { clients } = status;
  return (
    <>
      <div className="share-card">
        <QrCode
          text={shareLink(status.url, status.key)}
          label={`QR code of the address ${status.url} and its key`}
        />
        <dl className="settings-facts">
          <dt>Address</dt>
          <dd className="mono" data-testid="share-url">
            {status.url}
          </dd>
          <dt>Key</dt>
          <dd className="mono" data-testid="share-key">
            {status.key}
          </dd>
          <dt>Since</dt>
          <dd>{localDateTime(status.startedAt)}</dd>
          <dt>Laptops</dt>
          <dd data-testid="share-laptops">
            {clients.length === 0
              ? 'None has read from it yet.'
              : `${clients.length} ${clients.length === 1 ? 'laptop has' : 'laptops have'} read from it, the last at ${localDateTime(clients[0]?.lastAt ?? status.startedAt)}.`}
          </dd>
        </dl>
      </div>
      <p className="field-hint">
        On another laptop: Settings → Profiles → Add a profile named “Venue share”, with this
        address and key. It syncs from this laptop as from the service, read-only; its edits wait
        for the service itself.
      </p>
      {clients.length > 0 && (
        <table className="share-clients" data-testid="share-clients">
          <caption className="visually-hidden">Laptops that synced from this one</caption>
          <thead>
            <tr>
              <th scope="col">Laptop</th>
              <th scope="col">First read</th>
              <th scope="col">Last read</th>
              <th scope="col">Reads</th>
            </tr>
          </thead>
          <tbody>
            {clients.map((client) => (
              <tr key={client.address}>
                <td className="mono">{client.address}</td>
                <td>{localDateTime(client.firstAt)}</td>
                <td>{localDateTime(client.lastAt)}</td>
                <td>
                  {client.reads.toLocaleString()}
                  {client.unchanged > 0 && ` (${client.unchanged.toLocaleString()} unchanged)`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="section-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void stop()}>
          Stop sharing
        </button>
      </div>
    </>
  );
}

/** Other laptops' shares announced on this network, each one click from a profile. */
function NearbyList({ nearby }: { nearby: readonly NearbyShare[] }) {
  const offerShare = useProfileDraft((store) => store.offerShare);
  return (
    <>
      <h3>Shares nearby</h3>
      {nearby.length === 0 ? (
        <p className="muted" data-testid="share-nearby-none">
          None found on this network. Where the network blocks discovery, type the address and key
          the sharing laptop shows.
        </p>
      ) : (
        <ul className="share-nearby" data-testid="share-nearby">
          {nearby.map((share) => (
            <li key={share.url}>
              <span className="share-nearby-name">{share.name}</span>
              <span className="mono">{share.url}</span>
              <button
                type="button"
                className="button"
                onClick={() => offerShare(share.name, share.url)}
              >
                Add as a profile
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** "Share at the venue": serve this profile's copy, read-only, to the laptops around. */
export function ShareSection() {
  const state = useShare((store) => store.state);
  const error = useShare((store) => store.error);
  const load = useShare((store) => store.load);
  const scope = useServiceSettings()?.scope ?? null;
  useEffect(() => {
    void load();
  }, [load]);
  if (state === null && error === null) return null;
  const status = state?.status;
  const failure = error ?? (status?.state === 'off' ? status.error : null);
  return (
    <section className="settings-section" aria-labelledby="settings-share" data-testid="share">
      <h2 id="settings-share">
        <Radio size={16} aria-hidden="true" /> Share at the venue
      </h2>
      <p className="muted">
        Other laptops at the venue sync this copy from this laptop when the wifi will not reach the
        service. Events that are not public on the service are never shared.
      </p>
      {scope === 'default' && (
        <p className="settings-caution" data-testid="share-scope">
          This copy is synced with scope Default: the events and teams lists, and only the events
          held whole. A laptop that syncs from it gets no more. To share everything, choose Sync
          scope All above and sync first.
        </p>
      )}
      {failure !== null && (
        <p className="field-error" role="alert" data-testid="share-error">
          {failure}
        </p>
      )}
      {state !== null && status?.state === 'on' && <Sharing status={status} />}
      {state !== null && status?.state === 'off' && <StartForm state={state} />}
      {state !== null && <NearbyList nearby={state.nearby} />}
    </section>
  );
}
