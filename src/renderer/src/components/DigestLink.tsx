import { Link } from 'react-router';
import { utcText } from '../../../shared/utc-text';
import { localClock } from '../format/dates';
import { paths } from '../routes';
import { digestQueries } from '../stores/digest';
import '../styles/digest.css';
import { changesCount } from '../views/digest/digest-words';

/** "12 changes since 14:02" in the sync bar, the way to the digest; nothing when all is read. */
export function DigestLink() {
  const unseen = digestQueries.useQuery('get', {}).value?.unseen ?? null;
  if (unseen === null || unseen.count === 0 || unseen.since === null) return null;
  return (
    <Link
      to={paths.changes()}
      className="syncbar-changes"
      data-testid="sync-changes"
      title={`Since ${utcText(unseen.since)}`}
    >
      {changesCount(unseen.count)} since {localClock(unseen.since)}
    </Link>
  );
}
