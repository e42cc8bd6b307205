import { useEffect } from 'react';
import { useActions } from '../stores/actions';

const SHOWN_MS = 8_000;

/** The outcome of the last action ("Saved 120 rows to …"), announced politely, then gone. */
export function NoticeToast() {
  const notice = useActions((state) => state.notice);
  const dismiss = useActions((state) => state.dismissNotice);
  useEffect(() => {
    if (notice === null || notice.tone === 'error') return;
    const timer = window.setTimeout(dismiss, SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [notice, dismiss]);
  return (
    <div aria-live="polite">
      {notice !== null && (
        <div
          className={`notice ${notice.tone}`}
          role={notice.tone === 'error' ? 'alert' : undefined}
          data-testid="notice"
        >
          <span>{notice.text}</span>
          {notice.undo !== undefined && (
            <button
              type="button"
              className="button"
              data-testid="notice-undo"
              onClick={() => {
                notice.undo?.();
                dismiss();
              }}
            >
              Undo
            </button>
          )}
          <button type="button" className="button" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
