import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog, ConfirmTrigger } from '../../components/ConfirmDialog';
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
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !clearing && setOpen(next)}
        trigger={
          <div className="section-actions">
            <ConfirmTrigger className="button" data-testid="clear-cache">
              <Trash2 size={14} aria-hidden="true" /> Clear cache…
            </ConfirmTrigger>
          </div>
        }
        testId="clear-cache-dialog"
        title="Clear the cache?"
        description="Pitside forgets every event, team, match, clip and statistic it synced, and syncs them again. Favorites, pins and anything you typed, sent or not, are kept."
        cancelLabel="Cancel"
        confirmLabel={clearing ? 'Clearing…' : 'Clear cache'}
        confirmTone="danger"
        onConfirm={() => void confirm()}
        busy={clearing}
      >
        <p className="muted">Until the sync finishes, views show less than before.</p>
      </ConfirmDialog>
    </section>
  );
}
