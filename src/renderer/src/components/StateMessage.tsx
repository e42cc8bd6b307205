import type { ReactNode } from 'react';

/**
 * An empty, error or stale state: what happened and what to do next, in one sentence and at
 * most one button.
 */
export function StateMessage({
  kind,
  children,
  action,
}: {
  kind: 'empty' | 'error' | 'stale';
  children: ReactNode;
  action?: { label: string; run: () => void };
}) {
  return (
    <div
      className={`state ${kind}`}
      role={kind === 'error' ? 'alert' : undefined}
      data-testid={`state-${kind}`}
    >
      <span>{children}</span>
      {action !== undefined && (
        <button type="button" className="button" onClick={action.run}>
          {action.label}
        </button>
      )}
    </div>
  );
}

/** Placeholder rows for what was never synced; never shown over cached data. */
export function Skeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-hidden="true" data-testid="skeleton" style={{ display: 'grid', gap: 10 }}>
      {Array.from({ length: rows }, (_, row) => (
        <span key={row} className="skeleton" style={{ width: `${90 - ((row * 13) % 40)}%` }} />
      ))}
    </div>
  );
}
