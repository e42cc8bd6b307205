import type { EditView } from '../../../../shared/ipc/edits';
import { failureDetails } from './edit-words';

/** What the service said about each field of a refused edit; nothing for any other. */
export function FailureDetails({ edit }: { edit: EditView }) {
  const details = failureDetails(edit);
  if (details.length === 0) return null;
  return (
    <ul className="edit-details" aria-label="What the service said about each field">
      {details.map((detail) => (
        <li key={detail}>{detail}</li>
      ))}
    </ul>
  );
}
