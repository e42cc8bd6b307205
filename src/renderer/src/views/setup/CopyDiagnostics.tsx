import { ClipboardCopy } from 'lucide-react';
import { StateMessage } from '../../components/StateMessage';
import { useDiagnostics } from '../../stores/diagnostics';

/** Help → Copy diagnostics, in the page: for a bug report, with no API key in it. */
export function CopyDiagnostics() {
  const status = useDiagnostics((state) => state.status);
  const text = useDiagnostics((state) => state.text);
  const error = useDiagnostics((state) => state.error);
  const copy = useDiagnostics((state) => state.copy);

  return (
    <div className="diagnostics">
      <div className="section-actions">
        <button
          type="button"
          className="button"
          data-testid="copy-diagnostics"
          aria-disabled={status === 'copying'}
          onClick={() => void copy()}
        >
          <ClipboardCopy size={14} aria-hidden="true" /> Copy diagnostics
        </button>
        <span className="muted" role="status" data-testid="diagnostics-status">
          {status === 'copied'
            ? 'Copied. Paste it into your bug report; it holds no API key.'
            : status === 'shown'
              ? 'The clipboard is not available here: copy the text below.'
              : ''}
        </span>
      </div>
      {status === 'error' ? (
        <StateMessage kind="error" action={{ label: 'Try again', run: () => void copy() }}>
          Pitside could not gather its diagnostics: {error}
        </StateMessage>
      ) : null}
      {text !== null && (status === 'copied' || status === 'shown') ? (
        <details className="diagnostics-text" open={status === 'shown'}>
          <summary>What was copied</summary>
          <pre data-testid="diagnostics-text" tabIndex={0}>
            {text}
          </pre>
        </details>
      ) : null}
    </div>
  );
}
