import { Lock } from 'lucide-react';
import { useId } from 'react';
import { serviceName, switchBackLine } from '../../../../shared/edits-elsewhere';
import type { EditsElsewhereGroup, EditView } from '../../../../shared/ipc/edits';
import { needsAttention } from '../../../../shared/ipc/edits';
import { editQueries } from '../../stores/edits';
import { createdNames, describeEdit, describeState, type StateWords } from './edit-words';
import { EditRow } from './EditRow';
import { FailureDetails } from './FailureDetails';
import { unsentSummary } from './unsent-summary';

/**
 * An edit kept for another service, to be read only: its event is not in the copy shown now, so
 * it is named, not linked, and nothing can be done about it until that service is shown again.
 */
function KeptEdit({ edit, words }: { edit: EditView; words: string }) {
  const titleId = useId();
  const attention = needsAttention(edit);
  // Nothing is on its way to a service not shown: a claimed edit waits like the rest, and is
  // checked before it is sent again once that service is back.
  const state: Pick<StateWords, 'label' | 'tone'> = attention
    ? describeState(edit)
    : { label: 'Waiting', tone: 'waiting' };
  return (
    <EditRow edit={edit} titleId={titleId} title={words} state={state} kept>
      {/* A waiting edit's "goes out with the next sync" is not true here: the group says when. */}
      {attention && <p className="edit-explanation">{describeState(edit).explanation}</p>}
      <FailureDetails edit={edit} />
    </EditRow>
  );
}

function KeptGroup({ group }: { group: EditsElsewhereGroup }) {
  const headingId = useId();
  const names = createdNames(group.edits);
  const summary = unsentSummary(group.edits);
  // Two profiles may use one address: the profile's name tells their edits apart.
  const name = group.profile ?? serviceName(group.service);
  return (
    <section
      className="edits-kept-group"
      aria-labelledby={headingId}
      data-testid="edits-elsewhere-group"
      data-service={group.service}
      data-profile={group.profile}
    >
      <h3 id={headingId}>
        <Lock size={14} aria-hidden="true" /> {name}
        {summary !== null && <span className="muted"> · {summary.text}</span>}
      </h3>
      <p className="muted" data-testid="switch-back">
        {switchBackLine(group.profile ?? group.service)}
      </p>
      <ol className="edits-list" aria-label={`Edits kept for ${name}`}>
        {group.edits.map((edit) => (
          <KeptEdit key={edit.id} edit={edit} words={describeEdit(edit, names)} />
        ))}
      </ol>
    </section>
  );
}

/**
 * Other services' edits not sent yet, by service, below this one's: a switch keeps them, and
 * they never drop out of sight. None: nothing is shown.
 */
export function EditsElsewhere() {
  const query = editQueries.useQuery('elsewhere', {});
  const groups = (query.value?.groups ?? []).filter((group) => group.edits.length > 0);
  if (groups.length === 0) return null;
  return (
    <section
      className="edits-elsewhere"
      aria-labelledby="edits-elsewhere"
      data-testid="edits-elsewhere"
    >
      <h2 id="edits-elsewhere">Kept for other services</h2>
      {groups.map((group) => (
        <KeptGroup key={`${group.profile ?? ''} ${group.service}`} group={group} />
      ))}
    </section>
  );
}
