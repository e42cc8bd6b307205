import { GitMerge, Pencil, RotateCcw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { EditView } from '../../../../shared/ipc/edits';
import { paths } from '../../routes';
import { editActions } from '../../stores/edits';
import { useSyncStatus } from '../../stores/sync-status';
import { ActionProblem } from './ActionProblem';
import { ConflictResolver } from './ConflictResolver';
import { DiscardButton } from './DiscardButton';
import { describeState } from './edit-words';
import { EditRow } from './EditRow';
import { FailureDetails } from './FailureDetails';
import { useEditAction } from './use-edit-action';

/**
 * One queued edit: what it is, when it was made, where it stands in words, and what can be done
 * about it here. A pending deletion's event is gone from the cache, so it is named, not linked.
 */
export function EditItem({ edit, words }: { edit: EditView; words: string }) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const [resolving, setResolving] = useState(false);
  const closeResolver = () => {
    setResolving(false);
    // The resolver and its buttons go away: the focus goes back to the edit it belonged to.
    title.current?.focus();
  };
  const action = useEditAction();
  const offline = useSyncStatus((sync) => sync.status?.state === 'offline');
  const state = describeState(edit, { offline });
  const deletedName = edit.kind === 'delete' ? edit.base.name : null;

  return (
    <EditRow
      edit={edit}
      titleId={titleId}
      title={edit.kind === 'delete' ? words : <Link to={paths.event(edit.eventId)}>{words}</Link>}
      state={state}
      titleRef={title}
    >
      <div className="edit-main">
        <div className="edit-body">
          {deletedName !== null && deletedName !== undefined && (
            <p className="edit-subject muted">{deletedName}</p>
          )}
          <p className="edit-explanation">{state.explanation}</p>
          <FailureDetails edit={edit} />
        </div>
        <div className="edit-actions">
          {edit.state === 'failed' && (
            <button
              type="button"
              className="button"
              aria-describedby={titleId}
              aria-disabled={action.busy}
              onClick={() => void action.run(() => editActions.resend(edit.id))}
            >
              <RotateCcw size={14} aria-hidden="true" /> Resend
            </button>
          )}
          {edit.state === 'failed' && edit.kind !== 'delete' && (
            <Link
              to={paths.fixEdit(edit.id)}
              className="button"
              aria-describedby={titleId}
              data-testid="fix-edit"
            >
              <Pencil size={14} aria-hidden="true" /> Correct…
            </Link>
          )}
          {edit.state === 'conflict' && edit.conflict !== null && !resolving && (
            <button
              type="button"
              className="button primary"
              aria-describedby={titleId}
              onClick={() => setResolving(true)}
            >
              <GitMerge size={14} aria-hidden="true" /> Resolve…
            </button>
          )}
          <DiscardButton edit={edit} words={words} describedBy={titleId} run={action.run} />
        </div>
      </div>
      {resolving && edit.state === 'conflict' && edit.conflict !== null && (
        <ConflictResolver edit={edit} conflict={edit.conflict} onClose={closeResolver} />
      )}
      <ActionProblem problem={action.problem} />
    </EditRow>
  );
}
