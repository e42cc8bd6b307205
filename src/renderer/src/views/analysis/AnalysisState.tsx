import type { ReactNode } from 'react';
import { StateMessage } from '../../components/StateMessage';
import type { Remote } from '../../stores/query-store';
import { COMPUTING } from './analysis-words';

/**
 * An analysis answer in a view: its figures at once once computed, "Computing…" in words before
 * the first computation answers (never a spinner), and a failed read in one sentence.
 */
export function AnalysisState<Data>({
  remote,
  children,
  computing = COMPUTING,
}: {
  remote: Remote<{ data: Data | null }>;
  children: (data: Data) => ReactNode;
  /** What to say while computing, where a longer sentence helps. */
  computing?: string;
}) {
  const data = remote.value?.data ?? null;
  if (data === null) {
    if (remote.value === null && remote.status === 'error') {
      return (
        <StateMessage kind="error">The analysis could not be read: {remote.error}</StateMessage>
      );
    }
    return (
      <p className="muted analysis-computing" role="status" data-testid="analysis-computing">
        {computing}
      </p>
    );
  }
  return <>{children(data)}</>;
}
