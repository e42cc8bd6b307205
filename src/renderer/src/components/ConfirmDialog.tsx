import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/** What opens a `ConfirmDialog`, given as its `trigger`. */
export const ConfirmTrigger = Dialog.Trigger;

/**
 * A question asked before something that is hard to take back: what it does, then two buttons,
 * the way out first so that it holds the focus when the dialog opens. Radix keeps the focus
 * inside while it is open, Esc and the way out close it, and the focus goes back to the trigger
 * where there is one (or where `onCloseAutoFocus` sends it).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  testId,
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  confirmTone,
  onConfirm,
  busy,
  confirmTestId,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What opens it, a `ConfirmTrigger`; none for a question the view asks itself. */
  trigger?: ReactNode;
  testId: string;
  title: ReactNode;
  description: ReactNode;
  /** Anything more to read between the description and the buttons. */
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** `danger` for what removes something, `primary` for a choice that loses nothing. */
  confirmTone: 'danger' | 'primary';
  onConfirm: () => void;
  /** The confirmed work is under way: the button is marked unavailable; `onConfirm` ignores a second press. */
  busy?: boolean;
  confirmTestId?: string;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger}
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog confirm"
          data-testid={testId}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          {children}
          <div className="dialog-actions">
            <Dialog.Close className="button">{cancelLabel}</Dialog.Close>
            <button
              type="button"
              className={`button ${confirmTone}`}
              onClick={onConfirm}
              aria-disabled={busy}
              data-testid={confirmTestId}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
