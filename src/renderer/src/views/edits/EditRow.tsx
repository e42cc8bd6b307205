import type { ReactNode, Ref } from 'react';
import type { EditView } from '../../../../shared/ipc/edits';
import { DateText } from '../../components/DateText';
import type { StateWords } from './edit-words';

/**
 * One edit in the panel, this service's or one kept for another: the row and its first line (the
 * title, the state badge, when it was made), with what the caller adds below. A kept edit sits
 * under its service's heading, a level further down; it is read only and waits, so neither the
 * focus nor its tries come back to it.
 */
export function EditRow({
  edit,
  titleId,
  title,
  state,
  kept = false,
  titleRef,
  children,
}: {
  edit: EditView;
  titleId: string;
  /** The edit in words, or a link to its event. */
  title: ReactNode;
  state: Pick<StateWords, 'label' | 'tone'>;
  kept?: boolean;
  /** The heading, for the focus to come back to once the resolver closes. */
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const Heading = kept ? 'h4' : 'h2';
  return (
    <li
      className={kept ? 'edit-item kept' : 'edit-item'}
      aria-labelledby={titleId}
      data-testid={kept ? 'kept-edit' : 'edit-item'}
      data-state={edit.state}
      data-kind={edit.kind}
    >
      <div className="edit-head">
        <Heading
          id={titleId}
          className="edit-title"
          ref={titleRef}
          tabIndex={kept ? undefined : -1}
        >
          {title}
        </Heading>
        <span className={`badge edit-state ${state.tone}`} data-testid="edit-state">
          {state.label}
        </span>
        <span className="edit-made muted">
          Made <DateText iso={edit.queuedAt} />
          {!kept &&
            edit.attempts > 0 &&
            ` · tried ${edit.attempts} time${edit.attempts === 1 ? '' : 's'}`}
        </span>
      </div>
      {children}
    </li>
  );
}
