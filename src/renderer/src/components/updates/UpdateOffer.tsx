import { useUpdates } from '../../stores/updates';
import { RestartToUpdate } from './RestartToUpdate';
import { updateOffer } from './update-words';

/**
 * The shell's quiet offer at the foot of the sidebar: a downloaded version and its restart, or
 * (deb, rpm) the news that one is out, which can be put away for the session.
 */
export function UpdateOffer() {
  const offer = updateOffer(useUpdates((state) => state.state));
  const dismissed = useUpdates((state) => state.dismissedVersion);
  const dismiss = useUpdates((state) => state.dismiss);
  if (offer === null || (offer.kind === 'out' && dismissed === offer.version)) return null;
  return (
    <section
      className="update-offer"
      aria-label="Update"
      data-testid="update-offer"
      data-kind={offer.kind}
    >
      <p>{offer.text}</p>
      {offer.kind === 'restart' ? (
        <RestartToUpdate version={offer.version} testId="update-offer-restart" />
      ) : (
        <button type="button" className="button" onClick={() => dismiss(offer.version)}>
          Dismiss
        </button>
      )}
    </section>
  );
}
