import { GitMerge, Pencil, RotateCcw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { EditView } from '../../../../shared/ipc/edits';
import { DateText } from '../../components/DateText';
import { paths } from '../../routes';
import { editActions } from '../../stores/edits';
import { useSyncStatus } from '../../stores/sync-status';
import { ActionProblem } from './ActionProblem';
import { ConflictResolver } from './ConflictResolver';
import { DiscardButton } from './DiscardButton';
import { describeState, failureDetails } from './edit-words';
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
  const details = failureDetails(edit);
  const deletedName = edit.kind === 'delete' ? edit.base.name : null;

  return (
    <li
      className="edit-item"
      aria-labelledby={titleId}
      data-testid="edit-item"
      data-state={edit.state}
      data-kind={edit.kind}
    >
      <div className="edit-head">
        <h2 id={titleId} className="edit-title" ref={title} tabIndex={-1}>
          {edit.kind === 'delete' ? words : <Link to={paths.event(edit.eventId)}>{words}</Link>}
        </h2>
        <span className={`badge edit-state ${state.tone}`} data-testid="edit-state">
          {state.label}
        </span>
        <span className="edit-made muted">
          Made <DateText iso={edit.queuedAt} />
          {edit.attempts > 0 && ` · tried ${edit.attempts} time${edit.attempts === 1 ? '' : 's'}`}
        </span>
      </div>
      <div className="edit-main">
        <div className="edit-body">
          {deletedName !== null && deletedName !== undefined && (
            <p className="edit-subject muted">{deletedName}</p>
          )}
          <p className="edit-explanation">{state.explanation}</p>
          {details.length > 0 && (
            <ul className="edit-details" aria-label="What the service said about each field">
              {details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
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
    </li>
  );
}
