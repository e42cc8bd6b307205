import { KeyRound } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useSetup } from '../../stores/setup';
import { checkConnectInput, type ConnectFieldErrors } from './connect-validation';

type Field = keyof ConnectFieldErrors;

/**
 * The service address and API key, checked here with the contract's own rules, then by main
 * against the service. The key field is write-only: it starts empty, is never filled from
 * anything stored, and is emptied after each attempt. A refused input is shown next to its
 * field; a service that cannot be reached (or is not Pitside) above the form.
 */
export function ConnectForm({
  initialUrl = '',
  submitLabel = 'Connect',
  onConnected,
  beforeConnect = (_baseUrl, connect) => connect(),
}: {
  initialUrl?: string;
  submitLabel?: string;
  onConnected?: (baseUrl: string) => void;
  /** Runs `connect` when it may go ahead: a switch may ask first (see SwitchConfirm). */
  beforeConnect?: (baseUrl: string, connect: () => void) => void;
}) {
  const busy = useSetup((state) => state.busy);
  const connectError = useSetup((state) => state.connectError);
  const connect = useSetup((state) => state.connect);

  const [baseUrl, setBaseUrl] = useState(initialUrl);
  const [key, setKey] = useState('');
  const [localErrors, setLocalErrors] = useState<ConnectFieldErrors>({});
  // The store's error belongs to this form only after it sent something, and only until the
  // field at fault is edited (the demo button shares the store and its error).
  const [sent, setSent] = useState(false);
  const [editedSinceSent, setEditedSinceSent] = useState<ReadonlySet<Field>>(new Set());
  if (busy === 'demo' && sent) setSent(false);

  const urlRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const ids = {
    url: `${id}-url`,
    urlError: `${id}-url-error`,
    key: `${id}-key`,
    keyHint: `${id}-key-hint`,
    keyError: `${id}-key-error`,
    formError: `${id}-form-error`,
  };

  const storeError = sent && busy === null ? connectError : null;
  const fieldError = (field: Field): string | null =>
    localErrors[field] ??
    (storeError !== null && storeError.field === field && !editedSinceSent.has(field)
      ? storeError.message
      : null);
  const urlError = fieldError('baseUrl');
  const keyError = fieldError('key');
  const formError = storeError !== null && storeError.field === null ? storeError.message : null;

  const edit = (field: Field) => {
    setLocalErrors((errors) => ({ ...errors, [field]: undefined }));
    setEditedSinceSent((edited) => new Set(edited).add(field));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy !== null) return;
    const check = checkConnectInput(baseUrl, key);
    if (!check.ok) {
      setLocalErrors(check.errors);
      (check.errors.baseUrl !== undefined ? urlRef : keyRef).current?.focus();
      return;
    }
    setLocalErrors({});
    beforeConnect(check.baseUrl, () => void send(check.baseUrl, check.key));
  };

  const send = async (checkedUrl: string, checkedKey: string) => {
    setEditedSinceSent(new Set());
    setSent(true);
    const connected = await connect(checkedUrl, checkedKey);
    setKey('');
    if (connected) {
      setSent(false);
      onConnected?.(checkedUrl);
      return;
    }
    const failed = useSetup.getState().connectError;
    if (failed?.field === 'baseUrl') urlRef.current?.focus();
    else if (failed?.field === 'key') keyRef.current?.focus();
  };

  const connecting = busy === 'connect';
  return (
    <form
      className="connect-form"
      noValidate
      onSubmit={submit}
      aria-describedby={formError === null ? undefined : ids.formError}
      data-testid="connect-form"
    >
      {formError !== null && (
        <p className="form-error" role="alert" id={ids.formError} data-testid="connect-error">
          {formError}
        </p>
      )}
      <div className="field">
        <label htmlFor={ids.url}>Service URL</label>
        <input
          ref={urlRef}
          id={ids.url}
          className="input"
          type="url"
          name="baseUrl"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://pitside.example.org"
          value={baseUrl}
          onChange={(event) => {
            setBaseUrl(event.target.value);
            edit('baseUrl');
          }}
          aria-invalid={urlError !== null}
          aria-describedby={urlError === null ? undefined : ids.urlError}
          data-testid="connect-url"
        />
        {urlError !== null && (
          <p className="field-error" id={ids.urlError} data-testid="connect-url-error">
            {urlError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.key}>API key</label>
        <input
          ref={keyRef}
          id={ids.key}
          className="input"
          type="password"
          name="key"
          autoComplete="off"
          spellCheck={false}
          value={key}
          onChange={(event) => {
            setKey(event.target.value);
            edit('key');
          }}
          aria-invalid={keyError !== null}
          aria-describedby={keyError === null ? ids.keyHint : `${ids.keyError} ${ids.keyHint}`}
          data-testid="connect-key"
        />
        {keyError !== null && (
          <p className="field-error" id={ids.keyError} data-testid="connect-key-error">
            {keyError}
          </p>
        )}
        <p className="field-hint" id={ids.keyHint}>
          <KeyRound size={13} aria-hidden="true" />
          <span>
            The key goes into your operating system’s keychain. It never leaves this computer except
            to the service, and Pitside never shows it again.
          </span>
        </p>
      </div>
      <div>
        {/* aria-disabled, not disabled: the button keeps focus while the service is checked. */}
        <button type="submit" className="button primary" aria-disabled={busy !== null}>
          {connecting ? 'Checking the service…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
