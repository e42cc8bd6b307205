import * as Dialog from '@radix-ui/react-dialog';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { EditView } from '../../../../shared/ipc/edits';
import { editActions } from '../../stores/edits';
import { discardConsequence } from './edit-words';

/**
 * "Discard", behind a confirmation that says what is taken back. An edit being sent cannot be:
 * main refuses, and its reason shows under the edit (through `run`), as any other refusal does.
 */
export function DiscardButton({
  edit,
  words,
  describedBy,
  run,
}: {
  edit: EditView;
  /** The edit in words, for the question. */
  words: string;
  /** The id of the edit's heading, so "Discard" is read with what it discards. */
  describedBy: string;
  run: (work: () => Promise<unknown>) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [discarding, setDiscarding] = useState(false);

  const confirm = async () => {
    if (discarding) return;
    setDiscarding(true);
    await run(() => editActions.discard(edit.id));
    setDiscarding(false);
    // Closed whatever the answer: a refusal is shown next to the edit, where the focus returns.
    setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !discarding && setOpen(next)}>
      <Dialog.Trigger className="button" aria-describedby={describedBy}>
        <Trash2 size={14} aria-hidden="true" /> Discard…
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog edits-confirm" data-testid="discard-dialog">
          <Dialog.Title>Discard this edit?</Dialog.Title>
          <Dialog.Description>
            <strong>{words}</strong>. {discardConsequence(edit)}
          </Dialog.Description>
          <div className="edits-confirm-actions">
            <Dialog.Close className="button">Keep it</Dialog.Close>
            <button
              type="button"
              className="button edits-danger"
              onClick={() => void confirm()}
              aria-disabled={discarding}
            >
              {discarding ? 'Discarding…' : 'Discard edit'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
