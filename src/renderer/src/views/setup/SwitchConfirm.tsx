import { useRef, useState, type ReactNode } from 'react';
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
  // What had the focus when the question was asked (the button pressed), kept past the close for
  // the focus to go back to.
  const asked = useRef<HTMLElement | null>(null);

  const guard = (target: SwitchTarget, proceed: () => void) => {
    const warning = edits === null ? null : switchWarning(setup, target, edits, elsewhere);
    if (warning === null) proceed();
    else {
      asked.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setAsking({ warning, proceed });
    }
  };

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      onOpenChange={(open) => !open && setAsking(null)}
      // No trigger to return to: the focus goes back to the button that asked, not to the page.
      onCloseAutoFocus={(event) => {
        const button = asked.current;
        if (button?.isConnected !== true) return;
        event.preventDefault();
        button.focus();
      }}
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
