import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { EditView } from '../../../../shared/ipc/edits';
import { ConfirmDialog, ConfirmTrigger } from '../../components/ConfirmDialog';
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
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !discarding && setOpen(next)}
      trigger={
        <ConfirmTrigger className="button" aria-describedby={describedBy}>
          <Trash2 size={14} aria-hidden="true" /> Discard…
        </ConfirmTrigger>
      }
      testId="discard-dialog"
      title="Discard this edit?"
      description={
        <>
          <strong>{words}</strong>. {discardConsequence(edit)}
        </>
      }
      cancelLabel="Keep it"
      confirmLabel={discarding ? 'Discarding…' : 'Discard edit'}
      confirmTone="danger"
      onConfirm={() => void confirm()}
      busy={discarding}
    />
  );
}
