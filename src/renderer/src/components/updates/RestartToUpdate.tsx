import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useUpdates } from '../../stores/updates';
import { ConfirmDialog } from '../ConfirmDialog';
import { unsentRestartWords } from './update-words';

/**
 * "Restart to update". Main installs at once when no edit waits; otherwise it answers with the
 * count, asked here, and installs only once the person agreed to that many (more may have been
 * queued meanwhile: then main names the new count and the question shows it).
 */
export function RestartToUpdate({ version, testId }: { version: string; testId: string }) {
  const install = useUpdates((state) => state.install);
  const [unsent, setUnsent] = useState<number | null>(null);
  const [restarting, setRestarting] = useState(false);

  const restart = async (confirmedUnsent: number) => {
    if (restarting) return;
    setRestarting(true);
    const answer = await install(confirmedUnsent);
    if (answer?.outcome === 'confirm') {
      setUnsent(answer.unsent);
      setRestarting(false);
    } else if (answer === null) {
      setRestarting(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="button primary"
        data-testid={testId}
        aria-disabled={restarting}
        onClick={() => void restart(0)}
      >
        <RotateCw size={14} aria-hidden="true" />
        {restarting && unsent === null ? 'Restarting…' : 'Restart to update'}
      </button>
      <ConfirmDialog
        open={unsent !== null}
        onOpenChange={(open) => !open && !restarting && setUnsent(null)}
        testId="update-unsent-dialog"
        title={`Restart to install version ${version}?`}
        description={unsentRestartWords(unsent ?? 0)}
        cancelLabel="Not now"
        confirmLabel={restarting ? 'Restarting…' : 'Restart and update'}
        confirmTone="primary"
        confirmTestId="update-unsent-confirm"
        busy={restarting}
        onConfirm={() => void restart(unsent ?? 0)}
      />
    </>
  );
}
