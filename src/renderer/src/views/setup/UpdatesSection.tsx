import { Download, RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { feedUrlSchema, type UpdateState } from '../../../../shared/ipc/updates';
import { RestartToUpdate } from '../../components/updates/RestartToUpdate';
import { statusWords } from '../../components/updates/update-words';
import { localDateTime } from '../../format/dates';
import { useUpdates } from '../../stores/updates';

/** Checked here with main's own rule, so a wrong address is said beside the field at once. */
function checkFeed(text: string): { ok: true; url: string } | { ok: false; error: string } {
  const parsed = feedUrlSchema.safeParse(text);
  if (parsed.success) return { ok: true, url: parsed.data };
  return { ok: false, error: `The feed ${parsed.error.issues[0]?.message ?? 'is not valid'}.` };
}

/** The feed entered by hand, when the build names none and no store updates the app. */
function FeedForm({ state }: { state: UpdateState }) {
  const setFeed = useUpdates((store) => store.setFeed);
  const saved = state.feed.source === 'setting' ? (state.feed.url ?? '') : '';
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const ids = { field: useId(), error: useId(), hint: useId() };

  const save = async (url: string | null) => {
    setDone(null);
    const failure = await setFeed(url);
    setError(failure);
    if (failure !== null) return;
    setText(url ?? '');
    setDone(url === null ? 'Feed removed.' : 'Feed saved.');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkFeed(text);
    if (check.ok) void save(check.url);
    else {
      setDone(null);
      setError(check.error);
    }
  };

  return (
    <form className="connect-form" noValidate onSubmit={submit} data-testid="update-feed-form">
      <div className="field">
        <label htmlFor={ids.field}>Update feed</label>
        <input
          id={ids.field}
          className="input"
          type="url"
          inputMode="url"
          spellCheck={false}
          placeholder="https://updates.example.org/pitside/"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          aria-invalid={error !== null}
          aria-describedby={error === null ? ids.hint : `${ids.error} ${ids.hint}`}
          data-testid="update-feed-url"
        />
        {error !== null && (
          <p className="field-error" id={ids.error} role="alert" data-testid="update-feed-error">
            {error}
          </p>
        )}
        <p className="field-hint" id={ids.hint}>
          The folder where a release’s latest.yml files are published (a generic feed).
        </p>
      </div>
      <div className="section-actions">
        <button type="submit" className="button">
          Save feed
        </button>
        {saved !== '' && (
          <button type="button" className="button" onClick={() => void save(null)}>
            Remove feed
          </button>
        )}
      </div>
      {done !== null && (
        <p className="inline-status" role="status" data-testid="update-feed-done">
          {done}
        </p>
      )}
    </form>
  );
}

/** "Updates": what this copy does about new versions, its feed, and "Check now". */
export function UpdatesSection() {
  const state = useUpdates((store) => store.state);
  const error = useUpdates((store) => store.error);
  const check = useUpdates((store) => store.check);
  if (state === null && error === null) return null;

  const { mode, status } = state ?? { mode: null, status: null };
  const storeUpdates = mode?.kind === 'off' && mode.reason.endsWith('-store');
  const hasFeedForm = state !== null && state.feed.source !== 'built-in' && !storeUpdates;
  return (
    <section className="settings-section" aria-labelledby="settings-updates" data-testid="updates">
      <h2 id="settings-updates">
        <Download size={16} aria-hidden="true" /> Updates
      </h2>
      {state !== null && (
        <dl className="settings-facts">
          <dt>This version</dt>
          <dd>{state.currentVersion}</dd>
          <dt>Status</dt>
          <dd data-testid="update-status" data-mode={mode?.kind} data-state={status?.state}>
            {statusWords(state, localDateTime)}
          </dd>
          {state.feed.source === 'built-in' && (
            <>
              <dt>Feed</dt>
              <dd>Set by this build</dd>
            </>
          )}
        </dl>
      )}
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {state !== null && mode?.kind !== 'off' && (
        <div className="section-actions">
          {status?.state === 'downloaded' ? (
            <RestartToUpdate version={status.version} testId="updates-restart" />
          ) : (
            <button
              type="button"
              className="button"
              aria-disabled={status?.state === 'checking'}
              onClick={() => status?.state !== 'checking' && void check()}
              data-testid="updates-check"
            >
              <RefreshCw size={14} aria-hidden="true" /> Check now
            </button>
          )}
        </div>
      )}
      {hasFeedForm && <FeedForm state={state} />}
    </section>
  );
}
