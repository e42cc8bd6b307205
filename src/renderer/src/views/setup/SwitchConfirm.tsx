import { useState, type ReactNode } from 'react';
import type { SetupState } from '../../../../shared/ipc/setup';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { editQueries } from '../../stores/edits';
import { switchWarning, type SwitchTarget, type SwitchWarning } from './switch-warning';

interface Asking {
  warning: SwitchWarning;
  proceed: () => void;
}

/**
 * A switch of service asks first while the one shown has edits not sent, naming them service by
 * service. `guard(target, proceed)` runs `proceed` at once when there is nothing to ask, or once
 * the person chose to switch; `dialog` is the question, to be rendered by the view.
 */
export function useSwitchGuard(setup: SetupState): {
  guard: (target: SwitchTarget, proceed: () => void) => void;
  dialog: ReactNode;
} {
  const edits = editQueries.useQuery('list', {}).value?.data ?? null;
  const elsewhere = editQueries.useQuery('elsewhere', {}).value?.groups ?? [];
  const [asking, setAsking] = useState<Asking | null>(null);

  const guard = (target: SwitchTarget, proceed: () => void) => {
    const warning = edits === null ? null : switchWarning(setup, target, edits, elsewhere);
    if (warning === null) proceed();
    else setAsking({ warning, proceed });
  };

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      onOpenChange={(open) => !open && setAsking(null)}
      testId="switch-dialog"
      title={asking?.warning.title}
      description="Nothing is deleted: each service’s edits stay on this computer, and Edits lists them."
      cancelLabel="Stay"
      confirmLabel="Switch"
      confirmTone="primary"
      onConfirm={() => {
        asking?.proceed();
        setAsking(null);
      }}
    >
      <ul className="switch-kept" data-testid="switch-kept">
        {asking?.warning.kept.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
  return { guard, dialog };
}
