import * as Dialog from '@radix-ui/react-dialog';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useActions } from '../../stores/actions';

/** "Clear cache", behind a confirm step that says what is kept. */
export function ClearCacheSection() {
  const clearCache = useActions((state) => state.clearCache);
  const [open, setOpen] = useState(false);
  const [clearing, setClearing] = useState(false);

  const confirm = async () => {
    if (clearing) return;
    setClearing(true);
    await clearCache();
    setClearing(false);
    setOpen(false);
  };

  return (
    <section className="settings-section" aria-labelledby="settings-cache">
      <h2 id="settings-cache">
        <Trash2 size={16} aria-hidden="true" /> Cache
      </h2>
      <p>
        Clearing the cache forgets everything synced and syncs it again from the service. Your
        favorites, pins and anything you typed are kept.
      </p>
      <Dialog.Root open={open} onOpenChange={(next) => !clearing && setOpen(next)}>
        <div className="section-actions">
          <Dialog.Trigger className="button" data-testid="clear-cache">
            <Trash2 size={14} aria-hidden="true" /> Clear cache…
          </Dialog.Trigger>
        </div>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog confirm" data-testid="clear-cache-dialog">
            <Dialog.Title>Clear the cache?</Dialog.Title>
            <Dialog.Description>
              Pitside forgets every event, team, match, clip and statistic it synced, and syncs them
              again. Favorites, pins and anything you typed, sent or not, are kept.
            </Dialog.Description>
            <p className="muted">Until the sync finishes, views show less than before.</p>
            <div className="dialog-actions">
              <Dialog.Close className="button">Cancel</Dialog.Close>
              <button
                type="button"
                className="button danger"
                onClick={() => void confirm()}
                aria-disabled={clearing}
              >
                {clearing ? 'Clearing…' : 'Clear cache'}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
